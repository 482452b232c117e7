package check

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A die a caption or a sentence names is one of the book's system
// (rules.System.HasDie): "Roll its maximum Wounds with a d22" in an fd100
// book names a die its players do not have, where a d20 was meant. The
// dice of a table's cells are the checks' of that table.

// dieNames reports each die of a paragraph or caption that the book's
// system does not have (prose/die), at the die.
func (c *checker) dieNames() {
	system, err := rules.ParseSystem(c.system)
	if err != nil || system == rules.GenericSystem {
		return // a book of no system names any die it likes
	}
	// A book writes the same few expressions over and over: each is
	// parsed once, and its die the system lacks kept.
	lacking := map[string]int{}
	ast.Walk(c.doc.Blocks, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Table:
			if n.Caption != nil {
				c.diceOf(system, n.Caption.Inlines, lacking)
			}
			return false // the cells are the table check's
		case *ast.Figure:
			if n.Caption != nil {
				c.diceOf(system, n.Caption.Inlines, lacking)
			}
		case *ast.Paragraph:
			c.diceOf(system, n.Inlines, lacking)
			return false
		}
		return true
	})
}

// diceOf reports the dice of inlines that system does not have; lacking
// holds, by expression, the sides of the first die of it that system
// lacks, 0 for none.
func (c *checker) diceOf(system rules.System, inlines []ast.Inline, lacking map[string]int) {
	walkInlines(inlines, func(in ast.Inline) {
		dice, ok := in.(*ast.Dice)
		if !ok {
			return
		}
		sides, seen := lacking[dice.Expr]
		if !seen {
			sides = lackedDie(system, dice.Expr)
			lacking[dice.Expr] = sides
		}
		if sides > 0 {
			c.errorAt(dice.Pos, "prose/die", "a d"+strconv.Itoa(sides)+" is not a die of "+c.system+
				": "+dieNamesOf(system), "")
		}
	})
}

// lackedDie returns the sides of the first die of expr that system does
// not have, 0 for none or for an expression it cannot read.
func lackedDie(system rules.System, expr string) int {
	e, err := rules.Parse(expr, system)
	if err != nil {
		return 0
	}
	for _, sides := range e.DiceSides() {
		if sides > 0 && !system.HasDie(sides) {
			return sides
		}
	}
	return 0
}

// dieNamesOf names a system's dice for a message.
func dieNamesOf(system rules.System) string {
	if system.HasDie(40) {
		return "its dice are the decile dice (d20, d40 to d200) and the d4 to d20 that make them"
	}
	return "its dice are the d2, d3, d4, d6, d8, d10, d12, d20, d66 and d100"
}
