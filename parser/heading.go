package parser

import "strings"

// Heading is a title line over an underline: "=" for a chapter (level 1),
// "-" for a section (level 2). Titles are often centred, so leading spaces
// mean nothing.
type Heading struct {
	blockNode
	// Level is the underline's level: 1 for "=", 2 for "-".
	Level int `json:"level"`
	// Depth is the heading's place in the book's outline, from 1. The toc
	// outline decides it when the book has one, since the underline alone
	// cannot say that "Fuzzy d100" sits under "System"; see outline.go.
	Depth int    `json:"depth"`
	Title string `json:"title"`
	// ID is the anchor: unique in the book and the same on every build.
	ID string `json:"id"`
	// Entry is the outline entry the heading matched, nil if none did.
	Entry *TOCEntry `json:"-"`
}

// Kind returns KindHeading.
func (*Heading) Kind() NodeKind { return KindHeading }

// underlineLevel returns 1 for a line of "=", 2 for a line of "-", and 0 for
// anything else. Three characters at least, so that a stray "--" stays text.
func underlineLevel(l sourceLine) int {
	t := l.trimmed()
	if len(t) < 3 {
		return 0
	}
	switch {
	case strings.Trim(t, "=") == "":
		return 1
	case strings.Trim(t, "-") == "":
		return 2
	}
	return 0
}

// isHeadingAt reports whether lines[i] is a title over an underline.
func isHeadingAt(lines []sourceLine, i int) bool {
	if i+1 >= len(lines) || lines[i].isBlank() || underlineLevel(lines[i]) != 0 {
		return false
	}
	return underlineLevel(lines[i+1]) != 0 && commandName(lines[i].trimmed()) == ""
}

func newHeading(title, underline sourceLine) *Heading {
	return &Heading{
		blockNode: blockNode{title.firstTextPos()},
		Level:     underlineLevel(underline),
		Title:     title.trimmed(),
	}
}
