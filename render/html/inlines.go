package html

import (
	"strings"

	"github.com/galleyhq/galley/parser"
)

// inlines turns prose into views: references become links to what they
// name, footnote marks links to their notes, and dice notation the engine
// can read becomes a roll link. A reference that does not resolve stays
// text: the checker has reported it.
func (w *pageWriter) inlines(ins []parser.Inline) []inlineView {
	out := make([]inlineView, 0, len(ins))
	for i, in := range ins {
		switch n := in.(type) {
		case *parser.Text:
			out = append(out, inlineView{Text: n.Text})
		case *parser.Emphasis:
			out = append(out, inlineView{Em: &emView{Strong: n.Level >= 2, Inlines: w.inlines(n.Inlines)}})
		case *parser.RunIn:
			out = append(out, inlineView{RunIn: n.Label})
			if runsOnWithSpace(ins[i+1:]) {
				out = append(out, inlineView{Text: " "})
			}
		case *parser.FootnoteRef:
			t, ok := w.site.links.footnote[n]
			if !ok {
				out = append(out, inlineView{Text: superscript(n.Number)})
				continue
			}
			out = append(out, inlineView{Footnote: &linkView{Text: superscript(n.Number), Href: t.from(w.page), ID: w.site.links.ids[n]}})
		case *parser.Dice:
			d := &diceView{Text: n.Expr}
			if w.site.canRoll(n.Expr) {
				d.Expr = n.Expr
			}
			out = append(out, inlineView{Dice: d})
		case *parser.Ref:
			t, ok := w.site.links.ref(n)
			if !ok {
				out = append(out, inlineView{Text: n.Text})
				continue
			}
			out = append(out, inlineView{Link: &linkView{Text: n.Text, Href: t.from(w.page)}})
		}
	}
	return out
}

// runsOnWithSpace reports whether the text after a run-in label needs a
// space before it: the parser drops the spaces after "_Label_", but keeps
// the punctuation of "_Label_: text", which follows the label directly.
func runsOnWithSpace(rest []parser.Inline) bool {
	if len(rest) == 0 {
		return false
	}
	t, ok := rest[0].(*parser.Text)
	return !ok || t.Text == "" || !strings.ContainsRune(".,:;!?", rune(t.Text[0]))
}

// plainText returns prose without its markup, for search and labels.
func plainText(ins []parser.Inline) string {
	var b strings.Builder
	writePlain(&b, ins)
	return b.String()
}

func writePlain(b *strings.Builder, ins []parser.Inline) {
	for _, in := range ins {
		switch n := in.(type) {
		case *parser.Text:
			b.WriteString(n.Text)
		case *parser.Emphasis:
			writePlain(b, n.Inlines)
		case *parser.RunIn:
			b.WriteString(n.Label + " ")
		case *parser.FootnoteRef:
			b.WriteString(superscript(n.Number))
		case *parser.Dice:
			b.WriteString(n.Expr)
		case *parser.Ref:
			b.WriteString(n.Text)
		}
	}
}
