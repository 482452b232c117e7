package pdf

import (
	"bytes"
	"context"
	"io"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/pdfpatch"
)

// Options say how the PDF book is laid out. The zero value is a reader's
// book on the paper galley.toml names.
type Options struct {
	// Paper names the paper (see ast.ParsePaper); "" for the book's own,
	// from galley.toml.
	Paper string
	// Reader lays the book out as a reader's book, with its links and
	// bookmarks and without bleed, when galley.toml names a press: the
	// book a press build writes beside the press's interior.
	Reader bool
	// Proof returns the name of the check the rules engine bound to a
	// table, "" for none, which a proof marks under the table (see
	// Config.Proof); nil in a reader's book, which marks nothing.
	Proof func(*ast.Table) string
	// Untagged leaves the book's structure tree out (see tagger): for a
	// press that forbids what a tagged PDF needs. A reader's book is
	// tagged, PDF/UA-1.
	Untagged bool
}

// Book is the PDF book laid out and cut into pages, not yet drawn: what a
// command lays out once, whether it writes the book (Write), reports what
// the layout did badly (Warnings), or both.
//
// The first page is the cover: the book's coverpage art, or a typeset title
// page when it has none. The table of contents, with page numbers and
// links, stands where the author's outline does (the first, when there are
// several: the others print nothing), or after the cover. Then
// the book follows in reading order on pages with running heads (the book
// on the left, the chapter on the right) and page numbers: headings keep
// with the text under them, tables repeat their header row on the pages
// they continue on with their caption under their last row, boxes are
// framed under a title bar coloured by kind, figures and verbatim art are
// set in the mono font, formulas with dot leaders, footnotes at the foot of
// the page that cites them, references as links, followed by "(p. N)" for
// a section or chapter; each character sheet is a vector page of its own.
// The contents list the headings to galley.toml's toc_depth; the bookmarks
// go a level deeper, and each sheet has one. Each chapter starts a page,
// a right-hand one or none as galley.toml's chapters asks; \newpage
// is the ASCII book's and starts a page here only as \newpage[all]. Each
// column is filled to its foot, and a table, box or figure that does not
// fit where its text falls floats to the next (see paginate.Optimal).
type Book struct {
	l     *layouter
	flow  *flow
	pages []paginate.Page
	// drawn is set once the pages are drawn, which they are once.
	drawn bool
	// preflight reports, once the pages are drawn, what a printer would
	// refuse in them; nil for a book not for the press.
	preflight func() ast.DiagnosticList
	// frames are where each page's text stands (see Frames).
	frames []PageFrame
}

// LayOut lays the book out on the pages of opts.Paper, with the character
// sheets of sheets (nil for none), as often as it takes for the page
// numbers it prints to settle (see paginate.MaxPasses): the layout measures
// with fpdf's own font metrics, so it is the PDF's pagination, exactly. A
// rune that no embedded font has is printed as U+FFFD, the replacement
// character; galley check reports it as an error (see CheckGlyphs), so only
// a book built with its errors allowed has one.
//
// What the layout could not do well is found at once (see Warnings), so
// that the flow need not be kept past its drawing. The book is dated by its
// Date (see New).
//
// Once ctx is cancelled the layout stops at its next block, line or page,
// and LayOut returns ctx's error.
func LayOut(ctx context.Context, doc *ast.Document, sheets *sheet.Book, opts Options) (*Book, error) {
	paper := opts.Paper
	if paper == "" {
		paper = doc.Config.Paper
	}
	p := pressOf(doc)
	if opts.Reader {
		p = nil
	}
	pdf, err := newBook(doc, paper, p)
	if err != nil {
		return nil, err
	}
	cfg := doc.Config
	if cfg.Title != "" {
		pdf.SetTitle(cfg.Title, true)
	}
	if cfg.Subtitle != "" {
		pdf.SetSubject(cfg.Subtitle, true)
	}
	// The book's layout is most of what the build holds: a line's words,
	// spans and drawing for each of its passes, and then fpdf's pages. At
	// the default GOGC the heap grew to twice that before each collection,
	// and the layout's peak was the build's; collecting more often keeps
	// the heap near what is live, and costs little now that the layout
	// makes little garbage (see setter.words, linebreak.Breaker).
	defer collectOften()()
	l := layouterFor(ctx, pdf, doc, sheets, p)
	if l.press != nil {
		l.forPress("interior", l.press.inkLimit)
	} else if !opts.Untagged {
		// A press's interior is a print file, PDF/X for most presses,
		// read by a printer, not a reader: the reader's book is tagged.
		l.tag = newTagger(pdf, cfg)
		l.set.tag = l.tag
	}
	if cfg.Proof {
		l.proof = opts.Proof
	}
	f, pages := l.layout()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	l.pages.Warnings = l.warnings(f, pages)
	b := &Book{l: l, flow: f, pages: pages, frames: l.frames(f, pages)}
	if l.press != nil {
		b.preflight = l.preflight(f, pages)
	}
	return b, nil
}

// Pagination is the book's pagination: its pages, the page of every
// heading, and the warnings of what its layout could not do well, those of
// Warnings.
func (b *Book) Pagination() *paginate.Pagination { return b.l.pages }

// Warnings reports what the layout could not do well, as warnings at the
// blocks that caused it: a table or box that fits on a page broken across
// two (layout/split), a heading left at the foot of a page
// (layout/heading-at-foot), a paragraph with lines that run into the
// margin (layout/overfull) or that only a ragged line could set
// (layout/loose), and a page in the middle of a chapter less than
// underfullShare full (layout/underfull). The press's preflight, which
// measures what is drawn, adds its own once the pages are drawn (see
// Draw).
func (b *Book) Warnings() ast.DiagnosticList { return b.l.pages.Warnings }

// Draw draws the pages, if they are not drawn yet. Write draws them; galley
// check draws a book for the press without writing it, for the preflight's
// warnings.
func (b *Book) Draw(ctx context.Context) error {
	if b.drawn {
		return nil
	}
	b.drawn = true
	b.l.ctx, b.l.cancelled = ctx, false
	// From here on the live heap is mostly fpdf's pages, bytes it need not
	// scan, and nearly all that is allocated is garbage at once: strings
	// for each text drawn. At the default GOGC the heap doubled over the
	// pages before each collection; collecting more often, at little cost,
	// keeps it near what is live.
	defer collectOften()()
	b.l.tag.begin()
	b.l.drawPages(b.flow, b.pages)
	// The flow is drawn: what is left is fpdf's.
	b.flow, b.pages = nil, nil
	if err := ctx.Err(); err != nil {
		return err
	}
	if b.preflight != nil {
		b.l.pages.Warnings = append(b.l.pages.Warnings, b.preflight()...)
	}
	return nil
}

// Write draws the pages, unless they are drawn, and writes the PDF to w.
// Once ctx is cancelled the drawing stops at its next page, and Write
// returns ctx's error.
func (b *Book) Write(ctx context.Context, w io.Writer) error {
	if err := b.Draw(ctx); err != nil {
		return err
	}
	defer collectOften()()
	if b.l.press == nil {
		return output(ctx, b.l.pdf, w)
	}
	var buf bytes.Buffer
	if err := output(ctx, b.l.pdf, &buf); err != nil {
		return err
	}
	data, err := pdfpatch.AddPageBoxes(buf.Bytes(), b.l.bleed)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// WriteBook lays the book out and writes it to w (see LayOut and Write),
// and returns its pagination, warnings and all.
func WriteBook(ctx context.Context, w io.Writer, doc *ast.Document, sheets *sheet.Book, opts Options) (*paginate.Pagination, error) {
	b, err := LayOut(ctx, doc, sheets, opts)
	if err != nil {
		return nil, err
	}
	if err := b.Write(ctx, w); err != nil {
		return nil, err
	}
	return b.Pagination(), nil
}

// stopped reports whether l.ctx is cancelled. Once it is, the layout and
// the drawing unwind through every loop they are in (a list's items, a
// box's blocks, a paragraph's lines), each asking here on its way out:
// the context is asked no more once it has said so.
func (l *layouter) stopped() bool {
	if !l.cancelled {
		l.cancelled = l.ctx.Err() != nil
	}
	return l.cancelled
}

// layout lays the book out and cuts it into pages, as often as it takes
// for the page numbers it prints to settle, and returns the last pass's
// flow and pages. Once l.ctx is cancelled it returns what it has.
func (l *layouter) layout() (*flow, []paginate.Page) {
	var f *flow
	var pages []paginate.Page
	for range paginate.MaxPasses {
		f = l.flow()
		if l.stopped() {
			break
		}
		var order []int
		pages, order = paginate.Optimal(f.items, l.frame())
		f.reorder(order)
		pages = l.appendIndex(f, pages)
		next := pagination(f, pages)
		settled := next.Same(l.pages)
		l.pages = next
		if settled {
			break
		}
	}
	// The press binds pages in fours: the blank pages that make them up
	// are the book's too.
	l.unpadded = len(pages)
	pages = l.padded(f, pages)
	if l.pages != nil {
		l.pages.Pages = len(pages)
	}
	return f, pages
}

// output writes the PDF to w. fpdf compresses every page only now, in a
// call that takes no context and for a book of thousands of pages lasts
// seconds, so a cancelled build does not wait for it: the call finishes in
// the background, writing, if it gets that far, into a file its caller
// has closed.
func output(ctx context.Context, pdf *fpdf.Fpdf, w io.Writer) error {
	done := make(chan error, 1)
	go func() { done <- parallel.Catch(func() error { return pdf.Output(w) }) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// layouter lays the book out and draws it.
type layouter struct {
	doc *ast.Document
	pdf *fpdf.Fpdf
	set *setter
	// ctx stops the layout and the drawing, loop by loop, when the build
	// is cancelled; WriteBook then returns its error. cancelled is set
	// once ctx has said so (see stopped).
	ctx       context.Context
	cancelled bool
	// pageWidth and pageHeight are the paper's size.
	pageWidth, pageHeight float64
	// margins are the page's, and columns how many columns the text is
	// set in (see columnCount); bleed is how far the paper runs past the
	// page's trim on every side, for the press.
	margins margins
	columns int
	bleed   float64
	// press is the press the book is for, nil for a reader's book, and
	// inkLimit the most ink its pages may lay, in percent: the press's
	// limit for an interior or for a cover.
	press    *press
	inkLimit float64
	// ground is the colour pictures are drawn on, which a CMYK press's
	// picture shows through its transparent pixels: the paper's white, or
	// the press cover's ground.
	ground rgb
	// inkOver, when set, is told of a colour that would lay more ink than
	// the press's limit, and pictureDrawn of each picture drawn w by h mm,
	// with how many of its pixels would and the most ink one would (see
	// preflight).
	inkOver      func(ink float64)
	pictureDrawn func(img *ast.Image, w, h float64, over int, most float64)
	// unpadded is how many pages the book has before the press's blank
	// pages.
	unpadded int
	targets  *ast.Targets
	// links are the fpdf links of everything a reference or the table of
	// contents can point at: headings, numbered tables, figures and boxes.
	links map[any]int
	// tag builds the structure tree of a tagged book; nil for an
	// untagged one.
	tag *tagger
	// proof names the check bound to each table, which a proof marks;
	// nil in a reader's book.
	proof func(*ast.Table) string
	// pages is the previous pass's pagination, nil on the first.
	pages  *paginate.Pagination
	sheets *sheet.Book
	// outline is the book's outline, where its contents stand; nil when
	// they stand after the cover.
	outline *ast.TOC
	// footnotes binds each footnote mark to the footnote it cites, and
	// cited holds the footnotes some mark cites, which print at the foot
	// of a page rather than where they are written.
	footnotes map[*ast.FootnoteRef]*ast.Footnote
	cited     map[*ast.Footnote]bool
	// sectionTitles are the titles of each chapter's sections, which its
	// opening page lists (see sections); made on first use.
	sectionTitles map[*ast.Heading][]string
	// notes and noteArt are the current pass's footnotes, as the
	// paginator places them and as they are drawn.
	notes   map[*ast.FootnoteRef]*paginate.Note
	noteArt map[*paginate.Note]func(y float64)
	// beforeDraw, when set, is told the index of each item before it is
	// drawn (see preflight).
	beforeDraw func(item int)
	// source is the block being laid out, and badLines the current
	// pass's paragraphs with lines set badly (see noteBadLines).
	source   ast.Block
	badLines []badLines
	// flowLength is how many items the last pass's flow had.
	flowLength int
	// index is the book's index and the pages of its places, nil for a
	// book without one.
	index *indexState
}

// newLayouter returns the layouter of a book on pdf, a document newBook
// made for the book's press.
func newLayouter(ctx context.Context, pdf *fpdf.Fpdf, doc *ast.Document, sheets *sheet.Book) *layouter {
	return layouterFor(ctx, pdf, doc, sheets, pressOf(doc))
}

// layouterFor returns the layouter of a book on pdf for press p, nil for a
// reader's book, a document newBook made for it.
func layouterFor(ctx context.Context, pdf *fpdf.Fpdf, doc *ast.Document, sheets *sheet.Book, p *press) *layouter {
	b := bleedOf(p)
	w, h := pdf.GetPageSize()
	w, h = w-2*b, h-2*b
	l := &layouter{
		doc: doc, pdf: pdf, set: newSetter(pdf), ctx: ctx,
		pageWidth: w, pageHeight: h,
		margins:   marginsFor(w, h),
		targets:   doc.Targets(),
		links:     map[any]int{},
		footnotes: bindFootnotes(doc),
		cited:     map[*ast.Footnote]bool{},
		sheets:    sheets,
	}
	for _, fn := range l.footnotes {
		l.cited[fn] = true
	}
	l.columns = columnCount(w - l.margins.inner - l.margins.outer)
	l.bleed, l.press, l.ground = b, p, white
	l.set.dx, l.set.dy = b, b
	l.set.stop = l.stopped
	l.outline = doc.TOC()
	l.index = l.newIndexState()
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Heading:
			l.links[n] = pdf.AddLink()
		case *ast.Table, *ast.Figure, *ast.Image, *ast.Box:
			l.links[n] = pdf.AddLink()
		}
		return true
	})
	return l
}

// body is the region of the page text is set in, on a right-hand page: a
// left-hand page is drawn shifted by mirror.
func (l *layouter) body() region {
	return region{l.margins.inner, l.pageWidth - l.margins.inner - l.margins.outer}
}

// mirror is how far right of a right-hand page's text a left-hand page's
// stands: its margins are the other way round.
func (l *layouter) mirror() float64 { return l.margins.outer - l.margins.inner }

// column is the region of the page's first column, where text is set;
// the others stand columnStep apart to its right. On a page of one column
// it is the body.
func (l *layouter) column() region {
	body := l.body()
	return region{body.x, (body.width - gutter*float64(l.columns-1)) / float64(l.columns)}
}

// columnStep is the distance from one column to the next.
func (l *layouter) columnStep() float64 { return l.column().width + gutter }

// columnCount is how many columns a measure width wide is set in: two
// where each holds at least minColumn, one on a narrower page.
func columnCount(width float64) int {
	if width >= 2*minColumn+gutter {
		return 2
	}
	return 1
}

// frame is the page's text area, as the paginator fills it.
func (l *layouter) frame() paginate.Frame {
	return paginate.Frame{Height: l.bodyHeight(), NoteRule: noteRuleSpace, Columns: l.columns}
}

// bodyHeight is the height of the page's text.
func (l *layouter) bodyHeight() float64 {
	return l.pageHeight - l.margins.top - l.margins.bottom
}

// longBlock is the share of a column's height past which a box, a table
// or a stat block is no longer kept whole.
const longBlock = 2.0 / 3

// keptWhole reports whether a box, table or stat block h tall is kept
// whole, as a sidebar is, to float on to the next column when it does not
// fit where its text falls. A longer one breaks between its rows or its
// blocks, its head repeated, as LaTeX's longtable and tcolorbox's
// breakable boxes do: kept whole, it would leave most of a column empty
// before it whenever no text follows to fill the room, as before a
// chapter's character sheets.
func (l *layouter) keptWhole(h float64) bool {
	return h <= longBlock*l.bodyHeight()
}

// flow lays out the whole book: cover, title page, contents and blocks,
// leaving out a cover or title page that would be blank.
func (l *layouter) flow() *flow {
	l.badLines = l.badLines[:0]
	l.tag.reset()
	l.layoutNotes()
	// Each pass lays out about what the last did: its flow is made that
	// long at once rather than grown by doubling, a copy at each step.
	f := &flow{items: make([]paginate.Item, 0, l.flowLength), pieces: make([]piece, 0, l.flowLength)}
	if l.hasCover() {
		f.whole(l.cover)
		f.tagAs(l.tag.cover(l.doc.Config))
	}
	if l.doc.Config.HasTitlePage() {
		f.whole(l.titlePage)
		f.tagAs(l.tag.add("P"))
	}
	if l.outline == nil && l.hasContents() {
		_, outer := l.tag.open("TOC")
		f.add(l.toc(nil))
		l.tag.leave(outer)
		f.newPage(false)
	}
	l.appendBlocks(f, l.doc.Blocks, l.column())
	l.flowLength = len(f.items)
	return f
}

// pagination finds the page of every heading.
func pagination(f *flow, pages []paginate.Page) *paginate.Pagination {
	p := &paginate.Pagination{Pages: len(pages), Headings: map[string]int{}}
	for n, page := range pages {
		for i := page.Start; i < page.End; i++ {
			if h := f.pieces[i].marked().heading; h != nil {
				p.Headings[h.ID] = n + 1
			}
		}
	}
	return p
}

// linkOf returns the link that a reference to target draws, 0 for none: a
// book without links draws its references as text (see press.links).
func (l *layouter) linkOf(target any) int {
	if l.press != nil && !l.press.links() {
		return 0
	}
	return l.links[target]
}
