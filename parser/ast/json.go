package ast

import (
	"bytes"
	"encoding/json"
)

// The tree's JSON gives every node its "kind" first, then its position and
// fields, so that `galley parse --json` can be read without the Go types.

// marshalWithKind encodes v, a node converted to a method-less copy of its
// type, with "kind" added as the first key.
func marshalWithKind[T any](kind NodeKind, v *T) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`{"kind":"` + kind.String() + `"`)
	if len(data) > 2 {
		b.WriteByte(',')
	}
	b.Write(data[1:])
	return b.Bytes(), nil
}

// MarshalJSON encodes the heading with its kind.
func (n *Heading) MarshalJSON() ([]byte, error) {
	type t Heading
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the paragraph with its kind.
func (n *Paragraph) MarshalJSON() ([]byte, error) {
	type t Paragraph
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the list with its kind.
func (n *List) MarshalJSON() ([]byte, error) { type t List; return marshalWithKind(n.Kind(), (*t)(n)) }

// MarshalJSON encodes the item with its kind.
func (n *ListItem) MarshalJSON() ([]byte, error) {
	type t ListItem
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the box with its kind.
func (n *Box) MarshalJSON() ([]byte, error) { type t Box; return marshalWithKind(n.Kind(), (*t)(n)) }

// MarshalJSON encodes the table with its kind.
func (n *Table) MarshalJSON() ([]byte, error) {
	type t Table
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the figure with its kind.
func (n *Figure) MarshalJSON() ([]byte, error) {
	type t Figure
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the formula with its kind.
func (n *Formula) MarshalJSON() ([]byte, error) {
	type t Formula
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the footnote with its kind.
func (n *Footnote) MarshalJSON() ([]byte, error) {
	type t Footnote
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the page break with its kind.
func (n *PageBreak) MarshalJSON() ([]byte, error) {
	type t PageBreak
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the sheet placement with its kind.
func (n *CharSheet) MarshalJSON() ([]byte, error) {
	type t CharSheet
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the outline with its kind.
func (n *TOC) MarshalJSON() ([]byte, error) { type t TOC; return marshalWithKind(n.Kind(), (*t)(n)) }

// MarshalJSON encodes the cover page with its kind.
func (n *CoverPage) MarshalJSON() ([]byte, error) {
	type t CoverPage
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the verbatim block with its kind.
func (n *Verbatim) MarshalJSON() ([]byte, error) {
	type t Verbatim
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the class data with its kind.
func (n *ClassData) MarshalJSON() ([]byte, error) {
	type t ClassData
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the odds chart with its kind.
func (n *OddsChart) MarshalJSON() ([]byte, error) {
	type t OddsChart
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the text with its kind.
func (n *Text) MarshalJSON() ([]byte, error) { type t Text; return marshalWithKind(n.Kind(), (*t)(n)) }

// MarshalJSON encodes the emphasis with its kind.
func (n *Emphasis) MarshalJSON() ([]byte, error) {
	type t Emphasis
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the run-in label with its kind.
func (n *RunIn) MarshalJSON() ([]byte, error) {
	type t RunIn
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the footnote mark with its kind.
func (n *FootnoteRef) MarshalJSON() ([]byte, error) {
	type t FootnoteRef
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the dice notation with its kind.
func (n *Dice) MarshalJSON() ([]byte, error) { type t Dice; return marshalWithKind(n.Kind(), (*t)(n)) }

// MarshalJSON encodes the reference with its kind.
func (n *Ref) MarshalJSON() ([]byte, error) { type t Ref; return marshalWithKind(n.Kind(), (*t)(n)) }
