package html

import (
	"bytes"
	"context"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/chart"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/rules"
)

// pageWriter draws one page's content, each kind of block by a function of
// its own writing straight into the page's buffer, as goldmark's HTML
// renderer does: a large book spends its time here, and html/template,
// walking views of the blocks by reflection, took several times as long and
// allocated at every step. Each block's HTML ends with a newline, and every
// piece of the manuscript's text goes through writeEscaped, every address
// through writeHref. Content is drawn per page because links are relative
// to the page they are on.
type pageWriter struct {
	// ctx stops the page, block by block, when the build is cancelled:
	// one page may hold a whole book.
	ctx  context.Context
	site *site
	page *sitePage
	out  *bytes.Buffer
	// sheetCSS is set once the page shows a character sheet, whose form
	// needs sheet.css and sheet.js.
	sheetCSS bool
	// contents is set once the page has shown the table of contents.
	contents bool
	// cover is set once the page has shown the cover picture.
	cover bool
	// err is the first error of a character sheet's form.
	err error
	// linkedDice is the dice notation the block being drawn has linked:
	// a block is one of a page's blocks (a paragraph, a table and its
	// caption), a list item or a footnote.
	linkedDice map[string]bool
}

// writeBlocks draws blocks in order; a run of footnotes is drawn as one.
func (w *pageWriter) writeBlocks(bs []ast.Block) {
	for i := 0; i < len(bs) && w.ctx.Err() == nil; i++ {
		clear(w.linkedDice)
		switch b := bs[i].(type) {
		case *ast.Heading:
			w.writeHeading(w.level(b), w.site.links.anchors[b], b.Title)
		case *ast.Paragraph:
			w.out.WriteString("<p>")
			w.writeInlines(b.Inlines)
			w.out.WriteString("</p>\n")
		case *ast.List:
			w.writeList(b)
		case *ast.Box:
			w.writeBox(b)
		case *ast.Table:
			w.writeTable(b)
		case *ast.Figure:
			w.writeFigure(b)
		case *ast.Image:
			w.writeImage(b)
		case *ast.Formula:
			w.writeFormula(b)
		case *ast.Footnote:
			i = w.writeFootnotes(bs, i)
		case *ast.CoverPage:
			if w.cover {
				continue // the cover picture stands in for the art
			}
			label := "Cover"
			if title := w.site.doc.Config.Title; title != "" {
				label += " of " + title
			}
			w.out.WriteString(`<div class="art-frame">`)
			w.writeArt("cover", b.Lines, label)
			w.out.WriteString("</div>\n")
		case *ast.Verbatim:
			w.out.WriteString(`<div class="art-frame">`)
			w.writeArt("verbatim", b.Lines, "")
			w.out.WriteString("</div>\n")
		case *ast.TOC:
			// The book has one table of contents, where its outline
			// stands: an outline after the first shows nothing, or each
			// would list the whole book's headings again.
			if b == w.site.toc {
				w.writeContents()
				w.out.WriteByte('\n')
			}
		case *ast.CharSheet:
			w.writeSheet(b)
		case *ast.OddsChart:
			w.writeOdds(b)
		}
		// Page breaks have no place on screen, and class data is drawn
		// where its sheet is placed.
	}
}

// draws reports whether writeBlocks draws anything for b.
func (w *pageWriter) draws(b ast.Block) bool {
	switch b := b.(type) {
	case *ast.PageBreak, *ast.ClassData:
		return false
	case *ast.TOC:
		return b == w.site.toc
	case *ast.CharSheet:
		return w.sheetOf(b) != nil
	}
	return true
}

// level levels a heading under the page's own: a heading one level below
// the page's is an h2, and so on down to h6.
func (w *pageWriter) level(h *ast.Heading) int {
	return min(max(h.Depth-w.page.Depth()+1, 2), 6)
}

// writeHeading writes a heading of HTML level 1 to 6 with its permalink.
func (w *pageWriter) writeHeading(level int, id, title string) {
	tag := "h" + strconv.Itoa(level)
	w.out.WriteString("<" + tag + ` id="`)
	writeEscaped(w.out, id)
	w.out.WriteString(`">`)
	writeEscaped(w.out, typo.String(title))
	w.writePermalink(id, "Link to this section")
	w.out.WriteString("</" + tag + ">\n")
}

func (w *pageWriter) writePermalink(id, label string) {
	w.out.WriteString(` <a class="permalink" href="#`)
	writeHref(w.out, id)
	w.out.WriteString(`" aria-label="`)
	w.out.WriteString(label)
	w.out.WriteString(`">#</a>`)
}

func (w *pageWriter) writeList(l *ast.List) {
	tag := "ul"
	if l.Ordered {
		tag = "ol"
	}
	w.out.WriteString("<" + tag + ">")
	for _, item := range l.Items {
		clear(w.linkedDice)
		w.out.WriteString("\n<li")
		if l.Ordered && item.Number != 0 {
			w.out.WriteString(` value="`)
			w.out.WriteString(strconv.Itoa(item.Number))
			w.out.WriteByte('"')
		}
		w.out.WriteByte('>')
		if p := w.onlyParagraph(item.Blocks); p != nil {
			// An item of one paragraph is drawn tight, without its <p>.
			w.writeInlines(p.Inlines)
		} else {
			w.out.WriteByte('\n')
			w.writeBlocks(item.Blocks)
		}
		w.out.WriteString("</li>")
	}
	w.out.WriteString("\n</" + tag + ">\n")
}

// onlyParagraph returns the paragraph that is all bs draws, if it is one.
func (w *pageWriter) onlyParagraph(bs []ast.Block) *ast.Paragraph {
	var only *ast.Paragraph
	for _, b := range bs {
		if !w.draws(b) {
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

func (w *pageWriter) writeBox(b *ast.Box) {
	id := w.site.links.ids[b]
	w.out.WriteString(`<aside class="box box-`)
	writeEscaped(w.out, b.BoxKind.String())
	w.out.WriteByte('"')
	w.writeIDAttr(id)
	w.out.WriteString(">\n" + `<p class="box-title">`)
	label, subtitle := boxLabel(b)
	if label != "" {
		w.out.WriteString(`<span class="box-label">`)
		writeEscaped(w.out, label)
		w.out.WriteString("</span>")
	}
	if subtitle != "" {
		if label != "" {
			w.out.WriteByte(' ')
		}
		w.out.WriteString(`<span class="box-subtitle">`)
		writeEscaped(w.out, typo.String(subtitle))
		w.out.WriteString("</span>")
	}
	if id != "" {
		w.writePermalink(id, "Link to this box")
	}
	w.out.WriteString("</p>\n")
	w.writeBlocks(b.Blocks)
	w.out.WriteString("</aside>\n")
}

// boxLabel splits a box's title into its label, the kind and number
// ("Rules Summary 7"), and its subtitle ("Qualification Roll").
func boxLabel(b *ast.Box) (label, subtitle string) {
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

// writeIDAttr writes an element's id attribute, if it has an id.
func (w *pageWriter) writeIDAttr(id string) {
	if id != "" {
		w.out.WriteString(` id="`)
		writeEscaped(w.out, id)
		w.out.WriteByte('"')
	}
}

// writeTable writes a table in a frame that scrolls sideways on a narrow
// screen. Its caption sits under the frame, so that it stays in view when
// the table scrolls, and the figure makes it the table's caption. A roll
// table's rows carry the faces they cover, for its roll button.
func (w *pageWriter) writeTable(t *ast.Table) {
	roll := w.site.rollTable(t)
	w.out.WriteString(`<figure class="table-block"`)
	w.writeIDAttr(w.site.links.ids[t])
	w.out.WriteString(">\n" + `<div class="table-scroll" tabindex="0" role="region" aria-label="`)
	if t.Caption != nil {
		w.writeCaptionLabel(t.Caption)
	} else {
		w.out.WriteString("Table")
	}
	w.out.WriteString(`, scrolls sideways">` + "\n<table")
	if roll != nil {
		w.out.WriteString(` class="roll-table" data-die="`)
		writeEscaped(w.out, roll.die)
		w.out.WriteByte('"')
	}
	w.out.WriteString(">\n<thead>\n<tr>")
	for _, c := range t.Header {
		w.out.WriteString(`<th scope="col">`)
		w.writeInlines(c.Inlines())
		w.out.WriteString("</th>")
	}
	w.out.WriteString("</tr>\n</thead>\n<tbody>")
	for _, row := range t.Rows {
		w.out.WriteString("\n<tr")
		if roll != nil && len(row) > 0 {
			if faces, err := rules.ParseFaceRange(row[0].Text); err == nil {
				w.out.WriteString(` data-lo="`)
				w.out.WriteString(strconv.Itoa(faces.Lo))
				w.out.WriteString(`" data-hi="`)
				w.out.WriteString(strconv.Itoa(faces.Hi))
				w.out.WriteByte('"')
			}
		}
		w.out.WriteByte('>')
		for _, c := range row {
			w.out.WriteString("<td>")
			w.writeInlines(c.Inlines())
			w.out.WriteString("</td>")
		}
		w.out.WriteString("</tr>")
	}
	w.out.WriteString("\n</tbody>\n</table>\n</div>")
	w.writeCaption(t.Caption)
	var check string
	if w.site.checks != nil {
		check = w.site.checks.CheckOf(t)
	}
	if check != "" || roll != nil {
		w.out.WriteString("\n" + `<p class="table-tools">`)
		if roll != nil {
			w.out.WriteString(`<button type="button" class="roll-button" data-roll-table="`)
			writeEscaped(w.out, roll.expr)
			w.out.WriteString(`" data-system="`)
			writeEscaped(w.out, roll.system)
			w.out.WriteString(`">Roll `)
			writeEscaped(w.out, roll.die)
			w.out.WriteString(`</button> <output class="roll-table-result"></output>`)
		}
		if check != "" {
			w.out.WriteString(`<span class="checked" title="The rules engine recomputes this table on every build: the `)
			writeEscaped(w.out, check)
			w.out.WriteString(` check"><span aria-hidden="true">✓</span> checked <span class="check-name">`)
			writeEscaped(w.out, check)
			w.out.WriteString("</span></span>")
		}
		w.out.WriteString("\n</p>")
	}
	w.out.WriteString("\n</figure>\n")
}

// writeCaptionLabel writes a caption's label and number: "Table 2".
func (w *pageWriter) writeCaptionLabel(c *ast.Caption) {
	writeEscaped(w.out, c.Label)
	w.out.WriteString(" " + strconv.Itoa(c.Number))
}

// writeCaption writes a table's or figure's caption on a line of its own,
// if it has one.
func (w *pageWriter) writeCaption(c *ast.Caption) {
	if c == nil {
		return
	}
	w.out.WriteString("\n" + `<figcaption><span class="caption-label">`)
	w.writeCaptionLabel(c)
	w.out.WriteString(":</span> ")
	w.writeInlines(c.Inlines)
	w.out.WriteString("</figcaption>")
}

func (w *pageWriter) writeFigure(f *ast.Figure) {
	label := "Figure"
	if f.Caption != nil {
		label = captionTitle(f.Caption)
	}
	w.out.WriteString(`<figure class="figure"`)
	w.writeIDAttr(w.site.links.ids[f])
	w.out.WriteString(">\n" + `<div class="art-frame">`)
	w.writeArt("figure", f.Art, label)
	w.out.WriteString("</div>")
	w.writeCaption(f.Caption)
	w.out.WriteString("\n</figure>\n")
}

// writeArt writes monospace art kept as drawn: a figure, the cover, a
// verbatim block. Its class names its widest line in characters, rounded up
// to a multiple of ten, for the stylesheet to size the font to fit narrow
// screens. label names the art for screen readers, which would otherwise
// spell out every box-drawing character; "" for none.
func (w *pageWriter) writeArt(class string, lines []string, label string) {
	w.out.WriteString(`<pre class="art ` + class + " " + ArtWidthClass(lines) + `"`)
	if label != "" {
		w.out.WriteString(` role="img" aria-label="`)
		writeEscaped(w.out, label)
		w.out.WriteByte('"')
	}
	w.out.WriteByte('>')
	for i, l := range lines {
		if i > 0 {
			w.out.WriteByte('\n')
		}
		writeEscaped(w.out, l)
	}
	w.out.WriteString("</pre>")
}

func (w *pageWriter) writeFormula(f *ast.Formula) {
	w.out.WriteString(`<dl class="formula">`)
	for _, e := range f.Entries {
		w.out.WriteString("\n<div><dt>")
		writeEscaped(w.out, e.Label)
		w.out.WriteString("</dt><dd>")
		writeEscaped(w.out, e.Value)
		w.out.WriteString("</dd></div>")
	}
	w.out.WriteString("\n</dl>\n")
}

// writeFootnotes writes the run of footnotes that starts at bs[i] under
// their rule, as on the page, and returns the index of the run's last.
// The run is a section, since ARIA allows the notes' role, doc-endnotes,
// on a section and not on an aside.
func (w *pageWriter) writeFootnotes(bs []ast.Block, i int) int {
	w.out.WriteString(`<section class="footnotes" role="doc-endnotes" aria-label="Footnotes">`)
	for ; i < len(bs); i++ {
		n, ok := bs[i].(*ast.Footnote)
		if !ok {
			break
		}
		w.out.WriteString("\n" + `<p class="footnote" id="`)
		writeEscaped(w.out, w.site.links.ids[n])
		w.out.WriteString(`">`)
		if back, ok := w.site.links.footnoteRef[n]; ok {
			w.out.WriteString(`<a class="footnote-back" href="`)
			writeHref(w.out, back.from(w.page))
			w.out.WriteString(`" role="doc-backlink" aria-label="Back to the text">`)
			w.out.WriteString(superscript(n.Number))
			w.out.WriteString("</a>")
		} else {
			w.out.WriteString(superscript(n.Number))
		}
		w.out.WriteByte(' ')
		clear(w.linkedDice)
		w.writeInlines(n.Inlines)
		w.out.WriteString("</p>")
	}
	w.out.WriteString("\n</section>\n")
	return i - 1
}

// sheetOf returns the character sheet a placement shows, nil when the book
// has none for its class.
func (w *pageWriter) sheetOf(c *ast.CharSheet) *sheet.Filled {
	if w.site.sheets == nil {
		return nil
	}
	return w.site.sheets.Sheet(c.Class)
}

// writeSheet embeds the class's character sheet as a form, and links its
// page, PDF and ASCII forms, which the sheets part writes under sheets/.
func (w *pageWriter) writeSheet(c *ast.CharSheet) {
	f := w.sheetOf(c)
	if f == nil {
		return
	}
	w.sheetCSS = true
	class := f.Class
	if class == "" {
		class = "Blank"
	}
	sheets := w.page.Root() + "sheets/" + ast.FileStem(f.Name)
	w.out.WriteString(`<section class="charsheet" id="`)
	writeEscaped(w.out, "sheet-"+ast.Slug(f.Name)+"-placement")
	w.out.WriteString(`" aria-label="Character sheet: `)
	writeEscaped(w.out, class)
	w.out.WriteString("\">\n")
	// SheetForm writes through html/template, so the form is escaped.
	form, err := w.site.sheetForm(f)
	if err != nil && w.err == nil {
		w.err = err
	}
	w.out.WriteString(form)
	w.out.WriteString("\n" + `<p class="sheet-links">The `)
	writeEscaped(w.out, class)
	w.out.WriteString(` sheet on its own page: <a href="`)
	writeHref(w.out, sheets+".html")
	w.out.WriteString(`">HTML form</a> · <a href="`)
	writeHref(w.out, sheets+".pdf")
	w.out.WriteString(`">PDF</a> · <a href="`)
	writeHref(w.out, sheets+".txt")
	w.out.WriteString("\">ASCII</a></p>\n</section>\n")
}

// writeOdds draws an \odds{EXPR} chart from the engine's exact
// distribution, in the book's system; in a book built with errors, an
// expression the engine cannot read gets the reason instead.
func (w *pageWriter) writeOdds(o *ast.OddsChart) {
	w.out.WriteString(`<figure class="odds">` + "\n")
	table, err := rules.Odds(o.Expr, w.site.system)
	if err == nil {
		start := w.out.Len()
		// chart.SVG writes through html/template, so its labels are
		// escaped.
		if err = chart.SVG(w.out, chart.Bars(table), chart.Options{Title: "Exact odds of " + o.Expr}); err != nil {
			w.out.Truncate(start)
		}
	}
	if err != nil {
		w.out.WriteString(`<p class="odds-problem">No chart: `)
		writeEscaped(w.out, err.Error())
		w.out.WriteString("</p>")
	}
	w.out.WriteString("\n" + `<figcaption>Exact odds of <a class="dice" href="#roller" data-roll="`)
	writeEscaped(w.out, o.Expr)
	w.out.WriteString(`">`)
	writeEscaped(w.out, o.Expr)
	w.out.WriteString("</a>, computed by the rules engine</figcaption>\n</figure>\n")
}

// writeContents writes the book's outline, every heading to galley.toml's
// toc_depth linked, nested by depth: a heading's list holds the headings
// under it.
//
// An untitled book's index has no title over it, so its contents' heading
// is the page's: an h1 where the cover art, if any, is followed by what
// the page is, rather than an h1 Contents over the art.
func (w *pageWriter) writeContents() {
	w.contents = true
	if w.page.Heading == nil && w.site.doc.Config.Title == "" {
		w.out.WriteString(`<nav class="contents" aria-labelledby="book-title">` + "\n" +
			`<h1 id="book-title">` + untitledIndex + "</h1>\n<ol>")
	} else {
		w.out.WriteString(`<nav class="contents" aria-labelledby="contents-title">` + "\n" +
			`<h2 id="contents-title">Contents</h2>` + "\n<ol>")
	}
	// open holds the entries not yet closed, each with whether it has
	// begun its list of entries under it.
	type entry struct {
		depth int
		list  bool
	}
	var open []entry
	closeTo := func(depth int) {
		for len(open) > 0 && open[len(open)-1].depth >= depth {
			if open[len(open)-1].list {
				w.out.WriteString("\n</ol>")
			}
			w.out.WriteString("</li>")
			open = open[:len(open)-1]
		}
	}
	for _, h := range w.site.doc.Headings() {
		if h.Depth > w.site.doc.Config.TOCDepth {
			continue
		}
		closeTo(h.Depth)
		if n := len(open); n > 0 && !open[n-1].list {
			w.out.WriteString("<ol>")
			open[n-1].list = true
		}
		w.out.WriteString("\n<li><a href=\"")
		writeHref(w.out, w.site.links.heading[h].from(w.page))
		w.out.WriteString(`">`)
		writeEscaped(w.out, typo.String(h.Title))
		w.out.WriteString("</a>")
		open = append(open, entry{depth: h.Depth})
	}
	closeTo(0)
	w.out.WriteString("\n</ol>\n</nav>")
}

// superscript returns n in superscript digits, as the manuscript marks
// footnotes.
func superscript(n int) string {
	var b strings.Builder
	for _, d := range strconv.Itoa(n) {
		b.WriteString(superscriptDigits[d-'0'])
	}
	return b.String()
}

var superscriptDigits = [10]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}
