package parser

import "strings"

// OddsChart is \odds{EXPR} alone on a line: the exact distribution of a
// dice expression or named roll, drawn as a chart when the book is written.
// The expression is read in the book's system, as an odds table's Roll
// column is, so that "d20" in an fd100 book is the zero-based decile die.
// The parser only keeps the text: whether the engine can compute it is the
// checker's question, since the parser knows nothing of the rules.
type OddsChart struct {
	blockNode
	// Expr is the expression between the braces, trimmed.
	Expr string `json:"expr"`
	// ExprPos is where the expression starts, so that the checker can point
	// at the column of the engine's complaint.
	ExprPos Pos `json:"exprPos"`
}

// Kind returns KindOddsChart.
func (*OddsChart) Kind() NodeKind { return KindOddsChart }

func (p *blockParser) oddsChart(l sourceLine) Block {
	t := l.trimmed()
	rest := strings.TrimPrefix(t, `\odds`)
	if !strings.HasPrefix(rest, "{") || !strings.HasSuffix(rest, "}") || strings.TrimSpace(rest[1:len(rest)-1]) == "" {
		p.diags.Errorf(l.firstTextPos(), "command/malformed", `expected \odds{EXPR} alone on its line, as in \odds{2d12}`)
		return nil
	}
	inner := rest[1 : len(rest)-1]
	// The expression's offset in the line: the indent, "\odds{" and the
	// spaces before the expression.
	off := l.indent() + len(`\odds{`) + len(inner) - len(strings.TrimLeft(inner, " \t"))
	return &OddsChart{blockNode: blockNode{l.firstTextPos()}, Expr: strings.TrimSpace(inner), ExprPos: l.posAt(off)}
}
