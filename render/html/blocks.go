package html

import (
	"bytes"
	"context"
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/render/xhtml"
	"github.com/galleyhq/galley/rules"
)

// pageWriter draws one page's content: the emitter the site shares with the
// EPUB (package xhtml) draws most blocks and the prose, and the page gives
// it what the site draws its own way (see xhtml.Renderer): links relative
// to the page, dice that roll, permalinks, tables in scroll frames with
// their roll buttons and proof marks, runs of footnotes, the contents and
// the sheets as forms. It writes straight into the page's buffer, as
// goldmark's HTML renderer does: a large book spends its time here, and
// html/template, walking views of the blocks by reflection, took several
// times as long and allocated at every step. Content is drawn per page
// because links are relative to the page they are on.
type pageWriter struct {
	// ctx stops the page, block by block, when the build is cancelled:
	// one page may hold a whole book.
	ctx  context.Context
	site *site
	page *sitePage
	out  *bytes.Buffer
	// x is the emitter, drawing into out.
	x *xhtml.Writer
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

// newPageWriter returns the writer of page p's content into out.
func (s *site) newPageWriter(ctx context.Context, p *sitePage, out *bytes.Buffer) *pageWriter {
	w := &pageWriter{ctx: ctx, site: s, page: p, out: out, linkedDice: map[string]bool{}}
	w.x = xhtml.New(ctx, out, w, xhtml.Options{ArtFrames: true, System: s.system})
	return w
}

// Draws reports whether the page draws anything for b: page breaks have no
// place on screen, class data is drawn where its sheet is placed, the
// book's contents stand where its first outline does, and the cover
// picture, once shown, stands in for the cover page's art.
func (w *pageWriter) Draws(b ast.Block) bool {
	switch b := b.(type) {
	case *ast.PageBreak, *ast.ClassData:
		return false
	case *ast.TOC:
		return b == w.site.toc
	case *ast.CharSheet:
		return w.sheetOf(b) != nil
	case *ast.CoverPage:
		return !w.cover
	}
	return true
}

// Contents draws the book's table of contents (see writeContents).
func (w *pageWriter) Contents(*xhtml.Writer, *ast.TOC) {
	w.writeContents()
	w.out.WriteByte('\n')
}

// BeginBlock starts a block's dice: notation is linked once a block.
func (w *pageWriter) BeginBlock() { clear(w.linkedDice) }

// ID returns the id of what node is drawn as: a heading's anchor on its
// page, or the id the site's links give a box, a table, a figure or a
// footnote.
func (w *pageWriter) ID(node any) string {
	if h, ok := node.(*ast.Heading); ok {
		return w.site.links.anchors[h]
	}
	return w.site.links.ids[node]
}

// Title is the book's title, which names its cover's art.
func (w *pageWriter) Title() string { return w.site.doc.Config.Title }

// Ref returns the address, from this page, of what a reference names.
func (w *pageWriter) Ref(r *ast.Ref) (string, bool) {
	t, ok := w.site.links.ref(r)
	if !ok {
		return "", false
	}
	return t.from(w.page), true
}

// NoteRef returns a footnote mark's id and the address of its note.
func (w *pageWriter) NoteRef(n *ast.FootnoteRef) (string, string, bool) {
	t, ok := w.site.links.footnote[n]
	if !ok {
		return "", "", false
	}
	return w.site.links.ids[n], t.from(w.page), true
}

// NoteBack returns the address of the mark that cites a footnote.
func (w *pageWriter) NoteBack(n *ast.Footnote) (string, bool) {
	back, ok := w.site.links.footnoteRef[n]
	if !ok {
		return "", false
	}
	return back.from(w.page), true
}

// Roll writes dice notation that rolls on the roller, as under an odds
// chart.
func (w *pageWriter) Roll(_ *xhtml.Writer, expr string) {
	w.out.WriteString(`<a class="dice" href="#roller" data-roll="`)
	xhtml.Escape(w.out, expr)
	w.out.WriteString(`">`)
	xhtml.Escape(w.out, expr)
	w.out.WriteString("</a>")
}

// HeadingLevel levels a heading under the page's own: a heading one level
// below the page's is an h2, and so on down to h6.
func (w *pageWriter) HeadingLevel(h *ast.Heading) int {
	return min(max(h.Depth-w.page.Depth()+1, 2), 6)
}

// Permalink writes the link to the element id that a reader can copy,
// after a heading's or a box's title.
func (w *pageWriter) Permalink(_ *xhtml.Writer, id, label string) {
	w.out.WriteString(` <a class="permalink" href="#`)
	xhtml.Href(w.out, id)
	w.out.WriteString(`" aria-label="`)
	w.out.WriteString(label)
	w.out.WriteString(`">#</a>`)
}

// Table writes a table in a frame that scrolls sideways on a narrow
// screen. Its caption sits under the frame, so that it stays in view when
// the table scrolls, and the figure makes it the table's caption. A roll
// table's rows carry the faces they cover, for its roll button.
func (w *pageWriter) Table(_ *xhtml.Writer, t *ast.Table) {
	roll := w.site.rollTable(t)
	w.out.WriteString(`<figure class="table-block"`)
	w.x.IDAttr(w.site.links.ids[t])
	w.out.WriteString(">\n" + `<div class="table-scroll" tabindex="0" role="region" aria-label="`)
	if t.Caption != nil {
		w.x.CaptionLabel(t.Caption)
	} else {
		w.out.WriteString("Table")
	}
	w.out.WriteString(`, scrolls sideways">` + "\n<table")
	if roll != nil {
		w.out.WriteString(` class="roll-table" data-die="`)
		xhtml.Escape(w.out, roll.die)
		w.out.WriteByte('"')
	}
	w.out.WriteString(">\n")
	var rowAttrs func(row []*ast.Cell)
	if roll != nil {
		rowAttrs = func(row []*ast.Cell) {
			if len(row) == 0 {
				return
			}
			if faces, err := rules.ParseFaceRange(row[0].Text); err == nil {
				w.out.WriteString(` data-lo="` + strconv.Itoa(faces.Lo) + `" data-hi="` + strconv.Itoa(faces.Hi) + `"`)
			}
		}
	}
	w.x.TableRows(t, rowAttrs)
	w.out.WriteString("</table>\n</div>")
	w.x.Caption(t.Caption)
	var check string
	if w.site.proof != nil {
		check = w.site.proof(t)
	}
	if check != "" || roll != nil {
		w.out.WriteString("\n" + `<p class="table-tools">`)
		if roll != nil {
			w.out.WriteString(`<button type="button" class="roll-button" data-roll-table="`)
			xhtml.Escape(w.out, roll.expr)
			w.out.WriteString(`" data-system="`)
			xhtml.Escape(w.out, roll.system)
			w.out.WriteString(`">Roll `)
			xhtml.Escape(w.out, roll.die)
			w.out.WriteString(`</button> <output class="roll-table-result"></output>`)
		}
		if check != "" {
			w.out.WriteString(`<span class="checked" title="The rules engine recomputes this table on every build: the `)
			xhtml.Escape(w.out, check)
			w.out.WriteString(` check"><span aria-hidden="true">✓</span> checked <span class="check-name">`)
			xhtml.Escape(w.out, check)
			w.out.WriteString("</span></span>")
		}
		w.out.WriteString("\n</p>")
	}
	w.out.WriteString("\n</figure>\n")
}

// Footnotes writes the run of footnotes that starts at bs[i] under
// their rule, as on the page, and returns the index of the run's last.
// The run is a section, since ARIA allows the notes' role, doc-endnotes,
// on a section and not on an aside.
func (w *pageWriter) Footnotes(_ *xhtml.Writer, bs []ast.Block, i int) int {
	w.out.WriteString(`<section class="footnotes" role="doc-endnotes" aria-label="Footnotes">`)
	for ; i < len(bs); i++ {
		n, ok := bs[i].(*ast.Footnote)
		if !ok {
			break
		}
		w.out.WriteString("\n" + `<p class="footnote" id="`)
		xhtml.Escape(w.out, w.site.links.ids[n])
		w.out.WriteString(`">`)
		w.x.FootnoteText(n)
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

// Sheet embeds the class's character sheet as a form, and links its
// page, PDF and ASCII forms, which the sheets part writes under sheets/.
func (w *pageWriter) Sheet(_ *xhtml.Writer, c *ast.CharSheet) {
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
	xhtml.Escape(w.out, "sheet-"+ast.Slug(f.Name)+"-placement")
	w.out.WriteString(`" aria-label="Character sheet: `)
	xhtml.Escape(w.out, class)
	w.out.WriteString("\">\n")
	// SheetForm writes through html/template, so the form is escaped.
	form, err := w.site.sheetForm(f)
	if err != nil && w.err == nil {
		w.err = err
	}
	w.out.WriteString(form)
	w.out.WriteString("\n" + `<p class="sheet-links">The `)
	xhtml.Escape(w.out, class)
	w.out.WriteString(` sheet on its own page: <a href="`)
	xhtml.Href(w.out, sheets+".html")
	w.out.WriteString(`">HTML form</a> · <a href="`)
	xhtml.Href(w.out, sheets+".pdf")
	w.out.WriteString(`">PDF</a> · <a href="`)
	xhtml.Href(w.out, sheets+".txt")
	w.out.WriteString("\">ASCII</a></p>\n</section>\n")
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
	for _, h := range w.site.headings {
		if h.Depth > w.site.doc.Config.TOCDepth {
			continue
		}
		closeTo(h.Depth)
		if n := len(open); n > 0 && !open[n-1].list {
			w.out.WriteString("<ol>")
			open[n-1].list = true
		}
		w.out.WriteString("\n<li><a href=\"")
		xhtml.Href(w.out, w.site.links.heading[h].from(w.page))
		w.out.WriteString(`">`)
		xhtml.Escape(w.out, typo.String(h.Title))
		w.out.WriteString("</a>")
		open = append(open, entry{depth: h.Depth})
	}
	closeTo(0)
	w.out.WriteString("\n</ol>\n</nav>")
}
