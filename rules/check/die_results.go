package check

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A sentence that gives the result of a die, "the d60 result is 38" or "the
// result of the d60 is 60", gives one the die can roll, read as the book
// reads it: in an fd100 book a d60 rolls 0 to 59, so seed 000's third way
// of reading decile dice, whose example ends "the result of the d60 is
// 60", reads a d60 as no other page of the book does. dieResults reports
// each such result the engine says the die cannot roll (prose/die-result),
// at the number.

var (
	// resultAfter follows a die: " result is 38", ` result is "04"`.
	resultAfter = regexp.MustCompile(`^\s+results?\s+(?:is|was)\s+["“]?(\d+)`)
	// resultOfBefore and resultOfAfter frame a die: "result of the " d60
	// " is 60", "result of the " d60 " decile die is 05".
	resultOfBefore = regexp.MustCompile(`(?i)\bresult\s+of\s+(?:the|a|an)\s+$`)
	resultOfAfter  = regexp.MustCompile(`^(?:\s+decile\s+die)?\s+(?:is|was)\s+["“]?(\d+)`)
)

// dieResults checks the die results every paragraph states.
func (c *checker) dieResults() {
	odds := map[string]*rules.OddsTable{}
	ast.Walk(c.doc.Blocks, func(n ast.Node) bool {
		para, ok := n.(*ast.Paragraph)
		if !ok {
			return true
		}
		text := c.proseOf(para, para.Inlines)
		if !strings.Contains(text.text, "result") {
			return true
		}
		for _, span := range text.spans {
			dice, ok := span.node.(*ast.Dice)
			if !ok {
				continue
			}
			after := text.text[span.start+len(dice.Expr):]
			m := resultAfter.FindStringSubmatchIndex(after)
			if m == nil && resultOfBefore.MatchString(text.text[:span.start]) {
				m = resultOfAfter.FindStringSubmatchIndex(after)
			}
			if m == nil {
				continue
			}
			at := span.start + len(dice.Expr) + m[2]
			c.dieResult(odds, dice.Expr, after[m[2]:m[3]], text.pos(c.doc, at))
		}
		return true
	})
}

// dieResult reports a result the die cannot roll.
func (c *checker) dieResult(odds map[string]*rules.OddsTable, die, result string, pos ast.Pos) {
	table, known := odds[die]
	if !known {
		table, _ = rules.Odds(die, c.system)
		odds[die] = table
	}
	value, err := strconv.ParseInt(result, 10, 64)
	if table == nil || table.Named || len(table.Rows) == 0 || err != nil {
		return
	}
	for _, row := range table.Rows {
		if row.Value == value {
			return
		}
	}
	lo, hi := table.Rows[0].Value, table.Rows[len(table.Rows)-1].Value
	c.errorAt(pos, "prose/die-result", "a "+die+" rolls "+strconv.FormatInt(lo, 10)+" to "+strconv.FormatInt(hi, 10)+
		" in this book: "+result+" is not one of its results", "")
}
