package ast

// Emphasis is *text*.
type Emphasis struct {
	InlineNode
	// Level is 1 for *text* and 2 for **text**.
	Level   int      `json:"level"`
	Inlines []Inline `json:"inlines"`
}

// Kind returns KindEmphasis.
func (*Emphasis) Kind() NodeKind { return KindEmphasis }

// MarshalJSON encodes the emphasis with its kind.
func (n *Emphasis) MarshalJSON() ([]byte, error) {
	type t Emphasis
	return marshalWithKind(n.Kind(), (*t)(n))
}
