package ast

// Footnote is a note under a rule of underscores, its paragraph starting with
// its number in superscript: "¹ Technically, …".
type Footnote struct {
	BlockNode
	Number  int      `json:"number"`
	Inlines []Inline `json:"inlines"`
}

// Kind returns KindFootnote.
func (*Footnote) Kind() NodeKind { return KindFootnote }

// FootnoteRef is a superscript number in the text that points at a footnote.
type FootnoteRef struct {
	InlineNode
	Number int `json:"number"`
}

// Kind returns KindFootnoteRef.
func (*FootnoteRef) Kind() NodeKind { return KindFootnoteRef }

// MarshalJSON encodes the footnote with its kind.
func (n *Footnote) MarshalJSON() ([]byte, error) {
	type t Footnote
	return marshalWithKind(n.Kind(), (*t)(n))
}

// MarshalJSON encodes the footnote mark with its kind.
func (n *FootnoteRef) MarshalJSON() ([]byte, error) {
	type t FootnoteRef
	return marshalWithKind(n.Kind(), (*t)(n))
}
