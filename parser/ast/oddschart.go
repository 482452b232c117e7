package ast

// OddsChart is \odds{EXPR} alone on a line: the exact distribution of a
// dice expression or named roll, drawn as a chart when the book is written.
// The expression is read in the book's system, as an odds table's Roll
// column is, so that "d20" in an fd100 book is the zero-based decile die.
// The parser only keeps the text: whether the engine can compute it is the
// checker's question, since the parser knows nothing of the rules.
type OddsChart struct {
	BlockNode
	// Expr is the expression between the braces, trimmed.
	Expr string `json:"expr"`
	// ExprPos is where the expression starts, so that the checker can point
	// at the column of the engine's complaint.
	ExprPos Pos `json:"exprPos"`
}

// Kind returns KindOddsChart.
func (*OddsChart) Kind() NodeKind { return KindOddsChart }

// MarshalJSON encodes the odds chart with its kind.
func (n *OddsChart) MarshalJSON() ([]byte, error) {
	type t OddsChart
	return marshalWithKind(n.Kind(), (*t)(n))
}
