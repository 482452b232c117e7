package pdf

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
)

// pageBox is a page box as pdfpatch.AddPageBoxes writes it.
var pageBox = regexp.MustCompile(`/(TrimBox|BleedBox) \[([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\]`)

// TestPressBoxes writes the bundled book on a 6×9 in trim for the press and
// reads it back: every page has a TrimBox of 6×9 in and a BleedBox 0.125
// in larger on each side, the page count is a multiple of four, two
// builds are the same bytes (the one the press tests share and one of its
// own, its paper given as an option), and, when qpdf is installed, qpdf
// finds the file sound.
func TestPressBoxes(t *testing.T) {
	t.Parallel()
	doc := testbook.Book(t)
	doc.Config.Press = ast.GenericPress
	data, _, _ := pressBook(t, ast.GenericPress)
	if again := writeBook(t, doc, "6x9"); !bytes.Equal(data, again) {
		t.Error("a second build gives different bytes")
	}
	pages := len(pageObject.FindAll(data, -1))
	if pages%4 != 0 {
		t.Errorf("%d pages, not a multiple of 4", pages)
	}
	// In points: the trim is 432×648, 9 in from the bleed's corner.
	want := map[string]string{"TrimBox": "9.00 9.00 441.00 657.00", "BleedBox": "0 0 450.00 666.00"}
	found := map[string]int{}
	for _, m := range pageBox.FindAllSubmatch(data, -1) {
		box, got := string(m[1]), strings.Join([]string{string(m[2]), string(m[3]), string(m[4]), string(m[5])}, " ")
		found[box]++
		if got != want[box] {
			t.Errorf("%s [%s], want [%s]", box, got, want[box])
		}
	}
	for box := range want {
		if found[box] != pages {
			t.Errorf("%d pages have a %s, want all %d", found[box], box, pages)
		}
	}
	if !bytes.Contains(data, []byte("/OutputIntents")) {
		t.Error("no sRGB output intent")
	}
	file := filepath.Join(t.TempDir(), "press.pdf")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("qpdf", "--check", file).CombinedOutput()
	switch {
	case errors.Is(err, exec.ErrNotFound):
		t.Log("qpdf not available (apt install qpdf): the file is not checked")
	case err != nil || bytes.Contains(out, []byte("WARNING")):
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
	if info, err := exec.Command("pdfinfo", file).Output(); err == nil && !bytes.Contains(info, []byte("Title:           "+doc.Config.Title)) {
		t.Errorf("pdfinfo does not find the title:\n%s", info)
	}
}

// TestPressCancelled checks that a press book, written into a buffer to
// have its boxes added, still stops when its build is cancelled.
func TestPressCancelled(t *testing.T) {
	doc := testbook.Book(t)
	doc.Config.Press = ast.GenericPress
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := WriteBook(ctx, &bytes.Buffer{}, doc, testbook.SheetsOf(doc), Options{}); err == nil {
		t.Error("a cancelled build wrote its book")
	}
}

// TestPreflightTrim checks what the preflight says of text drawn past the
// trim and of text drawn inside it but within the safe zone, each at the
// block that drew it. galley's own layout keeps text out of both, so the
// text is drawn here by hand, as a block of a later kind might draw it.
func TestPreflightTrim(t *testing.T) {
	doc, diags := parser.Parse("book.txt", []byte("Before\n======\n\nZero.\n\nEdges\n=====\n\nFirst.\n\nSecond.\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	// Titled, the book has a title page (its cover is a file of its own),
	// then its contents and a page for each chapter: four pages, which the
	// press takes as they are.
	doc.Config.Title, doc.Config.Press = "Edges", ast.GenericPress
	pdf, err := newBook(doc, "a4", pressOf(doc))
	if err != nil {
		t.Fatal(err)
	}
	l := newLayouter(context.Background(), pdf, doc, testbook.SheetsOf(doc))
	f, pages := l.layout()
	finish := l.preflight(f, pages)
	pdf.AddPage()
	marks := f.sources[len(f.sources)-2:]
	l.drawing(marks[0].at)
	l.set.draw(-2, 100, "past the trim", bodyFont, inkText)
	l.drawing(marks[1].at)
	l.set.draw(5, 100, "near the edge", bodyFont, inkText)
	l.drawing(-1)
	l.set.draw(l.body().x, 100, "in the text area", bodyFont, inkText)
	got := finish()
	if len(got) != 2 {
		t.Fatalf("got %d diagnostics, want 2:\n%v", len(got), got)
	}
	for i, want := range []string{"runs into the bleed", "runs outside the safe zone"} {
		if d := got[i]; d.Code != "preflight/safe-zone" || d.Line != marks[i].block.Position().Line || !strings.Contains(d.Message, want) {
			t.Errorf("diagnostic %d: %v, want %q at line %d", i, d, want, marks[i].block.Position().Line)
		}
	}
}
