package xhtml

import (
	"io"
	"strconv"
	"strings"
	"unsafe"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
)

// Inlines writes prose with typographic punctuation: references become
// links to what they name, footnote marks links to their notes, and dice
// notation what the writer makes of it (see Renderer.Dice). A reference
// that does not resolve stays text: the checker has reported it.
func (w *Writer) Inlines(ins []ast.Inline) {
	var prose typo.Prose
	w.prose(&prose, ins, "")
}

// PlainTexts are the texts of the paragraphs a writer drew (see
// KeepPlain), as WritePlain writes them: typeset, without their markup.
// They are kept in one buffer, which a site's page drawer empties for the
// next page (see Reset) rather than make a string of each paragraph: the
// whole book's text, 10 MB of garbage for a 12 MB book.
type PlainTexts struct {
	text []byte
	at   map[*ast.Paragraph]plainSpan
}

// plainSpan is where a paragraph's text stands in PlainTexts.text.
type plainSpan struct{ start, end int }

// Text returns the text kept of p, and whether p was drawn (never, in nil
// PlainTexts). The text is the buffer's, good until the next Reset: a
// caller that keeps it copies it.
func (t *PlainTexts) Text(p *ast.Paragraph) (string, bool) {
	if t == nil {
		return "", false
	}
	span, ok := t.at[p]
	if !ok {
		return "", false
	}
	return unsafe.String(unsafe.SliceData(t.text[span.start:]), span.end-span.start), true
}

// Reset forgets the texts kept, keeping their room for the next.
func (t *PlainTexts) Reset() {
	t.text = t.text[:0]
	clear(t.at)
}

// KeepPlain has the writer keep the text of each paragraph it draws from
// here on in into, typeset as drawn: the site's search index holds the
// whole book's text, and setting it a second time was most of the index's
// work.
func (w *Writer) KeepPlain(into *PlainTexts) {
	if into.at == nil {
		into.at = map[*ast.Paragraph]plainSpan{}
	}
	w.plain = into
}

// paragraph draws a paragraph's prose, keeping its text when the writer
// keeps them (see KeepPlain).
func (w *Writer) paragraph(p *ast.Paragraph) {
	if w.plain == nil {
		w.Inlines(p.Inlines)
		return
	}
	start := len(w.plain.text)
	w.keeping = true
	w.Inlines(p.Inlines)
	w.keeping = false
	w.plain.at[p] = plainSpan{start, len(w.plain.text)}
}

// keep adds text drawn to the text kept of the paragraph being drawn.
func (w *Writer) keep(text string) {
	if w.keeping {
		w.plain.text = append(w.plain.text, text...)
	}
}

// prose writes inlines with typographic punctuation, set piece by piece
// across their links and emphasis by prose; outer is the text after them.
func (w *Writer) prose(prose *typo.Prose, ins []ast.Inline, outer string) {
	plural := false // the text starts with the "s" of the dice link before it
	for i, in := range ins {
		switch n := in.(type) {
		case *ast.Text:
			text := n.Text
			if plural {
				text, plural = text[1:], false
			}
			text = prose.Text(text, typo.After(ins[i+1:], outer))
			w.keep(text)
			w.Text(text)
		case *ast.Emphasis:
			tag := "em"
			if n.Level >= 2 {
				tag = "strong"
			}
			w.Raw("<" + tag + ">")
			w.prose(prose, n.Inlines, typo.After(ins[i+1:], outer))
			w.Raw("</" + tag + ">")
		case *ast.RunIn:
			// A label of spaces alone ("_ _") draws nothing.
			if n.Label != "" {
				label := prose.Text(n.Label, typo.After(ins[i+1:], outer))
				w.keep(label)
				w.Element(`<strong class="run-in">`, label, "</strong>")
			}
			w.keep(" ")
			if runsOnWithSpace(ins[i+1:]) {
				w.Raw(" ")
			}
		case *ast.FootnoteRef:
			mark := Superscript(n.Number)
			prose.Pass(mark)
			w.keep(mark)
			id, href, ok := w.r.NoteRef(n)
			if !ok {
				w.Raw(mark)
				continue
			}
			w.Raw(`<a class="footnote-ref"`)
			if w.opts.EPUB {
				w.Raw(` epub:type="noteref"`)
			}
			w.IDAttr(id)
			w.Raw(` href="`)
			w.Href(href)
			w.Raw(`" role="doc-noteref">` + mark + "</a>")
		case *ast.Dice:
			prose.Pass(n.Expr)
			w.keep(n.Expr)
			if plural = w.r.Dice(w, ins, i); plural {
				prose.Pass("s")
				w.keep("s")
			}
		case *ast.Ref:
			text := prose.Text(n.Text, typo.After(ins[i+1:], outer))
			w.keep(text)
			href, ok := w.r.Ref(n)
			if !ok {
				w.Text(text)
				continue
			}
			w.Raw(`<a class="ref" href="`)
			w.Href(href)
			w.Raw(`">`)
			w.Text(text)
			w.Raw("</a>")
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

// PlainText returns prose without its markup but with its typographic
// punctuation, for search and labels.
func PlainText(ins []ast.Inline) string {
	var b strings.Builder
	WritePlain(&b, ins)
	return b.String()
}

// WritePlain writes prose without its markup into b, with its typographic
// punctuation, as a page shows it.
func WritePlain(b io.StringWriter, ins []ast.Inline) {
	var prose typo.Prose
	writePlainProse(b, &prose, ins, "")
}

// writePlainProse writes inlines as WritePlain does; outer is the text
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
			prose.Pass(Superscript(n.Number))
			b.WriteString(Superscript(n.Number))
		case *ast.Dice:
			prose.Pass(n.Expr)
			b.WriteString(n.Expr)
		case *ast.Ref:
			b.WriteString(prose.Text(n.Text, typo.After(ins[i+1:], outer)))
		}
	}
}

// Superscript returns n in superscript digits, as the manuscript marks
// footnotes.
func Superscript(n int) string {
	var b strings.Builder
	for _, d := range strconv.Itoa(n) {
		b.WriteString(superscriptDigits[d-'0'])
	}
	return b.String()
}

var superscriptDigits = [10]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}
