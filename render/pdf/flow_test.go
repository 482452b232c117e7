package pdf

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// Where the books whose PDFs are measured are: the bundled book, the one a
// new user tries, and the designer's manuscript beside the repository,
// which a fresh clone has not.
var (
	bundledBook = filepath.Join("..", "..", "manuscript")
	seedBook    = filepath.Join("..", "..", "..", "shared", "seeds", "000_9527e596835b1710.txt")
)

// TestBundledBookMeasures measures the bundled book's PDF (see measure).
func TestBundledBookMeasures(t *testing.T) {
	t.Parallel()
	doc, _, err := parser.ParseBook(bundledBook)
	if err != nil {
		t.Fatal(err)
	}
	measure(t, doc)
}

// TestSeedBookMeasures measures the seed manuscript's PDF (see measure), the
// designer's own text, as galley must read it.
func TestSeedBookMeasures(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(seedBook); err != nil {
		t.Skipf("the seed manuscript is not beside the repository (%v); skipping", err)
	}
	doc, _, err := parser.ParseBook(seedBook)
	if err != nil {
		t.Fatal(err)
	}
	measure(t, doc)
}

// measure reads a book's PDF back with pdftotext -bbox-layout and checks
// what a reader sees of its layout, on every named paper: the text is in
// two columns on A4 and Letter and in one on the smaller trims, with 55 to
// 75 characters in a full line of prose; on A4 and Letter, every page of
// text but those a chapter ends, after the cover and the contents, is at
// least 70% full (each column's text reaching at least 70% down it, on
// average), or ends before a chain of kept items taller than the room it
// left, which no float could fill (galley check warns of it under 60%),
// or the layout warns at the block that left it short (warnsOfPage);
// no heading is the last
// line of a column; no line runs past its column or over another; and no
// table or box that a column holds is broken, its header or title
// repeated "(continued)". Which pages end a chapter, and where down a
// page its text crosses the columns, come from the layout; everything
// else is read from the PDF.
func measure(t *testing.T, doc *ast.Document) {
	sheets := testbook.SheetsOf(doc)
	for _, paper := range measuredPapers() {
		// Each paper is a book of its own, laid out, written and read
		// back: they are measured at once.
		t.Run(paper, func(t *testing.T) {
			t.Parallel()
			measurePaper(t, doc, sheets, paper)
		})
	}
}

// long measures on every paper; .ci/run passes it.
var long = flag.Bool("long", false, "measure the books and the sheets on every paper, not on A4 and 6×9 alone")

// measuredPapers are the papers the measure tests lay the books out on: A4,
// the widest, in two columns, and 6×9, the narrowest, in one, between which
// the other papers fall; every paper under -long.
func measuredPapers() []string {
	if *long {
		return ast.Papers
	}
	return []string{"a4", "6x9"}
}

// measurePaper measures the book's PDF on one paper (see measure).
func measurePaper(t *testing.T, doc *ast.Document, sheets *sheet.Book, paper string) {
	// The book is laid out once. What the measures read of the layout is
	// taken from it before its pages are drawn, which lets the flow go.
	book, err := LayOut(context.Background(), doc, sheets, Options{Paper: paper})
	if err != nil {
		t.Fatal(err)
	}
	l, f, pages, warnings := book.l, book.flow, book.pages, book.Warnings()
	if want := map[bool]int{true: 2, false: 1}[paper == "a4" || paper == "letter"]; l.columns != want {
		t.Fatalf("%s: %d columns, want %d", paper, l.columns, want)
	}
	m := measurer{l: l, doc: doc, breakout: breakoutLines(l, doc)}
	// laidPage is what the measures read of a page's layout.
	type laidPage struct {
		text   bool         // the page holds text, not a whole-page sheet or art
		across [][2]float64 // see measurer.across
		// measured: the page is in a chapter and does not end it, so
		// its fullness is measured; short: what follows it is kept
		// together and taller than the room it leaves.
		measured, short bool
	}
	laid := make([]laidPage, len(pages))
	for n, page := range pages {
		p := &laid[n]
		p.text = page.Start < page.End && !f.items[page.Start].Whole
		if l.columns > 1 {
			p.across = acrossBands(f, page, l.bodyHeight())
		}
		p.measured = !endsChapter(f, pages, n) && after(f, pages, n)
		p.short = keptOver(f, l, page)
	}
	var b bytes.Buffer
	if err := book.Write(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	read := readPages(t, b.Bytes())
	if len(read) != len(pages) {
		t.Fatalf("%s: pdftotext reads %d pages, the layout has %d", paper, len(read), len(pages))
	}
	var full []int // the characters of each full line of prose
	least := 1.0
	for n, p := range laid {
		if !p.text {
			continue
		}
		m.across = p.across
		if (n+1)%2 == 0 {
			// A left-hand page is set as a right-hand one and
			// drawn mirrored.
			for i := range read[n] {
				read[n][i].xMin -= ptOf(l.mirror())
				read[n][i].xMax -= ptOf(l.mirror())
			}
		}
		m.check(t, paper, n+1, read[n])
		full = append(full, m.fullLines(read[n])...)
		if p.measured {
			full := m.fullness(read[n])
			least = min(least, full)
			if full < 0.7 && l.columns > 1 && !p.short && !warnsOfPage(warnings, n+1) {
				t.Errorf("%s: page %d is %.0f%% full, less than 70%%", paper, n+1, 100*full)
			}
		}
	}
	slices.Sort(full)
	if len(full) == 0 {
		t.Fatalf("%s: no full line of prose", paper)
	}
	if median := full[len(full)/2]; median < 55 || median > 75 {
		t.Errorf("%s: a full line of prose has %d characters (the median of %d), want 55 to 75", paper, median, len(full))
	}
	t.Logf("%s: %d pages, the emptiest in a chapter %.0f%% full; %d characters a line", paper, len(pages), 100*least, full[len(full)/2])
}

// pdfLine is a line of text as pdftotext -bbox-layout reads it, in points
// from the page's top left corner.
type pdfLine struct {
	xMin, yMin, xMax, yMax float64
	text                   string
}

var (
	bboxLine     = regexp.MustCompile(`(?s)<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</line>`)
	bboxLineWord = regexp.MustCompile(`<word[^>]*>([^<]*)</word>`)
)

// readPages returns the lines of each page of a PDF, skipping the test
// without pdftotext.
func readPages(t *testing.T, data []byte) [][]pdfLine {
	t.Helper()
	var pages [][]pdfLine
	for _, page := range strings.Split(pdftotext(t, data, "-bbox-layout"), "<page ")[1:] {
		var lines []pdfLine
		for _, m := range bboxLine.FindAllStringSubmatch(page, -1) {
			var words []string
			for _, w := range bboxLineWord.FindAllStringSubmatch(m[5], -1) {
				words = append(words, w[1])
			}
			line := pdfLine{text: unescapeXML(strings.Join(words, " "))}
			for i, v := range []*float64{&line.xMin, &line.yMin, &line.xMax, &line.yMax} {
				*v, _ = strconv.ParseFloat(m[i+1], 64)
			}
			lines = append(lines, line)
		}
		pages = append(pages, lines)
	}
	return pages
}

// unescapeXML undoes the escapes pdftotext writes.
var unescapeXML = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'").Replace

// measurer measures the pages of one book on one paper.
type measurer struct {
	l   *layouter
	doc *ast.Document
	// across are where down the page being measured its text is set
	// across the columns, as [top, bottom] in millimetres from the top
	// of the text area.
	across [][2]float64
	// breakout are the lines, their spaces left out, of the art that
	// stands out into the margins (see layouter.artIn).
	breakout []string
}

// breakoutLines returns the lines, their spaces left out, of the book's
// art that l sets across the measure standing out into the margins.
func breakoutLines(l *layouter, doc *ast.Document) []string {
	var out []string
	bad := len(l.badLines)
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		var lines []string
		switch n := n.(type) {
		case *ast.Figure:
			lines = n.Art
		case *ast.Verbatim:
			lines = n.Lines
		}
		if a, _ := l.artIn(lines, l.body()); len(lines) > 0 && a.breakout {
			for _, line := range a.lines {
				out = append(out, withoutSpaces(line))
			}
		}
		return true
	})
	l.badLines = l.badLines[:bad]
	return out
}

// withoutSpaces returns s with its spaces left out: pdftotext reads a
// run of spaces in mono art as one, or none.
func withoutSpaces(s string) string { return strings.ReplaceAll(s, " ", "") }

// standsOut reports whether a line read from the PDF is art that stands
// out into the margins, whole or a piece of it: pdftotext parts an art
// line at a wide gap.
func (m measurer) standsOut(line pdfLine) bool {
	text := withoutSpaces(line.text)
	for _, art := range m.breakout {
		if strings.Contains(art, text) {
			return true
		}
	}
	return false
}

// acrossBands returns where down a page its text is set across the
// columns (see measurer.across). The spaces above a band stretch to end
// the page's text at its foot (see paginate.Optimal) and move it down: the
// page's last band reaches to the foot.
func acrossBands(f *flow, page paginate.Page, foot float64) [][2]float64 {
	var bands [][2]float64
	for i, col := range page.Columns {
		if col.Index != paginate.Across {
			continue
		}
		bottom := col.Top + col.Height(f.items)
		if i == len(page.Columns)-1 {
			bottom = max(bottom, foot)
		}
		bands = append(bands, [2]float64{col.Top, bottom})
	}
	return bands
}

// ptOf converts millimetres to the points pdftotext measures in.
func ptOf(mm float64) float64 { return mm * 72 / 25.4 }

// slack is how far, in points, a line's box may stand past where it is
// set: the glyphs' side bearings.
const slack = 1.5

// columnOf returns the column a line stands in, 0 or 1, by where it
// starts, or paginate.Across for a line where the text is set across the
// columns.
func (m measurer) columnOf(line pdfLine) int {
	middle := (line.yMin+line.yMax)/2 - ptOf(m.l.margins.top)
	for _, band := range m.across {
		if middle >= ptOf(band[0]) && middle <= ptOf(band[1]) {
			return paginate.Across
		}
	}
	if line.xMin >= ptOf(m.l.column().x+m.l.columnStep())-slack {
		return 1
	}
	return 0
}

// inBody reports whether a line stands in the page's text area, not its
// running head or page number.
func (m measurer) inBody(line pdfLine) bool {
	return line.yMin >= ptOf(m.l.margins.top)-slack && line.yMax <= ptOf(m.l.pageHeight-m.l.margins.bottom)+slack
}

// fullness returns how far down the text area a page's text reaches, as
// the mean over its columns: what crosses the gutter reaches down both.
func (m measurer) fullness(lines []pdfLine) float64 {
	var bottom [2]float64
	for _, line := range lines {
		if !m.inBody(line) {
			continue
		}
		switch c := m.columnOf(line); c {
		case paginate.Across:
			bottom[0], bottom[1] = max(bottom[0], line.yMax), max(bottom[1], line.yMax)
		default:
			bottom[c] = max(bottom[c], line.yMax)
		}
	}
	top, height := ptOf(m.l.margins.top), ptOf(m.l.bodyHeight())
	full := 0.0
	for _, b := range bottom[:m.l.columns] {
		full += (b - top) / height
	}
	return full / float64(m.l.columns)
}

// check checks a page of text: no line past its column or over another,
// no heading last in a column, no "(continued)" on a table or box a column
// would hold.
func (m measurer) check(t *testing.T, paper string, number int, lines []pdfLine) {
	t.Helper()
	col, body := m.l.column(), m.l.body()
	var last [2]*pdfLine
	for i := range lines {
		line := &lines[i]
		if !m.inBody(*line) {
			continue
		}
		if m.standsOut(*line) {
			// Art that stands out into the margins, centred on the
			// page: a left-hand page's lines were moved to where a
			// right-hand page's stand.
			x0, x1 := line.xMin, line.xMax
			if number%2 == 0 {
				x0, x1 = x0+ptOf(m.l.mirror()), x1+ptOf(m.l.mirror())
			}
			if x0 < ptOf(m.l.bleed+breakoutMargin)-slack || x1 > ptOf(m.l.bleed+m.l.pageWidth-breakoutMargin)+slack {
				t.Errorf("%s: page %d: art %q stands out past the safe zone (x %.0f–%.0f pt)", paper, number, line.text, x0, x1)
			}
			continue
		}
		if line.xMin < ptOf(body.x)-slack || line.xMax > ptOf(body.x+body.width)+slack {
			t.Errorf("%s: page %d: %q runs into the margin (x %.0f–%.0f pt)", paper, number, line.text, line.xMin, line.xMax)
		}
		c := m.columnOf(*line)
		if right := col.x + col.width + float64(c)*m.l.columnStep(); c != paginate.Across && line.xMax > ptOf(right)+slack {
			t.Errorf("%s: page %d: %q runs past column %d (x %.0f–%.0f pt)", paper, number, line.text, c+1, line.xMin, line.xMax)
		}
		for _, other := range lines[:i] {
			if m.inBody(other) && overlap(*line, other) {
				t.Errorf("%s: page %d: %q is set over %q", paper, number, line.text, other.text)
			}
		}
		for k := range last {
			if (c == k || c == paginate.Across) && (last[k] == nil || line.yMax > last[k].yMax) {
				last[k] = line
			}
		}
		if strings.HasSuffix(line.text, "(continued)") {
			m.checkContinued(t, paper, number, strings.TrimSpace(strings.TrimSuffix(line.text, "(continued)")))
		}
	}
	for _, line := range last {
		if line != nil && m.isHeading(line.text) {
			t.Errorf("%s: page %d: the heading %q is the last line of its column", paper, number, line.text)
		}
	}
}

// fullLines returns the length in characters of each line of a page that
// fills its column, from one edge to the other, outside what is set
// across the page: the justified lines of its prose.
func (m measurer) fullLines(lines []pdfLine) []int {
	col := m.l.column()
	var out []int
	for _, line := range lines {
		c := m.columnOf(line)
		if c == paginate.Across || !m.inBody(line) {
			continue
		}
		left := col.x + float64(c)*m.l.columnStep()
		if math.Abs(line.xMin-ptOf(left)) < slack && math.Abs(line.xMax-ptOf(left+col.width)) < slack {
			out = append(out, utf8.RuneCountInString(line.text))
		}
	}
	return out
}

// overlap reports whether two lines' boxes overlap by more than the
// slack: text set over text.
func overlap(a, b pdfLine) bool {
	return min(a.xMax, b.xMax)-max(a.xMin, b.xMin) > slack && min(a.yMax, b.yMax)-max(a.yMin, b.yMin) > slack
}

// isHeading reports whether a line is the title of a heading below a
// chapter's, or the last line of one that wraps.
func (m measurer) isHeading(text string) bool {
	for _, h := range m.doc.Headings() {
		title := typo.String(h.Title)
		if h.Depth > 1 && (title == text || len(text) > 10 && strings.HasSuffix(title, text)) {
			return true
		}
	}
	return false
}

// checkContinued checks that the table or box a "(continued)" line names
// is too long to be kept whole (see layouter.keptWhole), the one reason
// for breaking it.
func (m measurer) checkContinued(t *testing.T, paper string, number int, name string) {
	t.Helper()
	found := false
	ast.Walk(m.doc.Blocks, func(n ast.Node) bool {
		var laid func(r region) *flow
		switch b := n.(type) {
		case *ast.Table:
			if b.Caption != nil && name == b.Caption.Label+" "+strconv.Itoa(b.Caption.Number) {
				laid = func(r region) *flow { return m.l.table(b, r) }
			}
		case *ast.Box:
			if name == typo.String(b.Title) {
				laid = func(r region) *flow { return m.l.box(b, r) }
			}
		}
		if laid == nil {
			return true
		}
		found = true
		f := laid(m.l.column())
		if f.wide {
			f = laid(m.l.body())
		}
		if h := height(f); m.l.keptWhole(h) {
			t.Errorf("%s: page %d: %s is broken though it is kept whole (%.0f mm)", paper, number, name, h)
		}
		return true
	})
	if !found {
		t.Errorf("%s: page %d: %q (continued) names no table or box", paper, number, name)
	}
}

// endsChapter reports whether page n ends a chapter: a page break or the
// book's end follows its text.
func endsChapter(f *flow, pages []paginate.Page, n int) bool {
	for i := pages[n].End; i < len(f.items); i++ {
		if it := f.items[i]; !it.Space && !it.Whole {
			return it.NewPage
		}
	}
	return true
}

// keptOver reports whether what follows page keeps together and is taller
// than the room the page leaves: the page may be as short as that makes
// it.
func keptOver(f *flow, l *layouter, page paginate.Page) bool {
	next := page.End
	for next < len(f.items) && (f.items[next].Space || f.items[next].Whole) {
		next++
	}
	return keptHeight(f.items, next) > l.bodyHeight()-page.Used(f.items, l.frame())
}

// warnsOfPage reports whether the layout warns that page n is left short:
// a column stopped short of its foot, or the page underfull, each a
// warning at the block that caused it (issue 29), which leaves the page
// to the author.
func warnsOfPage(warnings ast.DiagnosticList, n int) bool {
	for _, d := range warnings {
		if d.Code != "layout/short-column" && d.Code != "layout/underfull" {
			continue
		}
		page := fmt.Sprintf("PDF page %d", n)
		if strings.Contains(d.Message, page+" ") || strings.Contains(d.Message, page+",") {
			return true
		}
	}
	return false
}

// after reports whether page n comes after the first chapter's title, past
// the cover, the contents and whatever stands before the first chapter.
func after(f *flow, pages []paginate.Page, n int) bool {
	for _, page := range pages[:n+1] {
		for _, p := range f.pieces[page.Start:page.End] {
			if h := p.marked().heading; h != nil && h.Depth == 1 {
				return true
			}
		}
	}
	return false
}
