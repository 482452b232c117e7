package pdf

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"sort"
	"strconv"

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

// pagePrefix starts every page object fpdf writes.
var pagePrefix = []byte("<</Type /Page\n/Parent 1 0 R")

// addPageBoxes writes into every page of a PDF whose pages are b larger
// than their trim on each side (in millimetres) a TrimBox and a BleedBox,
// and moves the cross-reference table's offsets past what it wrote. fpdf
// writes a page's boxes from a map, in no fixed order, which would make
// two builds of a book differ; written here, they are the same bytes.
//
// It also mends the trailer fpdf writes for a PDF with an output intent:
// fpdf points its /Info at the object before the catalogue, which is then
// the intent's ICC profile, not the document's information (its title).
func addPageBoxes(data []byte, b float64) ([]byte, error) {
	start := bytes.LastIndex(data, []byte("\nxref\n"))
	if start < 0 {
		return nil, errors.New("press: no cross-reference table in the PDF")
	}
	w, h, err := mediaBox(data[:start])
	if err != nil {
		return nil, err
	}
	k := 72 / 25.4
	boxes := fmt.Appendf(nil, "\n/TrimBox [%.2f %.2f %.2f %.2f]\n/BleedBox [0 0 %.2f %.2f]", b*k, b*k, w-b*k, h-b*k, w, h)
	out := make([]byte, 0, len(data)+bytes.Count(data[:start], pagePrefix)*len(boxes))
	// at are the offsets in data where the boxes went in, in order.
	var at []int
	from := 0
	for {
		i := bytes.Index(data[from:start], pagePrefix)
		if i < 0 {
			break
		}
		end := from + i + len(pagePrefix)
		out = append(append(out, data[from:end]...), boxes...)
		at = append(at, end)
		from = end
	}
	// shifted returns where an offset into data lies in out.
	shifted := func(offset int) int {
		return offset + len(boxes)*sort.SearchInts(at, offset+1)
	}
	out = append(out, data[from:start]...)
	xref, err := shiftXref(data[start:], shifted)
	if err != nil {
		return nil, err
	}
	return append(out, xref...), nil
}

// mediaBox reads the MediaBox fpdf writes in the page tree, in points: the
// size of every page.
func mediaBox(data []byte) (w, h float64, err error) {
	i := bytes.Index(data, []byte("/MediaBox [0 0 "))
	if i < 0 {
		return 0, 0, errors.New("press: no MediaBox in the PDF")
	}
	_, err = fmt.Sscanf(string(data[i+len("/MediaBox [0 0 "):min(len(data), i+60)]), "%g %g]", &w, &h)
	return w, h, err
}

// shiftXref returns the cross-reference section xref (from "\nxref\n" to
// the end of the file) with every offset, and startxref, moved by
// shifted, and the trailer's /Info pointed at the object before the one
// fpdf names, past the one output intent's profile (see addPageBoxes).
func shiftXref(xref []byte, shifted func(int) int) ([]byte, error) {
	lines := bytes.Split(xref, []byte("\n"))
	for i, line := range lines {
		switch {
		case len(line) == 19 && line[10] == ' ' && line[16] == ' ' && line[17] == 'n':
			offset, err := strconv.Atoi(string(line[:10]))
			if err != nil {
				return nil, fmt.Errorf("press: bad cross-reference entry %q", line)
			}
			lines[i] = fmt.Appendf(nil, "%010d%s", shifted(offset), line[10:])
		case bytes.HasPrefix(line, []byte("/Info ")):
			var info int
			if _, err := fmt.Sscanf(string(line), "/Info %d 0 R", &info); err != nil {
				return nil, fmt.Errorf("press: bad trailer entry %q", line)
			}
			lines[i] = fmt.Appendf(nil, "/Info %d 0 R", info-1)
		case i > 0 && string(lines[i-1]) == "startxref":
			offset, err := strconv.Atoi(string(line))
			if err != nil {
				return nil, fmt.Errorf("press: bad startxref %q", line)
			}
			lines[i] = strconv.AppendInt(nil, int64(shifted(offset)), 10)
		}
	}
	return bytes.Join(lines, []byte("\n")), nil
}
