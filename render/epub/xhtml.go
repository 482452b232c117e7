package epub

import (
	"bytes"
	"cmp"
	"context"
	"math"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/render/xhtml"
)

// writer draws one content document. It draws XHTML with the emitter the
// site draws its pages with (package xhtml), not the site's pages: a
// reading system wants well-formed XML, EPUB's footnotes and note
// references, links across its documents, and none of the site's roller,
// permalinks or forms. What it gives the emitter is what the EPUB draws
// otherwise (see xhtml.Renderer).
type writer struct {
	b   *book
	d   *document
	out *bytes.Buffer
	x   *xhtml.Writer
}

// head writes a document's XML prologue and head, and opens its body.
func (b *book) head(out *bytes.Buffer, d *document) {
	lang := b.doc.Config.Language
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="`)
	xhtml.EscapeXML(out, lang)
	out.WriteString(`" xml:lang="`)
	xhtml.EscapeXML(out, lang)
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
`)
	// A document of index content alone has a body typed as the index
	// (EPUB Indexes 1.0).
	if d.bookIndex {
		out.WriteString(`<body epub:type="index">` + "\n")
	} else {
		out.WriteString("<body>\n")
	}
}

// xhtml draws a content document: the cover, the front matter or a
// chapter. An odds chart is an SVG in the document, which the manifest
// declares: the document has one when it holds the tag, which no text of
// the manuscript can spell, escaped as it is.
func (b *book) xhtml(ctx context.Context, d *document) []byte {
	var out bytes.Buffer
	b.head(&out, d)
	w := &writer{b: b, d: d, out: &out}
	w.x = xhtml.New(ctx, &out, w, xhtml.Options{EPUB: true, System: b.system, ArtRunes: b.mono})
	switch {
	case d.cover:
		w.out.WriteString(`<section epub:type="cover" class="cover-picture">` + "\n")
		w.Picture(w.x, w.b.doc.Cover)
		w.out.WriteString("\n</section>\n")
	case d.titlePage:
		w.writeTitlePage()
	case d.bookIndex:
		// EPUB Indexes 1.0: the document's body is typed "index" (see
		// head), and the index's groups, entries, terms and locators
		// in it (see xhtml.Writer.Index).
		out.WriteString(`<section role="doc-index" aria-labelledby="book-index-title">` + "\n")
		out.WriteString(`<h1 id="book-index-title">` + indexTitle + "</h1>\n")
		w.x.Index(b.doc.Index, xhtml.IndexLinks(b.doc.Headings(), func(h *ast.Heading) (string, string) {
			if h == nil {
				// A place before the first heading is in the front
				// matter, the first document after the cover.
				for _, start := range b.docs {
					if !start.cover && !start.titlePage {
						return start.name, cmp.Or(start.title, untitled)
					}
				}
			}
			return b.at[h].href(d), ""
		}))
		out.WriteString("</section>\n")
	case d.heading != nil:
		out.WriteString(`<section epub:type="chapter" role="doc-chapter" aria-labelledby="`)
		xhtml.EscapeXML(&out, d.heading.ID)
		out.WriteString("\">\n")
		w.x.Blocks(d.blocks)
		out.WriteString("</section>\n")
	default:
		out.WriteString(`<section epub:type="frontmatter">` + "\n")
		w.x.Blocks(d.blocks)
		out.WriteString("</section>\n")
	}
	out.WriteString("</body>\n</html>\n")
	d.svg = bytes.Contains(out.Bytes(), []byte("<svg "))
	return out.Bytes()
}

// writeTitlePage draws the title page as the PDF's: the title, subtitle,
// authors and edition, and the credits and the licence under them.
func (w *writer) writeTitlePage() {
	cfg := w.b.doc.Config
	w.out.WriteString(`<section epub:type="titlepage" class="title-page">` + "\n")
	if cfg.Title != "" {
		w.x.Element(`<h1 class="book-title">`, typo.String(cfg.Title), "</h1>\n")
	}
	if cfg.Subtitle != "" {
		w.x.Element(`<p class="subtitle">`, typo.String(cfg.Subtitle), "</p>\n")
	}
	if len(cfg.Authors) > 0 {
		w.x.Element(`<p class="authors">`, strings.Join(cfg.Authors, ", "), "</p>\n")
	}
	var edition []string
	if cfg.Version != "" {
		edition = append(edition, "Version "+cfg.Version)
	}
	if cfg.Date != "" {
		edition = append(edition, cfg.Date)
	}
	if len(edition) > 0 {
		w.x.Element(`<p class="edition">`, strings.Join(edition, ", "), "</p>\n")
	}
	if len(cfg.Credits) > 0 || cfg.License != "" {
		w.out.WriteString(`<div class="colophon">` + "\n")
		for _, c := range cfg.Credits {
			w.x.Element("<p>", typo.String(c), "</p>\n")
		}
		if cfg.License != "" {
			w.x.Element(`<p class="license">`, typo.String(cfg.License), "</p>\n")
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

// Draws reports whether blk draws anything in the EPUB (see draws).
func (w *writer) Draws(blk ast.Block) bool { return w.b.draws(blk) }

// Contents draws the book's table of contents where its outline stands.
func (w *writer) Contents(_ *xhtml.Writer, toc *ast.TOC) {
	w.out.WriteString(`<section class="contents"`)
	w.x.IDAttr(w.ID(toc))
	w.out.WriteString(">\n<h2>Contents</h2>\n")
	w.b.contents(w.out, w.d)
	w.out.WriteString("\n</section>\n")
}

// BeginBlock does nothing: the EPUB's dice do not roll.
func (w *writer) BeginBlock() {}

// ID returns the id of the element node is drawn as, which links point at.
func (w *writer) ID(node any) string {
	if h, ok := node.(*ast.Heading); ok {
		return h.ID
	}
	return w.b.at[node].id
}

// HeadingLevel levels a heading by its depth in the book.
func (w *writer) HeadingLevel(h *ast.Heading) int { return min(max(h.Depth, 1), 6) }

// Permalink writes nothing: a reading system has its own bookmarks.
func (w *writer) Permalink(*xhtml.Writer, string, string) {}

// Title is the book's title, which names its cover's art; "" for an
// untitled book.
func (w *writer) Title() string {
	if w.b.title == untitled {
		return ""
	}
	return typo.String(w.b.title)
}

// Ref returns the address, from this document, of what a reference names.
func (w *writer) Ref(r *ast.Ref) (string, bool) {
	p, ok := w.b.ref(r)
	if !ok {
		return "", false
	}
	return p.href(w.d), true
}

// NoteRef returns a footnote mark's id and the address of its note.
func (w *writer) NoteRef(n *ast.FootnoteRef) (string, string, bool) {
	note, ok := w.b.noteOf[n]
	if !ok {
		return "", "", false
	}
	return w.ID(n), w.b.at[note].href(w.d), true
}

// NoteBack returns the address of the mark that cites a footnote.
func (w *writer) NoteBack(n *ast.Footnote) (string, bool) {
	m, ok := w.b.markOf[n]
	if !ok {
		return "", false
	}
	return w.b.at[m].href(w.d), true
}

// Dice writes dice notation as text: the EPUB has no roller.
func (w *writer) Dice(x *xhtml.Writer, ins []ast.Inline, i int) bool {
	x.Text(ins[i].(*ast.Dice).Expr)
	return false
}

// Roll writes dice notation as text.
func (w *writer) Roll(x *xhtml.Writer, expr string) { x.Text(expr) }

// Table draws a table in a frame that scrolls sideways when it is wider
// than the screen, its caption above it.
func (w *writer) Table(_ *xhtml.Writer, t *ast.Table) {
	w.out.WriteString(`<div class="table"`)
	w.x.IDAttr(w.ID(t))
	w.out.WriteString(">\n<table>\n")
	if c := t.Caption; c != nil {
		w.out.WriteString("<caption>")
		w.x.CaptionText(c)
		w.out.WriteString("</caption>\n")
	}
	w.x.TableRows(t, nil)
	w.out.WriteString("</table>\n</div>\n")
}

// Picture draws a picture's <img> at the width the author asked for, as a
// share of the text's width, never wider than the screen; a picture with
// no file shows its alt text, as the ASCII book does.
func (w *writer) Picture(x *xhtml.Writer, img *ast.Image) {
	src := w.b.pictures[img]
	if src == "" {
		x.Element(`<p class="picture-missing">`, "[Picture: "+img.Alt+"]", "</p>")
		return
	}
	w.out.WriteString(`<img src="` + src + `" alt="`)
	x.Text(img.Alt)
	w.out.WriteByte('"')
	switch {
	case img.Width.Percent > 0:
		w.out.WriteString(` style="width: ` + strconv.FormatFloat(math.Min(img.Width.Percent, 100), 'f', -1, 64) + `%"`)
	case img.Width.MM > 0:
		w.out.WriteString(` style="width: ` + strconv.FormatFloat(math.Round(img.Width.MM*10)/10, 'f', -1, 64) + `mm"`)
	}
	w.out.WriteString("/>")
}

// Footnotes draws the footnote bs[i] as an EPUB footnote, which a reading
// system shows in a pop-up from its mark, with a link back to the mark.
func (w *writer) Footnotes(_ *xhtml.Writer, bs []ast.Block, i int) int {
	n := bs[i].(*ast.Footnote)
	w.out.WriteString(`<aside epub:type="footnote" role="doc-footnote" class="footnote"`)
	w.x.IDAttr(w.ID(n))
	w.out.WriteString("><p>")
	w.x.FootnoteText(n)
	w.out.WriteString("</p></aside>\n")
	return i
}

// Sheet draws a character sheet on a page of its own as text that
// reflows (see xhtml.Writer.SheetText): the sheet as drawn, a hundred
// columns of monospace, was type of about 6 px on a phone.
func (w *writer) Sheet(_ *xhtml.Writer, c *ast.CharSheet) {
	f := w.b.sheets.Sheet(c.Class)
	class := f.Class
	if class == "" {
		class = "Blank"
	}
	w.out.WriteString(`<section class="sheet"`)
	w.x.IDAttr(w.ID(c))
	w.x.Element(` aria-label="`, "Character sheet: "+class, "\">\n")
	w.x.SheetText(f)
	w.out.WriteString("</section>\n")
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
			out.WriteString(`<li><a href="` + d.name + `">`)
			xhtml.EscapeXML(out, typo.String(d.title))
			out.WriteString("</a></li>\n")
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
		xhtml.EscapeXML(out, href)
		out.WriteString(`">`)
		xhtml.EscapeXML(out, typo.String(h.Title))
		out.WriteString("</a>")
		if end > i+1 {
			b.outline(out, from, headings[i+1:end])
		}
		out.WriteString("</li>")
		i = end
	}
	out.WriteString("\n</ol>")
}
