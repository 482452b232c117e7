package pdf

import (
	"bytes"
	"context"
	"io"
	"math"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/pdfpatch"
	"github.com/galleyhq/galley/render/typo"
)

// A press's cover is one sheet wrapped round the book: the back on the
// left, the spine, the front on the right, bleed round all three. Its
// size is the press's formula's: the spine as thick as the book's pages
// on its paper stock (see press.spine), the sheet two trims and a spine
// wide, and a bleed on every side.

// CoverSize returns the width and height of the cover of a book of pages
// pages for its press, with its bleed, and the width of its spine, all in
// inches; false for a book not for the press.
func CoverSize(doc *ast.Document, pages int) (width, height, spine float64, ok bool) {
	p := pressOf(doc)
	trim, err := ast.ParsePaper(doc.Config.Paper)
	if p == nil || err != nil {
		return 0, 0, 0, false
	}
	spine = p.spine(pages, doc.Config.PaperStock)
	b := bleed / inch
	return 2*trim.Width/inch + spine + 2*b, trim.Height/inch + 2*b, spine, true
}

// spineMargin is how far the spine's text keeps from each fold, in
// inches: KDP's rule, which the others' templates agree with.
const spineMargin = 0.0625

// minSpineType is the smallest spine text galley prints, in points: on a
// spine too thin for it the spine is left blank.
const minSpineType = 6.0

// WriteCover writes the cover of a book of pages pages, its interior's
// final count, for its press to w: on the ground of the book's first page,
// the back with galley.toml's blurb at its head and, at its foot by the
// spine, the press's barcode area kept clear; the spine with the title and
// the authors, rotated to read from its head, when the book has pages
// enough for the press to print spine text and the spine is wide enough
// for minSpineType; the front as the first page of a reader's book has it.
// Its colours are the press's (see setPressColours) under the press's
// cover ink limit. A proof (galley.toml's proof, build --proof) draws the
// guides a designer checks a cover by: the trim, the spine's folds, the
// safe zones and the barcode's area; a press's file has none. It returns
// the preflight's warnings of the cover's picture (see watchPictures).
func WriteCover(ctx context.Context, w io.Writer, doc *ast.Document, pages int) (ast.DiagnosticList, error) {
	p := pressOf(doc)
	width, height, spine, ok := CoverSize(doc, pages)
	if !ok {
		return nil, nil
	}
	pdf, err := newPDF(fpdf.SizeType{Wd: width * inch, Ht: height * inch}, doc.Date)
	if err != nil {
		return nil, err
	}
	if doc.Config.Title != "" {
		pdf.SetTitle(doc.Config.Title, true)
	}
	l := newLayouter(ctx, pdf, doc, nil)
	trim, _ := ast.ParsePaper(doc.Config.Paper)
	l.pageWidth, l.pageHeight = trim.Width, trim.Height
	l.margins = marginsFor(trim.Width, trim.Height)
	l.forPress("cover", p.coverInkLimit)
	var diags ast.DiagnosticList
	l.watchPictures(&diags)
	c := coverSheet{l: l, press: p, pages: pages, spine: spine * inch}
	c.draw()
	if err := pdf.Error(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := output(ctx, pdf, &buf); err != nil {
		return nil, err
	}
	data, err := pdfpatch.AddPageBoxes(buf.Bytes(), bleed)
	if err != nil {
		return nil, err
	}
	_, err = w.Write(data)
	return diags, err
}

// coverSheet draws a press's cover: l's page is the trim of one side, and
// the sheet is two of them either side of spine, in mm, bleed round all.
type coverSheet struct {
	l     *layouter
	press *press
	pages int
	spine float64
}

// The sheet's panels, in mm from its left edge: the back's trim starts at
// the bleed, the spine after it, the front after the spine.
func (c coverSheet) back() float64  { return bleed }
func (c coverSheet) fold() float64  { return bleed + c.l.pageWidth }
func (c coverSheet) front() float64 { return c.fold() + c.spine }

func (c coverSheet) draw() {
	l := c.l
	l.pdf.AddPage()
	w, h := l.pdf.GetPageSize()
	l.pdf.SetFillColor(inkGround.r, inkGround.g, inkGround.b)
	l.pdf.Rect(0, 0, w, h, "F")
	l.ground = inkGround
	c.within(c.front(), l.front)
	c.within(c.back(), c.blurb)
	c.spineText()
	if l.doc.Config.Proof {
		c.guides()
	}
}

// within draws draw on the panel whose trim starts x mm from the sheet's
// left, as if that panel were the page. The colours are set again after
// it: the graphics state the panel's drawing saved and restored has the
// colours from before it, which fpdf, unaware, takes for those it set
// last.
func (c coverSheet) within(x float64, draw func()) {
	pdf := c.l.pdf
	fill, text, stroke := colourOf(pdf.GetFillColor), colourOf(pdf.GetTextColor), colourOf(pdf.GetDrawColor)
	pdf.TransformBegin()
	pdf.TransformTranslate(x, bleed)
	draw()
	pdf.TransformEnd()
	pdf.SetFillColor(fill.r, fill.g, fill.b)
	pdf.SetTextColor(text.r, text.g, text.b)
	pdf.SetDrawColor(stroke.r, stroke.g, stroke.b)
}

// colourOf returns the colour one of fpdf's getters returns.
func colourOf(get func() (int, int, int)) rgb {
	r, g, b := get()
	return rgb{r, g, b}
}

// blurbFont and blurbLead set the back cover's text.
var (
	blurbFont = font{fontSerif, "", 11}
	blurbLead = 15 * ptMM
)

// blurb sets galley.toml's blurb at the head of the back, inside its safe
// zone, ragged right, and above the barcode's area.
func (c coverSheet) blurb() {
	l := c.l
	text := typo.String(l.doc.Config.Blurb)
	if text == "" {
		return
	}
	x, width := safeZone, l.pageWidth-2*safeZone
	space := l.set.width(" ", blurbFont)
	y := safeZone + l.pageHeight*0.08
	bottom := l.pageHeight - safeZone - c.press.barcode[1]*inch
	for _, line := range l.set.wrap(l.set.words([]span{{text: text, font: blurbFont, color: inkText}}, nil), width, space) {
		if y+blurbLead > bottom {
			break
		}
		line.last = true
		l.set.drawLine(line, x, y+baseline(blurbFont, blurbLead), line.natural, space, blurbLead)
		y += blurbLead
	}
}

// spineText sets the title and the authors along the spine, reading from
// its head (rotated a quarter turn clockwise, as English spines read), at
// the largest size up to the title's that the spine holds between its
// margins, when the press prints spine text on a book this long.
func (c coverSheet) spineText() {
	l := c.l
	cfg := l.doc.Config
	text := typo.String(cfg.Title)
	if len(cfg.Authors) > 0 {
		text += "  ·  " + strings.Join(cfg.Authors, ", ")
	}
	room := c.spine - 2*spineMargin*inch
	size := math.Min(14, room/ptMM/fontHeight)
	if c.pages < c.press.spineTextPages || text == "" || size < minSpineType {
		return
	}
	f := font{fontSerif, "B", size}
	length := l.pageHeight - 2*safeZone
	text = fitText(l.set, text, f, length)
	centre := c.fold() + c.spine/2
	mid := bleed + l.pageHeight/2
	l.pdf.TransformBegin()
	l.pdf.TransformRotate(-90, centre, mid)
	// Rotated about the spine's centre, the line runs along the spine:
	// centred on it, its baseline below the centre by half its body.
	em := size * ptMM
	base := mid + fontAscent*em - fontHeight*em/2
	l.set.draw(centre-l.set.width(text, f)/2, base, text, f, inkHeading)
	l.pdf.TransformEnd()
}

// guides draws, for a proof, the trim, the spine's folds, the safe zones
// of the back and the front and the barcode's area, in hairlines.
func (c coverSheet) guides() {
	l := c.l
	l.pdf.SetDrawColor(inkChecked.r, inkChecked.g, inkChecked.b)
	l.pdf.SetLineWidth(0.2)
	w, h := l.pdf.GetPageSize()
	l.pdf.Rect(bleed, bleed, w-2*bleed, h-2*bleed, "D")
	l.pdf.Line(c.fold(), 0, c.fold(), h)
	l.pdf.Line(c.front(), 0, c.front(), h)
	for _, x := range []float64{c.back(), c.front()} {
		l.pdf.Rect(x+safeZone, bleed+safeZone, l.pageWidth-2*safeZone, l.pageHeight-2*safeZone, "D")
	}
	bw, bh := c.press.barcode[0]*inch, c.press.barcode[1]*inch
	l.pdf.Rect(c.fold()-barcodeInset-bw, bleed+l.pageHeight-barcodeInset-bh, bw, bh, "D")
}

// barcodeInset is how far the barcode's area stands from the spine and
// from the foot of the back's trim: 0.25 in, where KDP prints it.
const barcodeInset = 0.25 * inch
