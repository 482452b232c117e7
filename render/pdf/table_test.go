package pdf

import (
	"context"
	"math"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
)

// TestAutoWidths checks how columns share a measure: natural widths when
// they fit (stretched only when they come near the measure), the shortfall
// taken from each column in proportion to what it has above its widest
// word, and, when even the words do not fit, every column narrowed alike.
func TestAutoWidths(t *testing.T) {
	for _, c := range []struct {
		name                 string
		natural, least, want []float64
	}{
		{"fits", []float64{20, 30}, []float64{10, 10}, []float64{20, 30}},
		{"near the measure", []float64{45, 50}, []float64{10, 10}, []float64{47.5, 52.5}},
		{"shortfall", []float64{60, 30, 40}, []float64{20, 30, 20}, []float64{40, 30, 30}},
		{"words do not fit", []float64{80, 80}, []float64{60, 90}, []float64{40, 60}},
		{"a word wider than the measure", []float64{20, 300}, []float64{20, 300}, []float64{100.0 / 6, 500.0 / 6}},
	} {
		got := autoWidths(c.natural, c.least, 100)
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-9 {
				t.Errorf("%s: widths %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// bookTables returns a layouter of the bundled book and its tables by
// number.
func bookTables(t *testing.T) (*layouter, map[int]*ast.Table) {
	doc := testbook.Book(t)
	tables := map[int]*ast.Table{}
	ast.WalkBlocks(doc.Blocks, func(b ast.Block) {
		if tb, ok := b.(*ast.Table); ok && tb.Caption != nil {
			tables[tb.Caption.Number] = tb
		}
	})
	if len(tables) < 30 {
		t.Fatalf("the bundled book has %d numbered tables, want at least 30", len(tables))
	}
	pdf, err := New("", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return newLayouter(context.Background(), pdf, doc, testbook.SheetsOf(doc)), tables
}

// TestBookTableColumns sets every table of the bundled book in the body's
// measure and checks that it is no wider than the measure, that no column
// is narrower than its widest word, that no header wraps when the table
// had room for it, and which columns stand flush right.
func TestBookTableColumns(t *testing.T) {
	l, tables := bookTables(t)
	measure := l.body().width
	right := map[int][]bool{}
	for n, tb := range tables {
		header, rows := l.tableSpans(tb, tableFont.size)
		cols, _ := l.tableColumns(header, rows, measure)
		if w := tableWidth(cols); w > measure+1e-9 {
			t.Errorf("Table %d is %.2f mm wide, the measure %.2f", n, w, measure)
		}
		natural, least, _ := l.measureColumns(header, rows)
		for i, c := range cols {
			if c.width < min(least[i], measure)-1e-9 {
				t.Errorf("Table %d: column %d is %.2f mm wide, its widest word %.2f", n, i+1, c.width, least[i])
			}
		}
		if sum(natural) <= measure {
			cells, _ := l.tableRow(header, cols)
			for i, c := range cells {
				if len(c.lines) > 1 {
					t.Errorf("Table %d has room, yet its header %q wraps in %d lines", n, spanText(header[i]), len(c.lines))
				}
			}
		}
		for _, c := range cols {
			right[n] = append(right[n], c.right)
		}
	}
	for n, want := range map[int][]bool{
		13: {false, false, false},
		14: {true, true, true, true, true, true},
		9:  {false, true, true, true, true, true, true},
		30: {true, false},
	} {
		if !slices.Equal(right[n], want) {
			t.Errorf("Table %d: columns flush right %v, want %v", n, right[n], want)
		}
	}
}

// TestBookTableCaptionsKept checks that no page break can fall between a
// table's last row and the end of its caption.
func TestBookTableCaptionsKept(t *testing.T) {
	l, tables := bookTables(t)
	for n, tb := range tables {
		f := l.table(tb, l.body())
		// The items after the header are the rows, the closing rule, the
		// caption's gap and its lines; the last row is 1+len(Rows)-1.
		for i := len(tb.Rows); i < len(f.items)-1; i++ {
			if !f.items[i].Keep {
				t.Errorf("Table %d: a page may break after item %d of %d, between its last row and its caption's end", n, i, len(f.items))
			}
		}
	}
}

// bboxWord is a word of pdftotext -bbox-layout's output.
var bboxWord = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>`)

// TestBookFiguresFlushRight reads the bundled book's PDF back with
// pdftotext -bbox-layout and checks that the rows of six percentages
// (Tables 14 and 22) end each column at one x on their page, the mark of
// figures set flush right, though "0%" and "40%" differ in width. (Pages
// are compared apart: a left-hand page's margins mirror a right-hand
// one's.)
func TestBookFiguresFlushRight(t *testing.T) {
	t.Parallel()
	data, _ := bundledPDF(t)
	out := pdftotext(t, data, "-bbox-layout")
	percent := regexp.MustCompile(`^\d+%$`)
	type word struct {
		xMin, xMax float64
		text       string
	}
	// The words are gathered in lines by their top, a page at a time.
	found := 0
	for _, page := range regexp.MustCompile(`<page `).Split(out, -1) {
		var rows [][]word
		lines := map[string][]word{}
		var order []string
		for _, m := range bboxWord.FindAllStringSubmatch(page, -1) {
			xMin, _ := strconv.ParseFloat(m[1], 64)
			xMax, _ := strconv.ParseFloat(m[3], 64)
			if _, ok := lines[m[2]]; !ok {
				order = append(order, m[2])
			}
			lines[m[2]] = append(lines[m[2]], word{xMin, xMax, m[4]})
		}
		for _, y := range order {
			line := lines[y]
			all := len(line) == 6
			for _, w := range line {
				all = all && percent.MatchString(w.text)
			}
			if all {
				rows = append(rows, line)
			}
		}
		for _, row := range rows[min(1, len(rows)):] {
			for i, w := range row {
				if math.Abs(w.xMax-rows[0][i].xMax) > 0.5 {
					t.Errorf("column %d: %q ends at x=%.1f, %q at x=%.1f", i+1, w.text, w.xMax, rows[0][i].text, rows[0][i].xMax)
				}
			}
		}
		found += len(rows)
	}
	if found < 10 {
		t.Fatalf("found %d rows of six percentages, want the 15 of Tables 14 and 22", found)
	}
}
