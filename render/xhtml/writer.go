// Package xhtml writes the document tree's blocks and prose as HTML: the
// one emitter the site's pages (render/html) and the EPUB's documents
// (render/epub) share, as goldmark's HTML renderer serves HTML and, with
// html.WithXHTML, XHTML. A box, a list, a figure, a caption, a footnote's
// text or a paragraph of prose reads the same in both because one function
// draws it.
//
// Each writer gives the emitter what differs between them (see Renderer):
// where links lead and the ids they lead to, how dice notation and
// footnote marks are drawn (the site's roll links; the EPUB's note
// references), the permalinks after the site's headings, and the frames
// of the blocks it draws its own way (the site's tables in their scroll
// frames with their roll buttons and proof marks, its runs of footnotes,
// its contents and its sheets as forms; the EPUB's tables with their
// captions above, its pop-up footnotes, contents and sheets as art). Options say what the target is: HTML, or XHTML for an
// EPUB reading system (escaped as XML, SVG with its namespace, footnote
// marks typed for EPUB), and whether art is set in frames that scroll.
//
// Every piece of the manuscript's text goes through Text, every address
// through Href; each block's markup ends with a newline.
package xhtml

import (
	"bytes"
	"context"

	"github.com/galleyhq/galley/parser/ast"
)

// Options say what the emitter writes for.
type Options struct {
	// EPUB writes XHTML for an EPUB 3 reading system: text escaped as XML
	// requires, addresses as they are, SVG with its namespace and footnote
	// marks typed as EPUB note references. The site's HTML otherwise.
	EPUB bool
	// ArtFrames sets monospace art in frames that scroll sideways on a
	// narrow screen, as the site does.
	ArtFrames bool
	// System is the book's system, the context of its odds charts.
	System string
	// ArtRunes, when not nil, gathers every rune the monospace art drawn
	// uses, for a writer that embeds a monospace font cut to them.
	ArtRunes map[rune]bool
}

// Renderer is what a writer gives the emitter: what it draws otherwise
// than the other writer.
type Renderer interface {
	// Draws reports whether b draws anything: page breaks and class data
	// draw nothing in either writer; the rest is the writer's to say (the
	// book's one table of contents, a sheet of a class the book has).
	Draws(b ast.Block) bool
	// Table draws a table, in the frame and with the caption and the
	// tools the writer gives it; the emitter draws its rows (TableRows).
	Table(w *Writer, t *ast.Table)
	// Footnotes draws the footnote bs[i], or the run of footnotes it
	// starts, and returns the index of the last it drew; the emitter
	// draws each one's text (FootnoteText).
	Footnotes(w *Writer, bs []ast.Block, i int) (last int)
	// Contents draws the book's table of contents where its outline
	// stands.
	Contents(w *Writer, toc *ast.TOC)
	// Sheet draws a character sheet where the book places it.
	Sheet(w *Writer, c *ast.CharSheet)
	// BeginBlock is told that a block, a list item or a footnote begins.
	BeginBlock()
	// ID returns the id of the element drawn for node, which links point
	// at; "" for none.
	ID(node any) string
	// HeadingLevel returns the HTML level, 1 to 6, of a heading of the
	// text.
	HeadingLevel(h *ast.Heading) int
	// Permalink writes, after a heading's or a box's title, the link to
	// the element id that a reader can copy; label names it for a screen
	// reader.
	Permalink(w *Writer, id, label string)
	// Title is the book's title as the labels of its art name it, "" for
	// none.
	Title() string
	// Picture draws a picture's image.
	Picture(w *Writer, img *ast.Image)
	// Ref returns the address of what a reference names, and false when
	// it names nothing (the checker has reported it).
	Ref(r *ast.Ref) (href string, ok bool)
	// NoteRef returns the id of a footnote mark and the address of the
	// footnote it cites, and false when it cites none.
	NoteRef(n *ast.FootnoteRef) (id, href string, ok bool)
	// NoteBack returns the address of the mark that cites a footnote, and
	// false when no mark does.
	NoteBack(n *ast.Footnote) (href string, ok bool)
	// Dice draws the dice notation ins[i] in prose, and reports whether it
	// drew the "s" that follows it too, as in "roll two d6s".
	Dice(w *Writer, ins []ast.Inline, i int) (plural bool)
	// Roll draws dice notation named outside prose: the expression under
	// an odds chart.
	Roll(w *Writer, expr string)
}

// Writer draws blocks and prose into a buffer.
type Writer struct {
	ctx  context.Context
	out  *bytes.Buffer
	r    Renderer
	opts Options
	// plain keeps the text of each paragraph drawn, when not nil (see
	// KeepPlain); keeping is set while a paragraph is drawn.
	plain   *PlainTexts
	keeping bool
}

// New returns a writer drawing into out for r. Once ctx is cancelled it
// draws no more blocks: one page of a site may hold a whole book.
func New(ctx context.Context, out *bytes.Buffer, r Renderer, opts Options) *Writer {
	return &Writer{ctx: ctx, out: out, r: r, opts: opts}
}

// Raw writes markup as it is.
func (w *Writer) Raw(s string) { w.out.WriteString(s) }

// Text writes manuscript text, escaped for an element's content or a
// quoted attribute's value.
func (w *Writer) Text(s string) {
	if w.opts.EPUB {
		EscapeXML(w.out, s)
	} else {
		Escape(w.out, s)
	}
}

// Href writes an address of the book's own, as a quoted attribute's value:
// percent-encoded on the site (see Href); in the EPUB, whose file names
// and ids it names as they are, escaped as XML.
func (w *Writer) Href(href string) {
	if w.opts.EPUB {
		EscapeXML(w.out, href)
	} else {
		Href(w.out, href)
	}
}

// Element writes open, text escaped, and close.
func (w *Writer) Element(open, text, close string) {
	w.Raw(open)
	w.Text(text)
	w.Raw(close)
}

// IDAttr writes an element's id attribute, if it has an id.
func (w *Writer) IDAttr(id string) {
	if id != "" {
		w.Raw(` id="`)
		w.Text(id)
		w.Raw(`"`)
	}
}

// Blocks draws blocks in reading order.
func (w *Writer) Blocks(bs []ast.Block) {
	for i := 0; i < len(bs) && w.ctx.Err() == nil; i++ {
		if !w.r.Draws(bs[i]) {
			continue
		}
		w.r.BeginBlock()
		switch b := bs[i].(type) {
		case *ast.Heading:
			w.Heading(w.r.HeadingLevel(b), w.r.ID(b), b.Title)
		case *ast.Paragraph:
			w.Raw("<p>")
			w.paragraph(b)
			w.Raw("</p>\n")
		case *ast.List:
			w.list(b)
		case *ast.Box:
			w.box(b)
		case *ast.StatBlock:
			w.statBlock(b)
		case *ast.Figure:
			w.figure(b)
		case *ast.Image:
			w.image(b)
		case *ast.Formula:
			w.formula(b)
		case *ast.CoverPage:
			label := "Cover"
			if title := w.r.Title(); title != "" {
				label += " of " + title
			}
			w.Art("cover", b.Lines, label)
			w.Raw("\n")
		case *ast.Verbatim:
			w.verbatim(b)
			w.Raw("\n")
		case *ast.OddsChart:
			w.odds(b)
		case *ast.Table:
			w.r.Table(w, b)
		case *ast.Footnote:
			i = w.r.Footnotes(w, bs, i)
		case *ast.TOC:
			w.r.Contents(w, b)
		case *ast.CharSheet:
			w.r.Sheet(w, b)
		}
	}
}
