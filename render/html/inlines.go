package html

import (
	"io"
	"strings"

	"github.com/galleyhq/galley/parser"
)

// writeInlines writes prose: references become links to what they name,
// footnote marks links to their notes, and dice notation the engine can
// read becomes a roll link. A reference that does not resolve stays text:
// the checker has reported it.
func (w *pageWriter) writeInlines(ins []parser.Inline) {
	for i, in := range ins {
		switch n := in.(type) {
		case *parser.Text:
			writeEscaped(w.out, n.Text)
		case *parser.Emphasis:
			tag := "em"
			if n.Level >= 2 {
				tag = "strong"
			}
			w.out.WriteString("<" + tag + ">")
			w.writeInlines(n.Inlines)
			w.out.WriteString("</" + tag + ">")
		case *parser.RunIn:
			// A label of spaces alone ("_ _") draws nothing.
			if n.Label != "" {
				w.out.WriteString(`<strong class="run-in">`)
				writeEscaped(w.out, n.Label)
				w.out.WriteString("</strong>")
			}
			if runsOnWithSpace(ins[i+1:]) {
				w.out.WriteByte(' ')
			}
		case *parser.FootnoteRef:
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
		case *parser.Dice:
			if !w.site.canRoll(n.Expr) {
				writeEscaped(w.out, n.Expr)
				continue
			}
			w.out.WriteString(`<a class="dice" href="#roller" data-roll="`)
			writeEscaped(w.out, n.Expr)
			w.out.WriteString(`" title="Roll `)
			writeEscaped(w.out, n.Expr)
			w.out.WriteString(`">`)
			writeEscaped(w.out, n.Expr)
			w.out.WriteString("</a>")
		case *parser.Ref:
			t, ok := w.site.links.ref(n)
			if !ok {
				writeEscaped(w.out, n.Text)
				continue
			}
			w.out.WriteString(`<a class="ref" href="`)
			writeHref(w.out, t.from(w.page))
			w.out.WriteString(`">`)
			writeEscaped(w.out, n.Text)
			w.out.WriteString("</a>")
		}
	}
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

// writePlain writes prose without its markup into b, a strings.Builder or
// a searchText.
func writePlain(b io.StringWriter, ins []parser.Inline) {
	for _, in := range ins {
		switch n := in.(type) {
		case *parser.Text:
			b.WriteString(n.Text)
		case *parser.Emphasis:
			writePlain(b, n.Inlines)
		case *parser.RunIn:
			b.WriteString(n.Label)
			b.WriteString(" ")
		case *parser.FootnoteRef:
			b.WriteString(superscript(n.Number))
		case *parser.Dice:
			b.WriteString(n.Expr)
		case *parser.Ref:
			b.WriteString(n.Text)
		}
	}
}
