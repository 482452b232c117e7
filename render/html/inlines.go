package html

import (
	"io"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
)

// writeInlines writes prose: references become links to what they name,
// footnote marks links to their notes, and dice notation the engine can
// read becomes a roll link, once in a block and never in a name (see
// dice.go). A reference that does not resolve stays text: the checker has
// reported it.
func (w *pageWriter) writeInlines(ins []ast.Inline) {
	var prose typo.Prose
	w.writeProse(&prose, ins, "")
}

// writeProse writes inlines with typographic punctuation, set piece by
// piece across their links and emphasis by prose; outer is the text after
// them.
func (w *pageWriter) writeProse(prose *typo.Prose, ins []ast.Inline, outer string) {
	plural := false // the text starts with the "s" of the dice link before it
	for i, in := range ins {
		switch n := in.(type) {
		case *ast.Text:
			text := n.Text
			if plural {
				text, plural = text[1:], false
			}
			writeEscaped(w.out, prose.Text(text, typo.After(ins[i+1:], outer)))
		case *ast.Emphasis:
			tag := "em"
			if n.Level >= 2 {
				tag = "strong"
			}
			w.out.WriteString("<" + tag + ">")
			w.writeProse(prose, n.Inlines, typo.After(ins[i+1:], outer))
			w.out.WriteString("</" + tag + ">")
		case *ast.RunIn:
			// A label of spaces alone ("_ _") draws nothing.
			if n.Label != "" {
				w.out.WriteString(`<strong class="run-in">`)
				writeEscaped(w.out, prose.Text(n.Label, typo.After(ins[i+1:], outer)))
				w.out.WriteString("</strong>")
			}
			if runsOnWithSpace(ins[i+1:]) {
				w.out.WriteByte(' ')
			}
		case *ast.FootnoteRef:
			prose.Pass(superscript(n.Number))
			t, ok := w.site.links.footnote[n]
			if !ok {
				w.out.WriteString(superscript(n.Number))
				continue
			}
			w.out.WriteString(`<a class="footnote-ref" id="`)
			writeEscaped(w.out, w.site.links.ids[n])
			w.out.WriteString(`" href="`)
			writeHref(w.out, t.from(w.page))
			w.out.WriteString(`" role="doc-noteref">`)
			w.out.WriteString(superscript(n.Number))
			w.out.WriteString("</a>")
		case *ast.Dice:
			prose.Pass(n.Expr)
			if w.linkedDice[n.Expr] || !w.site.canRoll(n.Expr) || w.site.diceNames.holds(ins, i) {
				writeEscaped(w.out, n.Expr)
				continue
			}
			w.linkedDice[n.Expr] = true
			w.out.WriteString(`<a class="dice" href="#roller" data-roll="`)
			writeEscaped(w.out, n.Expr)
			w.out.WriteString(`" title="Roll `)
			writeEscaped(w.out, n.Expr)
			w.out.WriteString(`">`)
			writeEscaped(w.out, n.Expr)
			if plural = pluralS(ins[i+1:]); plural {
				prose.Pass("s")
				w.out.WriteByte('s')
			}
			w.out.WriteString("</a>")
		case *ast.Ref:
			text := prose.Text(n.Text, typo.After(ins[i+1:], outer))
			t, ok := w.site.links.ref(n)
			if !ok {
				writeEscaped(w.out, text)
				continue
			}
			w.out.WriteString(`<a class="ref" href="`)
			writeHref(w.out, t.from(w.page))
			w.out.WriteString(`">`)
			writeEscaped(w.out, text)
			w.out.WriteString("</a>")
		}
	}
}

// runsOnWithSpace reports whether the text after a run-in label needs a
// space before it: the parser drops the spaces after "_Label_", but keeps
// the punctuation of "_Label_: text", which follows the label directly.
func runsOnWithSpace(rest []ast.Inline) bool {
	if len(rest) == 0 {
		return false
	}
	t, ok := rest[0].(*ast.Text)
	return !ok || t.Text == "" || !strings.ContainsRune(".,:;!?", rune(t.Text[0]))
}

// plainText returns prose without its markup but with its typographic
// punctuation, for search and labels.
func plainText(ins []ast.Inline) string {
	var b strings.Builder
	writePlain(&b, ins)
	return b.String()
}

// writePlain writes prose without its markup into b, a strings.Builder or
// a searchText, with its typographic punctuation, as the page shows it.
func writePlain(b io.StringWriter, ins []ast.Inline) {
	var prose typo.Prose
	writePlainProse(b, &prose, ins, "")
}

// writePlainProse writes inlines as writePlain does; outer is the text
// after them.
func writePlainProse(b io.StringWriter, prose *typo.Prose, ins []ast.Inline, outer string) {
	for i, in := range ins {
		switch n := in.(type) {
		case *ast.Text:
			b.WriteString(prose.Text(n.Text, typo.After(ins[i+1:], outer)))
		case *ast.Emphasis:
			writePlainProse(b, prose, n.Inlines, typo.After(ins[i+1:], outer))
		case *ast.RunIn:
			b.WriteString(prose.Text(n.Label, typo.After(ins[i+1:], outer)))
			b.WriteString(" ")
		case *ast.FootnoteRef:
			prose.Pass(superscript(n.Number))
			b.WriteString(superscript(n.Number))
		case *ast.Dice:
			prose.Pass(n.Expr)
			b.WriteString(n.Expr)
		case *ast.Ref:
			b.WriteString(prose.Text(n.Text, typo.After(ins[i+1:], outer)))
		}
	}
}
