package pdf

import (
	"context"
	"encoding/xml"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

// measuredSheets are the sheet templates the sheets' measures are taken
// on: the bundled book's, the starter book's of each system galley new
// writes, and odd ones drawn for the test, a box on a narrow sheet, a
// sheet as wide and one as tall as an A4 page holds at 7 points, and one
// too large for a page at 7 points both ways.
func measuredSheets(t *testing.T) map[string]*sheet.Book {
	books := map[string]*sheet.Book{"bundled": bundledSheets(t)}
	for _, system := range testbook.StarterSystems {
		books["new-"+system] = testbook.SheetsAt(t, testbook.StarterDir(system))
	}
	for _, odd := range []string{"one-box", "wide", "tall", "huge"} {
		books[odd] = testbook.SheetsAt(t, filepath.Join("testdata", "sheets", odd+".txt"))
	}
	return books
}

// TestSheetMeasures takes the measures of every sheet, filled and blank, of
// every measured template, on A4 (and Letter under -long, see
// sheetPapers), as the book prints it: its
// type is the book's, never blown up to fill the page (no label or value
// over sheetType, the class's name over its share of it), and not under 7
// points unless the template is too large for the page at that size, which
// the layout warns of; no two words overlap, no word crosses a box's side
// or leaves the frame, and none is cut short with "…"; the header prints
// the game. The stand-alone form of each passes qpdf --check and has the
// template's fields with the class's values: in go test ./... the bundled
// book's forms, every template's under -long, which .ci/run passes.
func TestSheetMeasures(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not available (apt install poppler-utils)")
	}
	for name, book := range measuredSheets(t) {
		for _, paper := range sheetPapers() {
			for _, f := range book.All() {
				t.Run(name+"/"+paper+"/"+f.Name, func(t *testing.T) {
					t.Parallel()
					var form func() []byte // no form checked
					switch {
					case name == "bundled":
						form = func() []byte { return bundledSheet(t, f.Name, paper) }
					case *long:
						form = func() []byte { return render(t, f, paper) }
					}
					measureSheet(t, f, paper, form)
				})
			}
		}
	}
}

// sheetPapers are the papers a sheet is measured on: A4 alone, and Letter,
// a little wider and shorter, under -long (see measuredPapers).
func sheetPapers() []string {
	if *long {
		return []string{"a4", "letter"}
	}
	return []string{"a4"}
}

// measureSheet measures a sheet on paper (see TestSheetMeasures); form
// writes its stand-alone form, which is checked on A4, nil for none.
func measureSheet(t *testing.T, f *sheet.Filled, paper string, form func() []byte) {
	data := flat(t, f, paper)
	size, err := ast.ParsePaper(paper)
	if err != nil {
		t.Fatal(err)
	}
	grid := newSheetGrid(f.Sheet, sheetRoom(size.Width, size.Height))
	least := min(7, grid.typeSize()) - 0.01
	faces := fontFaces(data)
	for _, run := range textRuns(pageContent(t, data)) {
		most := sheetType
		if strings.HasSuffix(faces[run.font], "B") {
			most = sheetType * sizeHeader / sizeLabel
		}
		if run.size < least || run.size > most+0.01 {
			t.Errorf("text at %.2f pt in %s, want %.2f to %.2f", run.size, faces[run.font], least, most)
		}
	}
	words := pageWords(t, data)
	text := make([]string, len(words))
	for i, w := range words {
		text[i] = w.Text
	}
	all := strings.Join(text, " ")
	if !strings.Contains(all, f.Sheet.Header.Game) {
		t.Errorf("the header does not print the game %q: %s", f.Sheet.Header.Game, all)
	}
	if strings.Contains(all, "…") {
		t.Errorf("a value or label is cut short: %s", all)
	}
	const slack = 0.3 // points: the advance of a glyph may pass its neighbour's by a hair
	for i, a := range words {
		for _, b := range words[i+1:] {
			if a.XMax-slack > b.XMin && b.XMax-slack > a.XMin && a.YMax-slack > b.YMin && b.YMax-slack > a.YMin {
				t.Errorf("%q overlaps %q", a.Text, b.Text)
			}
		}
	}
	pt := func(mm float64) float64 { return mm / ptMM }
	s := f.Sheet
	left, right := pt(grid.cx(0)), pt(grid.cx(s.FrameRight))
	for _, w := range words {
		if w.XMin < left-slack || w.XMax > right+slack {
			t.Errorf("%q leaves the frame: %.1f to %.1f pt, the frame %.1f to %.1f", w.Text, w.XMin, w.XMax, left, right)
		}
	}
	var sides func(b *sheet.Box)
	sides = func(b *sheet.Box) {
		r := b.Rect
		// The words inside the box, not its borders' titles and labels.
		top, bottom := pt(grid.rowTop[r.Top+1]), pt(grid.rowTop[r.Bottom])
		for _, x := range []float64{pt(grid.cx(r.Left)), pt(grid.cx(r.Right))} {
			for _, w := range words {
				mid := (w.YMin + w.YMax) / 2
				if mid > top && mid < bottom && w.XMin < x-slack && w.XMax > x+slack {
					t.Errorf("%q crosses a side of the box %q", w.Text, b.Title)
				}
			}
		}
		for _, sub := range b.Sub {
			sides(sub)
		}
	}
	for _, a := range s.Areas {
		for _, b := range a.Boxes {
			sides(b)
		}
	}
	if paper != "a4" || form == nil {
		return
	}
	got := checkedForm(t, f.Name+".pdf", form())
	for name, value := range wantFields(f) {
		if got[name].Value != value {
			t.Errorf("the form's %s is %v, want %q", name, got[name].Value, value)
		}
	}
}

// pageWord is a word pdftotext finds on a page, and its box in points
// from the page's top left.
type pageWord struct {
	Text string  `xml:",chardata"`
	XMin float64 `xml:"xMin,attr"`
	YMin float64 `xml:"yMin,attr"`
	XMax float64 `xml:"xMax,attr"`
	YMax float64 `xml:"yMax,attr"`
}

// pageWords returns the words of a one-page PDF with their boxes.
func pageWords(t *testing.T, data []byte) []pageWord {
	t.Helper()
	var doc struct {
		Words []pageWord `xml:"body>doc>page>word"`
	}
	if err := xml.Unmarshal([]byte(pdftotext(t, data, "-bbox")), &doc); err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	return doc.Words
}

// TestSheetSmallType checks that the layout warns of a template too large
// for the book's paper at 7 points, at the template, naming the page the
// book's sheet stands on, and of no other.
func TestSheetSmallType(t *testing.T) {
	for _, tt := range []struct {
		file, paper string
		warned      bool
	}{
		{"huge.txt", "a4", true},
		{"wide.txt", "a4", false},
		{"wide.txt", "a5", true},
		{"tall.txt", "a4", false},
		{"tall.txt", "letter", true},
		{"one-box.txt", "a5", false},
	} {
		doc, _, err := parser.ParseBook(filepath.Join("testdata", "sheets", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		book, err := LayOut(context.Background(), doc, testbook.SheetsOf(doc), Options{Paper: tt.paper})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range book.Pagination().Warnings {
			if d.Code == "sheet/small-type" {
				got = append(got, d.String())
				if d.Line != 7 {
					t.Errorf("%s on %s: %v, want it at the template's first line, 7", tt.file, tt.paper, d)
				}
				// Each book sets its sheets on pages of their own.
				named := regexp.MustCompile(`\(in the book, on PDF pages? ([^)]*)\)`).FindStringSubmatch(d.Message)
				if named == nil {
					t.Errorf("%s on %s: %v, want it to name the PDF pages the book's sheets stand on", tt.file, tt.paper, d)
					continue
				}
				frames := book.Frames()
				for _, n := range regexp.MustCompile(`\d+`).FindAllString(named[1], -1) {
					if n, _ := strconv.Atoi(n); n < 2 || n > len(frames) || frames[n-1].Text {
						t.Errorf("%s on %s: %v names PDF page %d, which is not a sheet's", tt.file, tt.paper, d, n)
					}
				}
			}
		}
		if len(got) != map[bool]int{true: 1}[tt.warned] {
			t.Errorf("%s on %s: %q, want a warning: %v", tt.file, tt.paper, got, tt.warned)
		}
	}
}

// TestPageList checks how a warning names the pages it is about.
func TestPageList(t *testing.T) {
	for _, tt := range []struct {
		numbers []int
		want    string
	}{
		{[]int{12}, "PDF page 12"},
		{[]int{12, 13}, "PDF pages 12 and 13"},
		{[]int{12, 13, 14}, "PDF pages 12–14"},
		{[]int{12, 28, 31, 32, 33, 40}, "PDF pages 12, 28, 31–33 and 40"},
	} {
		if got := pageList(tt.numbers); got != tt.want {
			t.Errorf("pageList(%v) = %q, want %q", tt.numbers, got, tt.want)
		}
	}
}
