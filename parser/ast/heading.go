package ast

import "strings"

// Heading is a title line over an underline: "=" for a chapter (level 1),
// "-" for a section (level 2). Titles are often centred, so leading spaces
// mean nothing. In a numbered outline a heading is its number and title,
// "1.3.1.0 Modifiers", and the number says its depth.
type Heading struct {
	BlockNode
	// Level is the underline's level: 1 for "=", 2 for "-".
	Level int `json:"level"`
	// Depth is the heading's place in the book's outline, from 1. The toc
	// outline decides it when the book has one, since the underline alone
	// cannot say that "Fuzzy d100" sits under "System"; see parser/prose/outline.go.
	Depth int    `json:"depth"`
	Title string `json:"title"`
	// Number is the section number a numbered outline writes before the
	// title, "1.3.1.0"; Title starts with it, as the book prints it.
	// References name the heading by number ("Section 1.3.1") or by the
	// title after it.
	Number string `json:"number,omitempty"`
	// ID is the anchor: unique in the book and the same on every build.
	ID string `json:"id"`
	// Entry is the outline entry the heading matched, nil if none did.
	Entry *TOCEntry `json:"-"`
}

// Kind returns KindHeading.
func (*Heading) Kind() NodeKind { return KindHeading }

// MarshalJSON encodes the heading with its kind.
func (n *Heading) MarshalJSON() ([]byte, error) {
	type t Heading
	return marshalWithKind(n.Kind(), (*t)(n))
}

// BareTitle returns the title without its section number: "Modifiers" for
// "1.3.1.0 Modifiers", the number itself for a heading that has nothing
// after it.
func (n *Heading) BareTitle() string {
	if n.Number == "" {
		return n.Title
	}
	if rest := strings.TrimSpace(strings.TrimPrefix(n.Title, n.Number)); rest != "" {
		return rest
	}
	return n.Title
}
