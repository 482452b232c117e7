package ast

// Verbatim is text no layout may touch: \begin{nolayout}, which in Nests &
// Insects holds the character-sheet template, and a Markdown code block. An
// environment with an unknown name is kept as verbatim too, after its
// error, so that nothing is lost.
type Verbatim struct {
	BlockNode
	// Name is the environment's name: "nolayout", or the unknown name; in
	// Markdown the fence's first word, or "code".
	Name string `json:"name"`
	// Language is the language the text is written in, for the writers
	// that highlight code: the argument of \begin{nolayout}[lua], the first
	// word of a Markdown fence's info string ("```lua"); "" for none.
	Language string `json:"language,omitempty"`
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
