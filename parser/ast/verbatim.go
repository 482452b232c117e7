package ast

// Verbatim is text no layout may touch: \begin{nolayout}, which in Nests &
// Insects holds the character-sheet template. An environment with an unknown
// name is kept as verbatim too, after its error, so that nothing is lost.
type Verbatim struct {
	BlockNode
	// Name is the environment's name: "nolayout", or the unknown name.
	Name string `json:"name"`
	// Start is the position of the first content line.
	Start Pos      `json:"start"`
	Lines []string `json:"lines"`
}

// Kind returns KindVerbatim.
func (*Verbatim) Kind() NodeKind { return KindVerbatim }

// MarshalJSON encodes the verbatim block with its kind.
func (n *Verbatim) MarshalJSON() ([]byte, error) {
	type t Verbatim
	return marshalWithKind(n.Kind(), (*t)(n))
}
