package check

import (
	"slices"
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A die the caption of a checked table names is one the table's cells name:
// "Roll its maximum Wounds with a d20" under a stat block that rates Wounds
// Max d20, "The d20 is thrown alone" under the decile dice. A caption naming
// a die no cell has says one of them wrong. A roll table's caption names
// its own die (captionDie); a table whose cells name no die, such as one of
// named rolls alone, leaves its caption to the author; a die the system
// does not have is prose/die's.

// captionDice reports each die of the caption that no cell of the table
// names (table/caption-die), at the die.
func (t *tableRun) captionDice() {
	if t.table.Caption == nil {
		return
	}
	// Few captions name a die; the cells are read only for those.
	var captionDice []*ast.Dice
	walkInlines(t.table.Caption.Inlines, func(in ast.Inline) {
		if dice, ok := in.(*ast.Dice); ok {
			captionDice = append(captionDice, dice)
		}
	})
	if len(captionDice) == 0 {
		return
	}
	system, err := rules.ParseSystem(t.c.system)
	if err != nil {
		return
	}
	var named []int
	for _, row := range append([][]*ast.Cell{t.table.Header}, t.table.Rows...) {
		for _, cell := range row {
			named = append(named, diceSides(cell.Inlines(), system)...)
		}
	}
	if len(named) == 0 {
		return
	}
	for _, dice := range captionDice {
		for _, sides := range diceSides([]ast.Inline{dice}, system) {
			if system.HasDie(sides) && !slices.Contains(named, sides) {
				t.c.errorAt(dice.Pos, "table/caption-die", "the caption names a d"+strconv.Itoa(sides)+
					", but no cell of the table does: one of them is wrong", "")
				break
			}
		}
	}
}

// diceSides lists the faces of the dice that inlines name, in the system.
func diceSides(inlines []ast.Inline, system rules.System) []int {
	var sides []int
	walkInlines(inlines, func(in ast.Inline) {
		if dice, ok := in.(*ast.Dice); ok {
			if e, err := rules.Parse(dice.Expr, system); err == nil {
				for _, s := range e.DiceSides() {
					if s > 0 {
						sides = append(sides, s)
					}
				}
			}
		}
	})
	return sides
}
