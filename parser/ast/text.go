package ast

// Text is plain prose. Line breaks inside a paragraph are spaces: prose is
// reflowed on output.
type Text struct {
	InlineNode
	Text string `json:"text"`
}

// Kind returns KindText.
func (*Text) Kind() NodeKind { return KindText }

// MarshalJSON encodes the text with its kind.
func (n *Text) MarshalJSON() ([]byte, error) { type t Text; return marshalWithKind(n.Kind(), (*t)(n)) }
