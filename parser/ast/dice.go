package ast

// Dice is dice notation in the text, such as d60, 2d12 or 3d12kh2. In HTML it
// becomes a link that rolls it with the book's own engine.
type Dice struct {
	InlineNode
	Expr string `json:"expr"`
}

// Kind returns KindDice.
func (*Dice) Kind() NodeKind { return KindDice }

// MarshalJSON encodes the dice notation with its kind.
func (n *Dice) MarshalJSON() ([]byte, error) { type t Dice; return marshalWithKind(n.Kind(), (*t)(n)) }
