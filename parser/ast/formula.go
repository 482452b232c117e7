package ast

// Formula is a block of "Label ....... Value" lines, the way the book writes
// its minigame formulas: a definition list with dot leaders.
type Formula struct {
	BlockNode
	Entries []*FormulaEntry `json:"entries"`
}

// Kind returns KindFormula.
func (*Formula) Kind() NodeKind { return KindFormula }

// FormulaEntry is one line of a formula block.
type FormulaEntry struct {
	Pos
	Label    string `json:"label"`
	Value    string `json:"value"`
	ValuePos Pos    `json:"valuePos"`
}

// MarshalJSON encodes the formula with its kind.
func (n *Formula) MarshalJSON() ([]byte, error) {
	type t Formula
	return marshalWithKind(n.Kind(), (*t)(n))
}
