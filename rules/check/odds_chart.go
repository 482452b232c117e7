package check

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// oddsCharts reports every \odds{EXPR} whose expression the engine cannot
// compute, at the column the engine names, so that the writers, which draw
// the chart from the same rules.Odds call, never meet one unannounced. The
// expression is read in the book's system, as an odds table's Roll column.
func (c *checker) oddsCharts() {
	c.walkBlocks(func(n ast.Block) {
		chart, ok := n.(*ast.OddsChart)
		if !ok {
			return
		}
		if _, err := rules.Odds(chart.Expr, c.system); err != nil {
			c.errorAt(engineErrorPos(chart.ExprPos, err), "odds/expression", `cannot compute the odds of "`+chart.Expr+`": `+err.Error(), "")
		}
	})
}
