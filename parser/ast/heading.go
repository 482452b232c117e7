package ast

// Heading is a title line over an underline: "=" for a chapter (level 1),
// "-" for a section (level 2). Titles are often centred, so leading spaces
// mean nothing.
type Heading struct {
	BlockNode
	// Level is the underline's level: 1 for "=", 2 for "-".
	Level int `json:"level"`
	// Depth is the heading's place in the book's outline, from 1. The toc
	// outline decides it when the book has one, since the underline alone
	// cannot say that "Fuzzy d100" sits under "System"; see parser/prose/outline.go.
	Depth int    `json:"depth"`
	Title string `json:"title"`
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
