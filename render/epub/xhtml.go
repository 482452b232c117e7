package epub

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/chart"
	"github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/rules"
)

// writer draws one content document. It writes XHTML rather than reusing
// the site's pages: a reading system wants well-formed XML, EPUB's
// footnotes and note references, links across its documents, and none of
// the site's roller, permalinks or forms.
type writer struct {
	b   *book
	d   *document
	out *bytes.Buffer
}

// head writes a document's XML prologue and head, and opens its body.
func (b *book) head(out *bytes.Buffer, d *document) {
	lang := b.doc.Config.Language
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="`)
	escape(out, lang)
	out.WriteString(`" xml:lang="`)
	escape(out, lang)
	out.WriteString(`">
<head>
<meta charset="UTF-8"/>
`)
	title := d.title
	if title == "" {
		title = untitled
	}
	element(out, "<title>", typo.String(title), "</title>\n")
	out.WriteString(`<link rel="stylesheet" type="text/css" href="` + styleFile + `"/>
</head>
<body>
`)
}

// xhtml draws a content document: the cover, the front matter or a
// chapter.
func (b *book) xhtml(d *document) []byte {
	var out bytes.Buffer
	b.head(&out, d)
	w := &writer{b: b, d: d, out: &out}
	switch {
	case d.cover:
		w.out.WriteString(`<section epub:type="cover" class="cover-picture">` + "\n")
		w.writePicture(w.b.doc.Cover)
		w.out.WriteString("\n</section>\n")
	case d.titlePage:
		w.writeTitlePage()
	case d.heading != nil:
		out.WriteString(`<section epub:type="chapter" role="doc-chapter" aria-labelledby="`)
		escape(&out, d.heading.ID)
		out.WriteString("\">\n")
		w.writeBlocks(d.blocks)
		out.WriteString("</section>\n")
	default:
		out.WriteString(`<section epub:type="frontmatter">` + "\n")
		w.writeBlocks(d.blocks)
		out.WriteString("</section>\n")
	}
	out.WriteString("</body>\n</html>\n")
	return out.Bytes()
}

// writeTitlePage draws the title page as the PDF's: the title, subtitle,
// authors and edition, and the credits and the licence under them.
func (w *writer) writeTitlePage() {
	cfg := w.b.doc.Config
	w.out.WriteString(`<section epub:type="titlepage" class="title-page">` + "\n")
	if cfg.Title != "" {
		element(w.out, `<h1 class="book-title">`, typo.String(cfg.Title), "</h1>\n")
	}
	if cfg.Subtitle != "" {
		element(w.out, `<p class="subtitle">`, typo.String(cfg.Subtitle), "</p>\n")
	}
	if len(cfg.Authors) > 0 {
		element(w.out, `<p class="authors">`, strings.Join(cfg.Authors, ", "), "</p>\n")
	}
	var edition []string
	if cfg.Version != "" {
		edition = append(edition, "Version "+cfg.Version)
	}
	if cfg.Date != "" {
		edition = append(edition, cfg.Date)
	}
	if len(edition) > 0 {
		element(w.out, `<p class="edition">`, strings.Join(edition, ", "), "</p>\n")
	}
	if len(cfg.Credits) > 0 || cfg.License != "" {
		w.out.WriteString(`<div class="colophon">` + "\n")
		for _, c := range cfg.Credits {
			element(w.out, "<p>", typo.String(c), "</p>\n")
		}
		if cfg.License != "" {
			element(w.out, `<p class="license">`, typo.String(cfg.License), "</p>\n")
		}
		w.out.WriteString("</div>\n")
	}
	w.out.WriteString("</section>\n")
}

// draws reports whether b draws anything in the EPUB: page breaks belong
// to the print books, class data is drawn where its sheet is placed, and
// the book's outline is drawn once, where its first stands.
func (b *book) draws(blk ast.Block) bool {
	switch blk := blk.(type) {
	case *ast.PageBreak, *ast.ClassData:
		return false
	case *ast.TOC:
		return blk == b.toc
	case *ast.CharSheet:
		return b.sheets != nil && b.sheets.Sheet(blk.Class) != nil
	case *ast.CoverPage:
		// The cover picture stands in for the cover page's art, as on
		// the site.
		return b.pictures[b.doc.Cover] == ""
	}
	return true
}

// writeBlocks draws blocks in reading order.
func (w *writer) writeBlocks(bs []ast.Block) {
	for _, blk := range bs {
		if !w.b.draws(blk) {
			continue
		}
		switch blk := blk.(type) {
		case *ast.Heading:
			tag := "h" + strconv.Itoa(min(max(blk.Depth, 1), 6))
			w.out.WriteString("<" + tag + ` id="`)
			escape(w.out, blk.ID)
			w.out.WriteString(`">`)
			escape(w.out, typo.String(blk.Title))
			w.out.WriteString("</" + tag + ">\n")
		case *ast.Paragraph:
			w.out.WriteString("<p>")
			w.writeInlines(blk.Inlines)
			w.out.WriteString("</p>\n")
		case *ast.List:
			w.writeList(blk)
		case *ast.Box:
			w.writeBox(blk)
		case *ast.Table:
			w.writeTable(blk)
		case *ast.Figure:
			label := "Figure"
			if c := blk.Caption; c != nil {
				label = c.Label + " " + strconv.Itoa(c.Number)
			}
			w.writeFigure(blk, "figure", blk.Caption, func() { w.writeArt("figure", blk.Art, label) })
		case *ast.Image:
			w.writeFigure(blk, "picture", blk.Caption, func() { w.writePicture(blk) })
		case *ast.Formula:
			w.writeFormula(blk)
		case *ast.Footnote:
			w.writeFootnote(blk)
		case *ast.CoverPage:
			label := "Cover"
			if w.b.title != untitled {
				label += " of " + typo.String(w.b.title)
			}
			w.writeArt("cover", blk.Lines, label)
			w.out.WriteByte('\n')
		case *ast.Verbatim:
			w.writeArt("verbatim", blk.Lines, "")
			w.out.WriteByte('\n')
		case *ast.TOC:
			w.out.WriteString(`<section class="contents"`)
			w.writeID(blk)
			w.out.WriteString(">\n<h2>Contents</h2>\n")
			w.b.contents(w.out, w.d)
			w.out.WriteString("\n</section>\n")
		case *ast.CharSheet:
			w.writeSheet(blk)
		case *ast.OddsChart:
			w.writeOdds(blk)
		}
	}
}

// writeID writes the id attribute of a block that links point at.
func (w *writer) writeID(node any) {
	if p, ok := w.b.at[node]; ok {
		w.out.WriteString(` id="`)
		escape(w.out, p.id)
		w.out.WriteByte('"')
	}
}

func (w *writer) writeList(l *ast.List) {
	tag := "ul"
	if l.Ordered {
		tag = "ol"
	}
	w.out.WriteString("<" + tag + ">\n")
	for _, item := range l.Items {
		w.out.WriteString("<li")
		if l.Ordered && item.Number != 0 {
			w.out.WriteString(` value="` + strconv.Itoa(item.Number) + `"`)
		}
		w.out.WriteString(">")
		if len(item.Blocks) == 1 {
			if p, ok := item.Blocks[0].(*ast.Paragraph); ok {
				// An item of one paragraph is drawn tight.
				w.writeInlines(p.Inlines)
				w.out.WriteString("</li>\n")
				continue
			}
		}
		w.out.WriteByte('\n')
		w.writeBlocks(item.Blocks)
		w.out.WriteString("</li>\n")
	}
	w.out.WriteString("</" + tag + ">\n")
}

// writeBox draws a box as an aside of the text, its title first.
func (w *writer) writeBox(b *ast.Box) {
	w.out.WriteString(`<aside class="box box-`)
	escape(w.out, b.BoxKind.String())
	w.out.WriteByte('"')
	w.writeID(b)
	w.out.WriteString(">\n" + `<p class="box-title">`)
	label, subtitle := html.BoxLabel(b)
	if label != "" {
		element(w.out, `<span class="box-label">`, label, "</span>")
	}
	if subtitle != "" {
		if label != "" {
			w.out.WriteByte(' ')
		}
		element(w.out, `<span class="box-subtitle">`, typo.String(subtitle), "</span>")
	}
	w.out.WriteString("</p>\n")
	w.writeBlocks(b.Blocks)
	w.out.WriteString("</aside>\n")
}

// writeTable draws a table in a frame that scrolls sideways when it is
// wider than the screen, its caption above it.
func (w *writer) writeTable(t *ast.Table) {
	w.out.WriteString(`<div class="table"`)
	w.writeID(t)
	w.out.WriteString(">\n<table>\n")
	if c := t.Caption; c != nil {
		w.out.WriteString("<caption>")
		w.writeCaptionText(c)
		w.out.WriteString("</caption>\n")
	}
	w.out.WriteString("<thead>\n<tr>")
	for _, c := range t.Header {
		w.out.WriteString(`<th scope="col">`)
		w.writeInlines(c.Inlines())
		w.out.WriteString("</th>")
	}
	w.out.WriteString("</tr>\n</thead>\n<tbody>\n")
	for _, row := range t.Rows {
		w.out.WriteString("<tr>")
		for _, c := range row {
			w.out.WriteString("<td>")
			w.writeInlines(c.Inlines())
			w.out.WriteString("</td>")
		}
		w.out.WriteString("</tr>\n")
	}
	w.out.WriteString("</tbody>\n</table>\n</div>\n")
}

// writeFigure draws a figure of a class, draw drawing its content, with
// its caption.
func (w *writer) writeFigure(blk ast.Block, class string, caption *ast.Caption, draw func()) {
	w.out.WriteString("<figure")
	w.writeID(blk)
	w.out.WriteString(` class="` + class + `">`)
	draw()
	w.writeCaption(caption)
	w.out.WriteString("</figure>\n")
}

// writeCaption writes a figure's caption, if it has one.
func (w *writer) writeCaption(c *ast.Caption) {
	if c == nil {
		return
	}
	w.out.WriteString("\n<figcaption>")
	w.writeCaptionText(c)
	w.out.WriteString("</figcaption>\n")
}

func (w *writer) writeCaptionText(c *ast.Caption) {
	element(w.out, `<span class="caption-label">`, c.Label+" "+strconv.Itoa(c.Number)+":", "</span>")
	w.out.WriteByte(' ')
	w.writeInlines(c.Inlines)
}

// writeArt draws monospace art as drawn: a figure, the cover's art, a
// verbatim block. Its class names its widest line in characters, rounded
// up to ten, for the stylesheet to size the type to fit a narrow screen.
// label names the art for a screen reader, which would otherwise spell out
// every box-drawing character; "" for none.
func (w *writer) writeArt(class string, lines []string, label string) {
	w.out.WriteString(`<pre class="art ` + class + " " + html.ArtWidthClass(lines) + `"`)
	if label != "" {
		w.out.WriteString(` role="img" aria-label="`)
		escape(w.out, label)
		w.out.WriteByte('"')
	}
	w.out.WriteByte('>')
	for _, l := range lines {
		for _, r := range l {
			w.b.mono[r] = true
		}
	}
	escape(w.out, strings.Join(lines, "\n"))
	w.out.WriteString("</pre>")
}

// writePicture draws a picture's <img> at the width the author asked
// for, as a share of the text's width, never wider than the screen; a
// picture with no file shows its alt text, as the ASCII book does.
func (w *writer) writePicture(img *ast.Image) {
	src := w.b.pictures[img]
	if src == "" {
		element(w.out, `<p class="picture-missing">`, "[Picture: "+img.Alt+"]", "</p>")
		return
	}
	w.out.WriteString(`<img src="` + src + `" alt="`)
	escape(w.out, img.Alt)
	w.out.WriteByte('"')
	switch {
	case img.Width.Percent > 0:
		w.out.WriteString(` style="width: ` + strconv.FormatFloat(math.Min(img.Width.Percent, 100), 'f', -1, 64) + `%"`)
	case img.Width.MM > 0:
		w.out.WriteString(` style="width: ` + strconv.FormatFloat(math.Round(img.Width.MM*10)/10, 'f', -1, 64) + `mm"`)
	}
	w.out.WriteString("/>")
}

// writeFormula draws a formula's label and value pairs.
func (w *writer) writeFormula(f *ast.Formula) {
	w.out.WriteString(`<dl class="formula">` + "\n")
	for _, e := range f.Entries {
		element(w.out, "<dt>", e.Label, "</dt>\n")
		element(w.out, "<dd>", e.Value, "</dd>\n")
	}
	w.out.WriteString("</dl>\n")
}

// writeFootnote draws a footnote as an EPUB footnote, which a reading
// system shows in a pop-up from its mark, with a link back to the mark.
func (w *writer) writeFootnote(n *ast.Footnote) {
	w.out.WriteString(`<aside epub:type="footnote" role="doc-footnote" class="footnote"`)
	w.writeID(n)
	w.out.WriteString("><p>")
	if m, ok := w.b.markOf[n]; ok {
		w.out.WriteString(`<a href="`)
		escape(w.out, w.b.at[m].href(w.d))
		w.out.WriteString(`" role="doc-backlink" aria-label="Back to the text">` + html.Superscript(n.Number) + "</a>")
	} else {
		w.out.WriteString(html.Superscript(n.Number))
	}
	w.out.WriteByte(' ')
	w.writeInlines(n.Inlines)
	w.out.WriteString("</p></aside>\n")
}

// writeSheet draws a character sheet on a page of its own, the ASCII sheet
// in monospace.
func (w *writer) writeSheet(c *ast.CharSheet) {
	f := w.b.sheets.Sheet(c.Class)
	class := f.Class
	if class == "" {
		class = "Blank"
	}
	w.out.WriteString(`<section class="sheet"`)
	w.writeID(c)
	w.out.WriteString(` aria-label="`)
	escape(w.out, "Character sheet: "+class)
	w.out.WriteString("\">\n")
	lines := f.Lines()
	w.writeArt("sheet", lines, "")
	w.out.WriteString("\n</section>\n")
}

// writeOdds draws an \odds{EXPR} chart from the engine's exact
// distribution as an SVG in the page; an expression the engine cannot
// read, in a book built with errors, gets the reason instead.
func (w *writer) writeOdds(o *ast.OddsChart) {
	w.out.WriteString(`<figure class="odds">` + "\n")
	var svg bytes.Buffer
	table, err := rules.Odds(o.Expr, w.b.system)
	if err == nil {
		// chart.SVG writes through html/template, so its labels are
		// escaped.
		err = chart.SVG(&svg, chart.Bars(table), chart.Options{Title: "Exact odds of " + o.Expr})
	}
	if err != nil {
		element(w.out, `<p class="odds-problem">`, "No chart: "+err.Error(), "</p>\n")
	} else {
		// In XHTML the SVG needs its namespace, which a page of the site
		// gives it by parsing.
		w.out.Write(bytes.Replace(svg.Bytes(), []byte("<svg "), []byte(`<svg xmlns="http://www.w3.org/2000/svg" `), 1))
		w.d.svg = true
	}
	element(w.out, "<figcaption>", "Exact odds of "+o.Expr+", computed by the rules engine", "</figcaption>\n")
	w.out.WriteString("</figure>\n")
}

// contents writes the book's outline as nested lists, every heading to
// galley.toml's toc_depth linked from document from: the navigation
// document's and the contents where the book's \toc stands.
func (b *book) contents(out *bytes.Buffer, from *document) {
	var headings []*ast.Heading
	for _, h := range b.doc.Headings() {
		if h.Depth <= b.doc.Config.TOCDepth {
			headings = append(headings, h)
		}
	}
	if len(headings) == 0 {
		// A book without headings lists its documents, as a navigation
		// document must list something.
		out.WriteString("<ol>\n")
		for _, d := range b.docs {
			element(out, `<li><a href="`+d.name+`">`, typo.String(d.title), "</a></li>\n")
		}
		out.WriteString("</ol>")
		return
	}
	b.outline(out, from, headings)
}

// outline writes one level of the outline: the headings at the first's
// depth or above, each with its deeper headings nested in it.
func (b *book) outline(out *bytes.Buffer, from *document, headings []*ast.Heading) {
	out.WriteString("<ol>")
	for i := 0; i < len(headings); {
		h := headings[i]
		end := i + 1
		for end < len(headings) && headings[end].Depth > h.Depth {
			end++
		}
		out.WriteString("\n<li><a href=\"")
		p := b.at[h]
		href := p.href(from)
		if p.doc.heading == h {
			href = p.doc.name
		}
		escape(out, href)
		out.WriteString(`">`)
		escape(out, typo.String(h.Title))
		out.WriteString("</a>")
		if end > i+1 {
			b.outline(out, from, headings[i+1:end])
		}
		out.WriteString("</li>")
		i = end
	}
	out.WriteString("\n</ol>")
}

// writeInlines writes prose with typographic punctuation: references
// become links, footnote marks EPUB note references.
func (w *writer) writeInlines(ins []ast.Inline) {
	var prose typo.Prose
	w.writeProse(&prose, ins, "")
}

// writeProse writes inlines set piece by piece by prose; outer is the text
// after them.
func (w *writer) writeProse(prose *typo.Prose, ins []ast.Inline, outer string) {
	for i, in := range ins {
		after := func() string { return typo.After(ins[i+1:], outer) }
		switch n := in.(type) {
		case *ast.Text:
			escape(w.out, prose.Text(n.Text, after()))
		case *ast.Emphasis:
			tag := "em"
			if n.Level >= 2 {
				tag = "strong"
			}
			w.out.WriteString("<" + tag + ">")
			w.writeProse(prose, n.Inlines, after())
			w.out.WriteString("</" + tag + ">")
		case *ast.RunIn:
			if n.Label != "" {
				w.out.WriteString(`<strong class="run-in">`)
				escape(w.out, prose.Text(n.Label, after()))
				w.out.WriteString("</strong>")
			}
			if html.RunsOnWithSpace(ins[i+1:]) {
				w.out.WriteByte(' ')
			}
		case *ast.FootnoteRef:
			mark := html.Superscript(n.Number)
			prose.Pass(mark)
			note, ok := w.b.noteOf[n]
			if !ok {
				w.out.WriteString(mark)
				continue
			}
			w.out.WriteString(`<a epub:type="noteref" role="doc-noteref"`)
			w.writeID(n)
			w.out.WriteString(` href="`)
			escape(w.out, w.b.at[note].href(w.d))
			w.out.WriteString(`">` + mark + "</a>")
		case *ast.Dice:
			prose.Pass(n.Expr)
			escape(w.out, n.Expr)
		case *ast.Ref:
			text := prose.Text(n.Text, after())
			p, ok := w.b.ref(n)
			if !ok {
				escape(w.out, text)
				continue
			}
			w.out.WriteString(`<a class="ref" href="`)
			escape(w.out, p.href(w.d))
			w.out.WriteString(`">`)
			escape(w.out, text)
			w.out.WriteString("</a>")
		}
	}
}

// element writes open, text escaped, and close.
func element(out *bytes.Buffer, open, text, close string) {
	out.WriteString(open)
	escape(out, text)
	out.WriteString(close)
}

// escape writes text for XML content or a quoted attribute value. XML is
// stricter than HTML: a control character other than tab, newline and
// carriage return, or a byte that is not UTF-8, makes the whole document
// unreadable, so each becomes U+FFFD.
func escape(out *bytes.Buffer, text string) {
	for _, r := range text {
		switch {
		case r == '&':
			out.WriteString("&amp;")
		case r == '<':
			out.WriteString("&lt;")
		case r == '>':
			out.WriteString("&gt;")
		case r == '"':
			out.WriteString("&quot;")
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF:
			out.WriteRune(utf8.RuneError)
		default:
			out.WriteRune(r) // an invalid byte ranges as RuneError
		}
	}
}
