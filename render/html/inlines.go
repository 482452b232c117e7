package html

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/xhtml"
)

// Dice writes dice notation in prose: notation the engine can read becomes
// a roll link, once in a block and never in a name (see dice.go), its
// plural "s" inside the link.
func (w *pageWriter) Dice(_ *xhtml.Writer, ins []ast.Inline, i int) (plural bool) {
	expr := ins[i].(*ast.Dice).Expr
	if w.linkedDice[expr] || !w.site.canRoll(expr) || w.site.diceNames.holds(ins, i) {
		xhtml.Escape(w.out, expr)
		return false
	}
	w.linkedDice[expr] = true
	w.out.WriteString(`<a class="dice" href="#roller" data-roll="`)
	xhtml.Escape(w.out, expr)
	w.out.WriteString(`" title="Roll `)
	xhtml.Escape(w.out, expr)
	w.out.WriteString(`">`)
	xhtml.Escape(w.out, expr)
	if plural = pluralS(ins[i+1:]); plural {
		w.out.WriteByte('s')
	}
	w.out.WriteString("</a>")
	return plural
}
