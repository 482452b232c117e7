package ast

import "sync"

// Figure is box-drawing art kept exactly as drawn, with the rule line of "─"
// under it and its caption. Art with no rule under it is a figure with no
// caption.
type Figure struct {
	BlockNode
	// Art holds the lines as written, leading spaces included; they are
	// never reflowed.
	Art []string `json:"art"`
	// Box is the title of the box the art draws, when it draws one whose
	// lines are a character sheet's fields ("┌[Food]…", "○ Hunger…[___0%]")
	// rather than prose: a box, kept as drawn.
	Box string `json:"box,omitempty"`
	// Alt says what the art shows, for a reader who cannot see it: the
	// \alt{TEXT} line above the art. Without it the caption stands in.
	Alt     string   `json:"alt,omitempty"`
	Caption *Caption `json:"caption,omitempty"`

	// attacks are the attacks the art draws (see Attacks), read when
	// first asked for.
	attacksRead  sync.Once
	attacks      []*Paragraph
	drawsAttacks bool
}

// Kind returns KindFigure.
func (*Figure) Kind() NodeKind { return KindFigure }

// MarshalJSON encodes the figure with its kind.
func (n *Figure) MarshalJSON() ([]byte, error) {
	type t Figure
	return marshalWithKind(n.Kind(), (*t)(n))
}
