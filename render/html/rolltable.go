package html

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// rollTable returns what a roll table's button throws, or nil when t is not
// a roll table. A roll table's first column is headed by a die ("d20",
// "d10 Result") and its rows by the faces they cover, as the roll-table
// check reads it. The button throws the die in the book's system, which
// gives the faces the rows are numbered with (an fd100 d20 is 0 to 19, a
// generic one 1 to 20): the check holds a table numbered otherwise to be
// an error, one reading per book.
func (s *site) rollTable(t *ast.Table) *rollButton {
	if len(t.Header) < 2 || len(t.Rows) == 0 {
		return nil
	}
	sides, ok := rules.ParseRollTableDie(t.Header[0].Text)
	if !ok {
		return nil
	}
	for _, row := range t.Rows {
		if len(row) == 0 {
			return nil
		}
		if _, err := rules.ParseFaceRange(row[0].Text); err != nil {
			return nil
		}
	}
	die := "d" + strconv.Itoa(sides)
	return &rollButton{die: die, expr: die, system: s.system}
}

// rollButton is what a roll table's button throws: expr in system, whose
// results are the faces the rows are numbered with. die names it on the
// button.
type rollButton struct {
	die, expr, system string
}
