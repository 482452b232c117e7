package xhtml

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/chart"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/rules"
)

// Heading writes a heading of HTML level 1 to 6 with its permalink.
func (w *Writer) Heading(level int, id, title string) {
	tag := "h" + strconv.Itoa(level)
	w.Raw("<" + tag + ` id="`)
	w.Text(id)
	w.Raw(`">`)
	w.Text(typo.String(title))
	w.r.Permalink(w, id, "Link to this section")
	w.Raw("</" + tag + ">\n")
}

func (w *Writer) list(l *ast.List) {
	tag := "ul"
	if l.Ordered {
		tag = "ol"
	}
	w.Raw("<" + tag + ">")
	for _, item := range l.Items {
		w.r.BeginBlock()
		w.Raw("\n<li")
		if l.Ordered && item.Number != 0 {
			w.Raw(` value="` + strconv.Itoa(item.Number) + `"`)
		}
		w.Raw(">")
		if p := w.onlyParagraph(item.Blocks); p != nil {
			// An item of one paragraph is drawn tight, without its <p>.
			w.paragraph(p)
		} else {
			w.Raw("\n")
			w.Blocks(item.Blocks)
		}
		w.Raw("</li>")
	}
	w.Raw("\n</" + tag + ">\n")
}

// onlyParagraph returns the paragraph that is all bs draws, if it is one.
func (w *Writer) onlyParagraph(bs []ast.Block) *ast.Paragraph {
	var only *ast.Paragraph
	for _, b := range bs {
		if !w.r.Draws(b) {
			continue
		}
		p, ok := b.(*ast.Paragraph)
		if !ok || only != nil {
			return nil
		}
		only = p
	}
	return only
}

// box draws a box as an aside of the text, under its title.
func (w *Writer) box(b *ast.Box) {
	id := w.r.ID(b)
	w.Raw(`<aside class="box box-`)
	w.Text(b.BoxKind.String())
	w.Raw(`"`)
	w.IDAttr(id)
	w.Raw(">\n" + `<p class="box-title">`)
	label, subtitle := BoxLabel(b)
	if label != "" {
		w.Element(`<span class="box-label">`, label, "</span>")
	}
	if subtitle != "" {
		if label != "" {
			w.Raw(" ")
		}
		w.Element(`<span class="box-subtitle">`, typo.String(subtitle), "</span>")
	}
	if id != "" {
		w.r.Permalink(w, id, "Link to this box")
	}
	w.Raw("</p>\n")
	w.Blocks(b.Blocks)
	w.Raw("</aside>\n")
}

// BoxLabel splits a box's title into its label, the kind and number
// ("Rules Summary 7"), and its subtitle ("Qualification Roll").
func BoxLabel(b *ast.Box) (label, subtitle string) {
	switch b.BoxKind {
	case ast.BoxRulesSummary:
		return "Rules Summary " + strconv.Itoa(b.Number), b.Subtitle
	case ast.BoxExample:
		return "Example " + strconv.Itoa(b.Number), b.Subtitle
	case ast.BoxNote:
		return "Note " + strconv.Itoa(b.Number), b.Subtitle
	case ast.BoxSpecialRule:
		return "Special Rule", b.Subtitle
	}
	return "", b.Title
}

// figure draws a figure's art, named for a screen reader by its caption,
// under which it stands, or by the box it draws.
func (w *Writer) figure(f *ast.Figure) {
	label := "Figure"
	switch {
	case f.Alt != "":
		label = f.Alt
	case f.Caption != nil:
		label = CaptionTitle(f.Caption)
	case f.Box != "":
		label = f.Box + " box"
	}
	w.Raw(`<figure class="figure"`)
	w.IDAttr(w.r.ID(f))
	w.Raw(">\n")
	w.Art("figure", f.Art, label)
	w.Caption(f.Caption)
	w.Raw("\n</figure>\n")
}

// image draws a picture as a figure, with its caption.
func (w *Writer) image(img *ast.Image) {
	w.Raw(`<figure class="figure picture"`)
	w.IDAttr(w.r.ID(img))
	w.Raw(">\n")
	w.r.Picture(w, img)
	w.Caption(img.Caption)
	w.Raw("\n</figure>\n")
}

// CaptionTitle is a caption as a label names its table or figure: "Table
// 2: Decile dice", without its markup.
func CaptionTitle(c *ast.Caption) string {
	return c.Label + " " + strconv.Itoa(c.Number) + ": " + PlainText(c.Inlines)
}

// CaptionLabel writes a caption's label and number: "Table 2".
func (w *Writer) CaptionLabel(c *ast.Caption) {
	w.Text(c.Label)
	w.Raw(" " + strconv.Itoa(c.Number))
}

// Caption writes a table's or figure's caption on a line of its own, if it
// has one.
func (w *Writer) Caption(c *ast.Caption) {
	if c == nil {
		return
	}
	w.Raw("\n" + `<figcaption>`)
	w.CaptionText(c)
	w.Raw("</figcaption>")
}

// CaptionText writes a caption's label and number, then its text.
func (w *Writer) CaptionText(c *ast.Caption) {
	w.Raw(`<span class="caption-label">`)
	w.CaptionLabel(c)
	w.Raw(":</span> ")
	w.Inlines(c.Inlines)
}

// Art writes monospace art kept as drawn: a figure, the cover, a verbatim
// block, a sheet. Its class names its widest line in characters, rounded
// up to a multiple of ten (see ArtWidthClass), for the stylesheet to size
// the font to fit narrow screens. label names the art for screen readers,
// which would otherwise spell out every box-drawing character; "" for
// none. With Options.ArtFrames it stands in a frame.
func (w *Writer) Art(class string, lines []string, label string) {
	done := w.openArt(class, lines, label)
	defer done()
	for i, l := range lines {
		if i > 0 {
			w.Raw("\n")
		}
		w.artText(l)
	}
}

// openArt opens the frame and the <pre> of Art, and returns what closes
// them.
func (w *Writer) openArt(class string, lines []string, label string) (done func()) {
	if w.opts.ArtFrames {
		w.Raw(`<div class="art-frame">`)
	}
	w.Raw(`<pre class="art ` + class + " " + ArtWidthClass(lines) + `"`)
	if label != "" {
		w.Raw(` role="img" aria-label="`)
		w.Text(label)
		w.Raw(`"`)
	}
	w.Raw(">")
	return func() {
		w.Raw("</pre>")
		if w.opts.ArtFrames {
			w.Raw("</div>")
		}
	}
}

// artText writes text of monospace art, gathering its runes for the
// monospace font's subset.
func (w *Writer) artText(text string) {
	w.Text(text)
	if w.opts.ArtRunes != nil {
		for _, r := range text {
			w.opts.ArtRunes[r] = true
		}
	}
}

// ArtWidthClass returns the class that names monospace art's widest line
// in characters, rounded up to a multiple of ten ("w80"), for a stylesheet
// to size the art's type to fit a narrow screen.
func ArtWidthClass(lines []string) string {
	widest := 0
	for _, l := range lines {
		widest = max(widest, utf8.RuneCountInString(strings.TrimRight(l, " ")))
	}
	return "w" + strconv.Itoa((widest+9)/10*10)
}

func (w *Writer) formula(f *ast.Formula) {
	w.Raw(`<dl class="formula">`)
	for _, e := range f.Entries {
		w.Element("\n<div><dt>", e.Label, "</dt>")
		w.Element("<dd>", e.Value, "</dd></div>")
	}
	w.Raw("\n</dl>\n")
}

// TableRows writes a table's header and its rows, from <thead> to
// </tbody>; rowAttrs, when not nil, writes a row's attributes.
func (w *Writer) TableRows(t *ast.Table, rowAttrs func(row []*ast.Cell)) {
	w.Raw("<thead>\n<tr>")
	// A column of figures stands flush right, its header too, as the
	// PDF sets it, so that units, tens and percent signs line up.
	figures := t.FigureColumns()
	cell := func(tag string, i int) {
		w.Raw("<" + tag)
		if tag == "th" {
			w.Raw(` scope="col"`)
		}
		if i < len(figures) && figures[i] {
			w.Raw(` class="num"`)
		}
		w.Raw(">")
	}
	for i, c := range t.Header {
		cell("th", i)
		w.Inlines(c.Inlines())
		w.Raw("</th>")
	}
	w.Raw("</tr>\n</thead>\n<tbody>")
	for _, row := range t.Rows {
		w.Raw("\n<tr")
		if rowAttrs != nil {
			rowAttrs(row)
		}
		w.Raw(">")
		for i, c := range row {
			cell("td", i)
			w.Inlines(c.Inlines())
			w.Raw("</td>")
		}
		w.Raw("</tr>")
	}
	w.Raw("\n</tbody>\n")
}

// FootnoteText writes a footnote's mark, a link back to the mark that cites
// it where one does, and its text.
func (w *Writer) FootnoteText(n *ast.Footnote) {
	mark := Superscript(n.Number)
	if back, ok := w.r.NoteBack(n); ok {
		w.Raw(`<a class="footnote-back" href="`)
		w.Href(back)
		w.Raw(`" role="doc-backlink" aria-label="Back to the text">` + mark + "</a>")
	} else {
		w.Raw(mark)
	}
	w.Raw(" ")
	w.r.BeginBlock()
	w.Inlines(n.Inlines)
}

// EPUBChartWidth is the width, in the chart's units, of an odds chart in
// the EPUB, whose stylesheet sets it at most 20em wide: its labels, 12
// units high (chart.FontSize), are then as large as the text's, where a
// chart of the site's width was drawn at half the text's size on a
// phone.
const EPUBChartWidth = 240

// odds draws an \odds{EXPR} chart from the engine's exact distribution, in
// the book's system; in a book built with errors, an expression the engine
// cannot read gets the reason instead.
func (w *Writer) odds(o *ast.OddsChart) {
	w.Raw(`<figure class="odds">` + "\n")
	table, err := rules.Odds(o.Expr, w.opts.System)
	if err == nil {
		var svg bytes.Buffer
		// chart.SVG writes through html/template, so its labels are
		// escaped.
		opts := chart.Options{Title: chart.Title(o.Expr, w.opts.System)}
		if w.opts.EPUB {
			opts.Width = EPUBChartWidth
		}
		if err = chart.SVG(&svg, chart.Bars(table), opts); err == nil {
			drawn := svg.Bytes()
			if w.opts.EPUB {
				// In XHTML the SVG needs its namespace, which a page of
				// the site gives it by parsing.
				drawn = bytes.Replace(drawn, []byte("<svg "), []byte(`<svg xmlns="http://www.w3.org/2000/svg" `), 1)
			}
			w.out.Write(drawn)
		}
	}
	if err != nil {
		w.Element(`<p class="odds-problem">`, "No chart: "+err.Error(), "</p>")
	}
	// A named roll is captioned in its words, its expression after them
	// for the roller (see chart.Title).
	w.Raw("\n<figcaption>Exact odds of ")
	if words := rules.Describe(o.Expr, w.opts.System); words != "" {
		w.Text(words)
		w.Raw(" (")
		w.r.Roll(w, o.Expr)
		w.Raw(")")
	} else {
		w.r.Roll(w, o.Expr)
	}
	w.Raw(", computed by the rules engine</figcaption>\n</figure>\n")
}
