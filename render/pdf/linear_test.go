package pdf

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
)

// TestLinear checks the layout's steps whose cost once grew with the square
// of their input: each is run at two sizes four times apart, and the bigger
// must allocate at most about four times as much (a square would be
// sixteen). Bytes allocated, unlike time, do not depend on the machine.
func TestLinear(t *testing.T) {
	for _, c := range []struct {
		name string
		// prepare returns the step at size n, ready to run.
		prepare func(t *testing.T, n int) func()
	}{
		// Spans were copied once a level of emphasis.
		{"nested emphasis", paragraph(func(n int) string { return strings.Repeat("*a ", n) + "x" + strings.Repeat(" b*", n) })},
		// A word's tail was copied and measured again at every line it
		// was cut at.
		{"word of emphasis", paragraph(func(n int) string { return strings.Repeat("x*y*", n) })},
		// A title too long for its band was measured again for every rune
		// it was cut by.
		{"box title", func(t *testing.T, n int) func() {
			l := layouterOf(t, "")
			title := strings.Repeat("Title ", n)
			return func() { fitText(l.set, title, bandFont, 100) }
		}},
		// Each chapter's opening page listed its sections by walking the
		// whole book's headings.
		{"chapters", func(t *testing.T, n int) func() {
			l := layouterOf(t, strings.Repeat("Chapter\n=======\n\nText.\n\nSection\n-------\n\nMore.\n\n", n))
			return func() {
				for _, h := range l.doc.Headings() {
					if h.Depth == 1 {
						l.sections(&flow{}, h)
					}
				}
			}
		}},
		{"sheet value", func(t *testing.T, n int) func() {
			pdf, err := New("", time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			pdf.AddPage()
			d := &sheetDrawer{pdf: pdf, sheetGrid: &sheetGrid{cw: 2, ch: 5}}
			value := strings.Repeat("Nectar drop ", n)
			return func() {
				d.font(fontMono, "", sizeValue)
				d.fit(value, 50, fontMono, "", sizeValue)
			}
		}},
	} {
		small, big := allocated(c.prepare(t, 1000)), allocated(c.prepare(t, 4000))
		if big > 6*small {
			t.Errorf("%s: %d bytes at n=1000, %d at n=4000: %.1f times as much for 4 times the input", c.name, small, big, float64(big)/float64(small))
		}
	}
}

// TestLongWordMeasuredOnce checks that a word too long for a line is
// measured about once however many lines it is cut into: it used to be
// measured again from each cut to its end. What fpdf measured is what the
// setter's cache holds.
func TestLongWordMeasuredOnce(t *testing.T) {
	const length = 100_000
	l := layouterOf(t, strings.Repeat("x", length))
	l.paragraph(l.doc.Blocks[0].(*ast.Paragraph).Inlines, l.body())
	measured := 0
	for key := range l.set.cache {
		measured += len(key.text)
	}
	if measured > 3*length {
		t.Errorf("fpdf measured %d bytes of a word of %d", measured, length)
	}
}

// paragraph returns a step that lays out the paragraph text(n).
func paragraph(text func(n int) string) func(t *testing.T, n int) func() {
	return func(t *testing.T, n int) func() {
		l := layouterOf(t, text(n))
		p, ok := l.doc.Blocks[0].(*ast.Paragraph)
		if !ok {
			t.Fatalf("parsed %T, want a paragraph", l.doc.Blocks[0])
		}
		return func() { l.paragraph(p.Inlines, l.body()) }
	}
}

// layouterOf returns a layouter of the manuscript src.
func layouterOf(t *testing.T, src string) *layouter {
	t.Helper()
	doc, diags := parser.Parse("book.txt", []byte(src+"\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	pdf, err := New("", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return newLayouter(context.Background(), pdf, doc, testbook.SheetsOf(doc))
}

// allocated returns the bytes step allocates.
func allocated(step func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	step()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
