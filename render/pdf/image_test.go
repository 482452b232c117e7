package pdf

import (
	"context"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
)

// picturesBook is the sample book with a PNG, a JPEG and an SVG in its
// text, and a PNG on its cover.
var picturesBook = filepath.Join("..", "..", "testdata", "books", "pictures")

// placed is a picture as a page's content stream places it: its size in
// millimetres, read from the "cm" before its "Do".
type placed struct{ w, h float64 }

// placedImages reads back, page by page, every picture the PDF draws.
func placedImages(t *testing.T, data []byte) []placed {
	t.Helper()
	streams := regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)
	draw := regexp.MustCompile(`([\d.]+) 0 0 ([\d.]+) [\d.-]+ [\d.-]+ cm /I\w+ Do`)
	var out []placed
	for _, m := range streams.FindAllSubmatch(data, -1) {
		content, err := inflate(m[1])
		if err != nil {
			continue // a picture's own data, not a page
		}
		for _, d := range draw.FindAllSubmatch(content, -1) {
			w, _ := strconv.ParseFloat(string(d[1]), 64)
			h, _ := strconv.ParseFloat(string(d[2]), 64)
			out = append(out, placed{w / ptOf(1), h / ptOf(1)})
		}
	}
	return out
}

// TestPicturesPlacedAtTheirSize writes the pictures book and reads back the
// size each picture is drawn at: the cover's within the room the cover
// gives its art, the map at its own size (a CSS pixel a pixel), the
// soldier at 40% of a column, the wide map at the 150 mm asked for, across
// the columns, and no SVG, which the PDF prints as its alt text. Every
// picture keeps its proportions.
func TestPicturesPlacedAtTheirSize(t *testing.T) {
	doc, diags, err := parser.ParseBook(picturesBook)
	if errs, _ := diags.Count(); err != nil || errs > 0 {
		t.Fatalf("parse: %v %v", err, diags)
	}
	data := writeBook(t, doc, "a4")
	got := placedImages(t, data)
	book, err := newBook(doc, "a4")
	if err != nil {
		t.Fatal(err)
	}
	column := newLayouter(context.Background(), book, doc, testbook.SheetsOf(doc)).column().width
	// The book's pictures, by their files' pixels: the cover 300×200, the
	// map 240×160 (at 96 to the inch, 63.5 mm wide), the soldier 160×200.
	want := []placed{
		{210.0 * 2 / 3, 210.0 * 2 / 3 * 2 / 3}, // two thirds of the cover's width
		{63.5, 63.5 * 2 / 3},
		{column * 0.4, column * 0.4 * 5 / 4},
		{150, 100},
	}
	if len(got) != len(want) {
		t.Fatalf("the PDF places %d pictures, want %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		if p := got[i]; math.Abs(p.w-w.w) > 0.01 || math.Abs(p.h-w.h) > 0.01 {
			t.Errorf("picture %d placed %.2f×%.2f mm, want %.2f×%.2f", i, p.w, p.h, w.w, w.h)
		}
	}
	if !slices.ContainsFunc(got, func(p placed) bool { return p.w > column }) {
		t.Errorf("no picture is set across the columns (wider than a column's %.1f mm): %v", column, got)
	}
}
