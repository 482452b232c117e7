package pdf

import (
	"crypto/md5"
	_ "embed"
	"fmt"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// A book for the press (galley.toml's press, build --press NAME) is what a
// print-on-demand service takes: its pages run bleed past the trim on
// every side, each page says where it is cut (its TrimBox) and how far its
// ink may run (its BleedBox), its colours are what the press prints from
// (CMYK under a CMYK output intent, as PDF/X-1a, or sRGB under an sRGB
// one), and its page count is a multiple of the press's, padded with blank
// pages at the end. Its cover is a file of its own (see WriteCover), so
// the interior starts at the title page. Each press asks a little
// differently: presses is what each asks, with its source in the README.

// bleed is how far past the trim a press book's pages run: 0.125 in, what
// the binder cuts off, so that what runs to the edge still does when a
// cut falls a little off true. Every press galley knows asks this.
const bleed = 0.125 * 25.4

// inch is an inch in millimetres, the presses' unit.
const inch = 25.4

// press is what a print-on-demand press asks of a book's files.
type press struct {
	name string
	// pdfx is the PDF/X version the press asks for, as the document
	// information's GTS_PDFXConformance names it; "" for a press that
	// takes a plain PDF, whose colours are sRGB under an sRGB intent.
	pdfx string
	// inkLimit and coverInkLimit are the most ink the press lays on a
	// spot of an interior page and of the cover, as a total area
	// coverage: 240 is 240%, the four inks' percentages added.
	inkLimit, coverInkLimit float64
	// signature is what the interior's page count is a multiple of.
	signature int
	// pageThickness is how thick a leaf's page is on each paper stock,
	// in inches (a leaf is two pages): the spine is pages times it, plus
	// spineAllowance.
	pageThickness  map[string]float64
	spineAllowance float64
	// spineTextPages is the fewest pages a book may have for the press
	// to print text on its spine.
	spineTextPages int
	// outline says whether the print file may keep its bookmarks, its
	// links (see links) and metadata beyond what PDF/X requires.
	outline bool
	// minRule is the thinnest line the press prints, in points, and
	// minTint the lightest grey, a fraction of full black.
	minRule, minTint float64
	// barcode is the area at the foot of the back cover, by the spine,
	// that the press prints the ISBN's barcode in, width by height in
	// inches.
	barcode [2]float64
}

// presses are the presses galley.toml's press names (ast.Presses). The
// README's "For the press" gives each value's source.
var presses = map[ast.PressName]*press{
	// The generic press is the press = true of galley before presses had
	// names: sRGB, pages in fours, and the thickest common paper.
	ast.GenericPress: {
		name: ast.GenericPress, signature: 4, outline: true,
		pageThickness:  map[string]float64{"white": 0.0025, "cream": 0.0025, "colour": 0.0025},
		spineTextPages: 80, barcode: [2]float64{2, 1.2},
	},
	"kdp": {
		name: "kdp", pdfx: "PDF/X-1a:2001", inkLimit: 240, coverInkLimit: 240, signature: 2,
		pageThickness:  map[string]float64{"white": 0.002252, "cream": 0.0025, "colour": 0.002347},
		spineTextPages: 80, minRule: 0.75, minTint: 0.10, barcode: [2]float64{2, 1.2},
	},
	"lulu": {
		name: "lulu", signature: 2, outline: true,
		pageThickness:  map[string]float64{"white": 1.0 / 444, "cream": 1.0 / 444, "colour": 1.0 / 444},
		spineAllowance: 0.06, spineTextPages: 80, barcode: [2]float64{2, 1.2},
	},
	"ingram": {
		name: "ingram", pdfx: "PDF/X-1a:2001", inkLimit: 240, coverInkLimit: 300, signature: 2,
		pageThickness:  map[string]float64{"white": 0.002252, "cream": 0.0025, "colour": 0.0025},
		spineTextPages: 80, barcode: [2]float64{2, 1.2},
	},
	"drivethrurpg": {
		name: "drivethrurpg", pdfx: "PDF/X-1a:2001", inkLimit: 240, coverInkLimit: 240, signature: 4,
		pageThickness:  map[string]float64{"white": 0.002252, "cream": 0.0025, "colour": 0.0025},
		spineTextPages: 80, barcode: [2]float64{2, 1.2},
	},
}

// pressOf returns the press a book is for, nil for a reader's book.
func pressOf(doc *ast.Document) *press {
	return presses[doc.Config.Press]
}

// cmyk reports whether the press prints from CMYK: every colour of its
// files CMYK or black alone, under a CMYK output intent.
func (p *press) cmyk() bool { return p != nil && p.pdfx != "" }

// links reports whether the press's interior has links, annotations
// over its references: none in PDF/X, which allows no annotation on the
// page but a printer's marks, nor for a press that takes no outline.
func (p *press) links() bool { return p.outline && !p.cmyk() }

// spine returns the width of the spine of a book of pages pages on the
// paper stock, in inches.
func (p *press) spine(pages int, stock string) float64 {
	t, ok := p.pageThickness[stock]
	if !ok {
		t = p.pageThickness[ast.PaperStocks[0]]
	}
	return float64(pages)*t + p.spineAllowance
}

// bleedOf returns how far past the trim a book's pages run.
func bleedOf(p *press) float64 {
	if p != nil {
		return bleed
	}
	return 0
}

// sRGB is the ICC's sRGB profile (sRGB2014.icc, with its licence in
// icc/LICENSE), the output intent of a press book in sRGB: galley's inks
// are sRGB, and the printer converts them from it.
//
//go:embed icc/sRGB2014.icc
var sRGB []byte

// coatedFOGRA39 is the output intent's profile of a CMYK press book: a
// CMYK printer's profile made by ArgyllCMS's colprof from FOGRA39L.ti3,
// the measurements of offset printing on coated paper (ISO 12647-2) that
// Debian's icc-profiles-free ships under the zlib licence (icc/README.md).
//
//go:embed icc/FOGRA39L-galley.icc
var coatedFOGRA39 []byte

// newBook returns the PDF document of a book on paper (see New): for press
// p, its pages bleed larger than the trim on every side, and moved in by
// it (see setBleed); nil for a reader's book.
func newBook(doc *ast.Document, paper string, p *press) (*fpdf.Fpdf, error) {
	if paper == "" {
		paper = doc.Config.Paper
	}
	trim, err := ast.ParsePaper(paper)
	if err != nil {
		return nil, err
	}
	b := bleedOf(p)
	pdf, err := newPDF(fpdf.SizeType{Wd: trim.Width + 2*b, Ht: trim.Height + 2*b}, doc.Date)
	if err != nil || p == nil {
		return pdf, err
	}
	setBleed(pdf, b)
	return pdf, pdf.Error()
}

// padded returns pages with blank pages after them, for the press, to a
// multiple of its signature.
func (l *layouter) padded(f *flow, pages []paginate.Page) []paginate.Page {
	if l.press == nil {
		return pages
	}
	end := len(f.items)
	for len(pages)%l.press.signature != 0 {
		pages = append(pages, paginate.Page{Start: end, End: end})
	}
	return pages
}

// setBleed makes every page of pdf, which New made b larger than the trim
// on each side, draw its trim's content b in from its corner. Each page's
// drawing is moved inside its own saved graphics state, opened as fpdf
// starts the page and closed as it ends it, so that everything drawn, the
// sheets' pages as the text's, is moved alike. The state is written raw:
// fpdf's own transformations must be closed before it closes the last
// page, which is when it ends this.
func setBleed(pdf *fpdf.Fpdf, b float64) {
	k := 72 / inch
	pdf.SetHeaderFunc(func() { pdf.RawWriteStr(fmt.Sprintf("q 1 0 0 1 %.5f %.5f cm", b*k, -b*k)) })
	pdf.SetFooterFunc(func() { pdf.RawWriteStr("Q") })
}

// setPressColours declares what the press prints pdf's colours from: for
// a CMYK press every colour is written CMYK (see cmykOf), with no more
// ink than limit (a colour that would lay more is told to over, with the
// ink it asked for, and lowered), a grey darker than solidBlack printed
// solid, no line thinner and no grey lighter than the press prints, under
// an output intent of the CMYK printer's profile, in a file of PDF 1.3 as
// PDF/X-1a:2001 is; for another the colours stay sRGB, under an sRGB
// intent.
func setPressColours(pdf *fpdf.Fpdf, p *press, limit float64, over func(ink float64)) {
	if !p.cmyk() {
		pdf.AddOutputIntent(fpdf.OutputIntentType{
			SubtypeIdent:              fpdf.OutputIntent_GTS_PDFX,
			OutputConditionIdentifier: "sRGB IEC61966-2.1",
			Info:                      "sRGB IEC61966-2.1",
			ICCProfile:                sRGB,
		})
		return
	}
	pdf.AddOutputIntent(fpdf.OutputIntentType{
		SubtypeIdent:              fpdf.OutputIntent_GTS_PDFX,
		OutputConditionIdentifier: "FOGRA39",
		Info:                      "Coated FOGRA39 (ISO 12647-2:2004)",
		ICCProfile:                coatedFOGRA39,
	})
	pdf.SetPDFVersion13()
	pdf.SetCMYK(func(r, g, b int) (c, m, y, k float64) {
		if ink := inkOf(rgb{r, g, b}); ink > limit && over != nil {
			over(ink)
		}
		c, m, y, k = cmykOf(rgb{r, g, b}, limit)
		if c == 0 && m == 0 && y == 0 {
			switch {
			case k >= solidBlack:
				k = 1
			case k > 0 && k < p.minTint:
				k = p.minTint
			}
		}
		return c, m, y, k
	})
	pdf.SetMinLineWidth(p.minRule / 72 * inch)
}

// forPress readies l's document for its press, as part ("interior" or
// "cover") of the book: its colours, with no more ink than limit, and its
// document information (see setPressColours, setPressInfo).
func (l *layouter) forPress(part string, limit float64) {
	l.inkLimit = limit
	setPressColours(l.pdf, l.press, limit, func(ink float64) {
		if l.inkOver != nil {
			l.inkOver(ink)
		}
	})
	setPressInfo(l.pdf, l.doc, l.press, part)
}

// setPressInfo writes the document information, the file identifier and
// the subset fonts' tags a press's preflight asks for: the PDF/X version,
// Trapped (galley traps nothing, and says so), an identifier from what
// names the book, the press and the file (part, "interior" or "cover"),
// the same from build to build, and each font's subset tag. A press that
// takes no outline takes no metadata PDF/X does not ask for either: no
// producer, creator or subject.
func setPressInfo(pdf *fpdf.Fpdf, doc *ast.Document, p *press, part string) {
	cfg := doc.Config
	pdf.SetSubsetTags()
	pdf.SetFileID(md5.Sum([]byte(strings.Join([]string{cfg.Title, strings.Join(cfg.Authors, ", "), cfg.Version, doc.Date.UTC().String(), p.name, part}, "\x00"))))
	if !p.cmyk() {
		return
	}
	pdf.SetInfoEntry("GTS_PDFXVersion", "(PDF/X-1:2001)")
	pdf.SetInfoEntry("GTS_PDFXConformance", "("+p.pdfx+")")
	pdf.SetInfoEntry("Trapped", "/False")
	if !p.outline {
		pdf.SetProducer("", false)
		pdf.SetCreator("", false)
		pdf.SetSubject("", false)
	}
}

// cmykOf returns the CMYK inks that print c, each 0 to 1: black as much
// of it as its darkest component asks (full grey component replacement,
// so that a grey is black ink alone and a colour lays the least ink), and
// the colour's cyan, magenta and yellow lowered together where all four
// would lay more than limit percent of ink (0 for no limit). It is a
// device conversion, not a colour-managed one: see docs/pdfx.md.
func cmykOf(c rgb, limit float64) (cy, m, y, k float64) {
	r, g, b := float64(c.r)/255, float64(c.g)/255, float64(c.b)/255
	k = 1 - max(r, g, b)
	if c.r == c.g && c.g == c.b {
		return 0, 0, 0, k
	}
	cy, m, y = (1-r-k)/(1-k), (1-g-k)/(1-k), (1-b-k)/(1-k)
	if total := 100 * (cy + m + y + k); limit > 0 && total > limit {
		scale := (limit/100 - k) / (cy + m + y)
		cy, m, y = cy*scale, m*scale, y*scale
	}
	return cy, m, y, k
}

// inkOf returns the ink cmykOf lays for c with no limit, in percent.
func inkOf(c rgb) float64 {
	cy, m, y, k := cmykOf(c, 0)
	return 100 * (cy + m + y + k)
}

// solidBlack is the darkest grey the vector colours print as a tint: text
// in a darker one, galley's near-black, is printed solid black, not a
// screen of dots that frays a letter's edge. Pictures keep their greys.
const solidBlack = 0.8
