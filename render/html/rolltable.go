package html

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// rollTable returns what a roll table's button throws, or nil when t is not
// a roll table. A roll table's first column is headed by a die ("d20",
// "d10 Result") and its rows by the faces they cover, as the roll-table
// check reads it. The button throws the die in the book's system when that
// gives the faces the rows are numbered with (an fd100 d20 is 0 to 19),
// and otherwise the die read as plainly numbered, from 1 or, for a table
// whose rows start at 0, from 0.
func (s *site) rollTable(t *ast.Table) *rollButton {
	if len(t.Header) < 2 || len(t.Rows) == 0 {
		return nil
	}
	sides, ok := rules.ParseRollTableDie(t.Header[0].Text)
	if !ok {
		return nil
	}
	var ranges []rules.FaceRange
	for _, row := range t.Rows {
		if len(row) == 0 {
			return nil
		}
		r, err := rules.ParseFaceRange(row[0].Text)
		if err != nil {
			return nil
		}
		ranges = append(ranges, r)
	}
	system, _ := rules.ParseSystem(s.system)
	lo, hi := system.RollTableFaces(sides, ranges)
	die := "d" + strconv.Itoa(sides)
	if s.system != "generic" && rolls(die, s.system, lo, hi) {
		return &rollButton{die: die, expr: die, system: s.system}
	}
	expr := die
	if lo == 0 {
		expr += "-1"
	}
	return &rollButton{die: die, expr: expr, system: "generic"}
}

// rollButton is what a roll table's button throws: expr in system, whose
// results are the faces the rows are numbered with. die names it on the
// button.
type rollButton struct {
	die, expr, system string
}

// rolls reports whether expr, in system, gives exactly the faces lo to hi.
func rolls(expr, system string, lo, hi int) bool {
	odds, err := rules.Odds(expr, system)
	if err != nil || odds.Named || len(odds.Rows) == 0 {
		return false
	}
	return odds.Rows[0].Value == int64(lo) && odds.Rows[len(odds.Rows)-1].Value == int64(hi) && len(odds.Rows) == hi-lo+1
}
