package outline

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// A heading is a section number of four or five parts and a title:
// "1.3.1.0 Modifiers", "2.6.9.7.1 Consuming Food Items". The number says
// the heading's level, the place of its last part that is not zero:
// "2.0.0.0" is a chapter, "1.3.1.0" a level-3 section, "2.6.9.7.0" level 4
// and "2.6.9.7.1" level 5.

const (
	minNumberParts = 4
	maxNumberParts = 5
	// maxPartDigits bounds a part of a number, so that a number is a
	// number and not a run of digits to be read as one.
	maxPartDigits = 4
)

// sectionNumber is a heading's number, read.
type sectionNumber struct {
	text  string // as written: "1.3.1.0"
	parts []int
	level int
}

// readNumber reads the section number at the start of s and returns it
// with its length, or false when s does not start with one: four or five
// parts of digits joined by ".", not all zero, and then the end of s or a
// space or a tab.
func readNumber(s string) (sectionNumber, int, bool) {
	var n sectionNumber
	i := 0
	for {
		d := digitsAt(s[i:])
		if d == 0 || d > maxPartDigits || len(n.parts) == maxNumberParts {
			return sectionNumber{}, 0, false
		}
		part, _ := strconv.Atoi(s[i : i+d])
		n.parts = append(n.parts, part)
		i += d
		if i < len(s) && s[i] == '.' && i+1 < len(s) && isDigit(s[i+1]) {
			i++
			continue
		}
		break
	}
	if len(n.parts) < minNumberParts || i < len(s) && s[i] != ' ' && s[i] != '\t' {
		return sectionNumber{}, 0, false
	}
	for k, part := range n.parts {
		if part != 0 {
			n.level = k + 1
		}
	}
	if n.level == 0 {
		return sectionNumber{}, 0, false
	}
	n.text = s[:i]
	return n, i, true
}

// prefix returns the number's first k parts.
func (n sectionNumber) prefix(k int) []int { return n.parts[:min(k, len(n.parts))] }

// readHeadingLine reads a line that is a heading and nothing else: its
// number, then, after spaces or a tab, its title, which may be missing.
func readHeadingLine(l prose.Line) (sectionNumber, prose.Line, bool) {
	l = trimLine(l)
	n, end, ok := readNumber(l.Text)
	if !ok {
		return sectionNumber{}, prose.Line{}, false
	}
	title := cut(l, end)
	return n, cut(title, indentOf(title.Text)), true
}

// heading is a heading read, with what the numbering check needs.
type heading struct {
	node   *ast.Heading
	number sectionNumber
	// numberPos is where the number is written.
	numberPos ast.Pos
}

// newHeading makes the heading of number and title, written at numberAt,
// and notes what its title leaves to do: a (TBD), a question to self.
func (r *reader) newHeading(number sectionNumber, numberAt prose.Line, title prose.Line) *ast.Heading {
	h := &ast.Heading{BlockNode: ast.BlockNode{Pos: numberAt.Pos()}, Depth: number.level, Level: 2, Number: number.text, Title: number.text}
	if number.level == 1 {
		h.Level = 1
	}
	if title.Text != "" {
		h.Title += " " + title.Text
	}
	r.headings = append(r.headings, &heading{node: h, number: number, numberPos: h.Pos})
	r.notesInTitle(title)
	return h
}

// notesInTitle notes a title's marks of work to do: "(TBD)" and a
// question to self in parentheses, "(Remove decile dice?)".
func (r *reader) notesInTitle(title prose.Line) {
	if at := strings.Index(title.Text, "(TBD)"); at >= 0 {
		r.p.Diags.Notef(title.PosAt(at), "note/tbd", `"`+strings.TrimSpace(title.Text[:at])+`" is marked to be done (TBD)`)
	}
	open := strings.LastIndexByte(title.Text, '(')
	if open >= 0 && strings.HasSuffix(title.Text, "?)") {
		r.p.Diags.Notef(title.PosAt(open), "note/question", "a question left in the heading: "+title.Text[open:])
	}
}

// tocEntry reads a contents line of a frame, "  3.7.10.1 Room
// (Reward)......136": a heading written as the contents list it, which the
// outline reads as a heading of its text. The page number is dropped.
func tocEntry(l prose.Line) (sectionNumber, prose.Line, bool) {
	l = trimLine(l)
	n, end, ok := readNumber(l.Text)
	if !ok || end == len(l.Text) || l.Text[end] != ' ' {
		return sectionNumber{}, prose.Line{}, false
	}
	page := len(l.Text)
	for page > end && isDigit(l.Text[page-1]) {
		page--
	}
	dots := page
	for dots > end && l.Text[dots-1] == '.' {
		dots--
	}
	if page == len(l.Text) || page-dots < 3 {
		return sectionNumber{}, prose.Line{}, false
	}
	title := cut(l, end)
	title = cut(title, indentOf(title.Text))
	title.Text = strings.TrimRight(title.Text[:dots-(len(l.Text)-len(title.Text))], " ")
	return n, title, true
}
