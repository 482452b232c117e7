package ast

// Paragraph is prose: consecutive lines, reflowed on output.
type Paragraph struct {
	BlockNode
	Inlines []Inline `json:"inlines"`
}

// Kind returns KindParagraph.
func (*Paragraph) Kind() NodeKind { return KindParagraph }

// RunIn is a run-in heading, `_Label_` at the start of a paragraph, printed
// as a bold label that the paragraph's text runs on from.
type RunIn struct {
	InlineNode
	Label string `json:"label"`
}

// Kind returns KindRunIn.
func (*RunIn) Kind() NodeKind { return KindRunIn }

// MarshalJSON encodes the paragraph with its kind.
func (n *Paragraph) MarshalJSON() ([]byte, error) {
	type t Paragraph
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the run-in label with its kind.
func (n *RunIn) MarshalJSON() ([]byte, error) {
	type t RunIn
	return marshalWithKind(n.Kind(), (*t)(n))
}
