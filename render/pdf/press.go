package pdf

import (
	_ "embed"
	"fmt"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// A book for the press (galley.toml's press, build --press) is what a
// print-on-demand service takes: its pages run bleed past the trim on
// every side, each page says where it is cut (its TrimBox) and how far
// its ink may run (its BleedBox), its colours are declared sRGB by an
// output intent, and its pages are a multiple of pressSignature, padded
// with blank pages at the end. Lulu and DriveThruRPG ask the same of
// these, so galley has one press, not a preset for each.

// bleed is how far past the trim a press book's pages run: 0.125 in, what
// the binder cuts off, so that what runs to the edge still does when a
// cut falls a little off true.
const bleed = 0.125 * 25.4

// pressSignature is what a press book's page count is a multiple of: four
// pages, the two sides of a folded sheet.
const pressSignature = 4

// sRGB is the ICC's sRGB profile (sRGB2014.icc, with its licence in
// icc/LICENSE), the output intent of a press book: galley's inks are
// sRGB, and the printer converts them from it.
//
//go:embed icc/sRGB2014.icc
var sRGB []byte

// bleedOf returns how far past the trim a book's pages run.
func bleedOf(press bool) float64 {
	if press {
		return bleed
	}
	return 0
}

// newBook returns the PDF document of a book on paper (see New): for the
// press, its pages bleed larger than the trim on every side, and moved in
// by it (see setBleed).
func newBook(doc *ast.Document, paper string) (*fpdf.Fpdf, error) {
	if paper == "" {
		paper = doc.Config.Paper
	}
	trim, err := ast.ParsePaper(paper)
	if err != nil {
		return nil, err
	}
	b := bleedOf(doc.Config.Press)
	pdf, err := newPDF(fpdf.SizeType{Wd: trim.Width + 2*b, Ht: trim.Height + 2*b}, doc.Date)
	if err != nil || b == 0 {
		return pdf, err
	}
	setBleed(pdf, b)
	return pdf, pdf.Error()
}

// padded returns pages with blank pages after them, for the press, to a
// multiple of pressSignature.
func (l *layouter) padded(f *flow, pages []paginate.Page) []paginate.Page {
	if l.bleed == 0 {
		return pages
	}
	end := len(f.items)
	for len(pages)%pressSignature != 0 {
		pages = append(pages, paginate.Page{Start: end, End: end})
	}
	return pages
}

// setBleed makes every page of pdf, which New made b larger than the trim
// on each side, draw its trim's content b in from its corner, and
// declares its colours sRGB. Each page's drawing is moved inside its own
// saved graphics state, opened as fpdf starts the page and closed as it
// ends it, so that everything drawn, the sheets' pages as the text's, is
// moved alike. The state is written raw: fpdf's own transformations must
// be closed before it closes the last page, which is when it ends this.
func setBleed(pdf *fpdf.Fpdf, b float64) {
	k := 72 / 25.4
	pdf.SetHeaderFunc(func() { pdf.RawWriteStr(fmt.Sprintf("q 1 0 0 1 %.5f %.5f cm", b*k, -b*k)) })
	pdf.SetFooterFunc(func() { pdf.RawWriteStr("Q") })
	pdf.AddOutputIntent(fpdf.OutputIntentType{
		SubtypeIdent:              fpdf.OutputIntent_GTS_PDFX,
		OutputConditionIdentifier: "sRGB IEC61966-2.1",
		Info:                      "sRGB IEC61966-2.1",
		ICCProfile:                sRGB,
	})
}
