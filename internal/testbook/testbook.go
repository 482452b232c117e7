// Package testbook gives the writers' tests the bundled book, the one every
// new user builds first, so that each writer is tested on the real thing.
package testbook

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

// Dir returns the bundled manuscript's directory, wherever the test runs.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "manuscript")
}

// Book parses the bundled book; it must parse without diagnostics.
func Book(t testing.TB) *ast.Document {
	t.Helper()
	doc, diags, err := parser.ParseBook(Dir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		t.Errorf("bundled book: %v", d)
	}
	return doc
}

// Sheets fills the bundled book's sheet template with every class.
func Sheets(t testing.TB) *sheet.Book {
	t.Helper()
	book, diags := sheet.OfBook(Book(t))
	for _, d := range diags {
		t.Errorf("bundled book: %v", d)
	}
	if book == nil {
		t.Fatal("the bundled book has no readable sheet template")
	}
	return book
}

// SheetsOf fills doc's sheet template with every class, as the pipeline
// does before the writers run: nil for a book without a template. What is
// wrong with them is galley check's to report.
func SheetsOf(doc *ast.Document) *sheet.Book {
	book, _ := sheet.OfBook(doc)
	return book
}

// CopyTo writes the bundled book's files into dir, each chapter (every
// file but the front matter, which holds the cover and the outline)
// repeated times times, for tests that edit the book and for benchmarks
// that need a long one.
func CopyTo(tb testing.TB, dir string, times int) {
	tb.Helper()
	files, err := os.ReadDir(Dir())
	if err != nil {
		tb.Fatal(err)
	}
	for i, f := range files {
		text, err := os.ReadFile(filepath.Join(Dir(), f.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		if i > 0 && strings.HasSuffix(f.Name(), ".txt") {
			text = bytes.Repeat(append(text, '\n'), times)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name()), text, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// SeedCorpus returns the corpus of bench/compare.sh: the designer's
// manuscript (seed 000, beside the repository in ../shared/seeds) with its
// body, everything after the outline, written k times over, as
// ../shared/bench/make_corpus.py writes it. The benchmark is skipped when
// the seed is absent, as it is from a user's clone.
func SeedCorpus(tb testing.TB, k int) []byte {
	tb.Helper()
	seed, err := os.ReadFile(filepath.Join(Dir(), "..", "..", "shared", "seeds", "000_9527e596835b1710.txt"))
	if err != nil {
		tb.Skipf("the seed manuscript is not beside the repository (%v); skipping", err)
	}
	lines := strings.Split(string(seed), "\n")
	end := slices.Index(lines, `\end{toc}`)
	if end < 0 {
		tb.Fatal("the seed has no outline")
	}
	body := strings.Join(lines[end+1:], "\n")
	return []byte(strings.Join(lines[:end+1], "\n") + "\n" + strings.Repeat(body+"\n", k))
}

// Long parses the bundled book with each chapter written out times times
// over, some 70 pages a time. The repeats make duplicate headings, numbers
// and classes, which galley check would report and the writers draw all
// the same.
func Long(tb testing.TB, times int) *ast.Document {
	tb.Helper()
	dir := tb.TempDir()
	CopyTo(tb, dir, times)
	doc, _, err := parser.ParseBook(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

// WithOutlines parses the bundled book and puts n more outlines in the
// middle of it, after its own. A book has one table of contents, where its
// first outline stands, so the writers print the book as they would
// without them.
func WithOutlines(tb testing.TB, n int) *ast.Document {
	tb.Helper()
	doc := Book(tb)
	outlines := make([]ast.Block, n)
	for i := range outlines {
		outlines[i] = &ast.TOC{Title: "Contents"}
	}
	doc.Blocks = slices.Insert(doc.Blocks, len(doc.Blocks)/2, outlines...)
	return doc
}

// StarterSystems are the systems galley new has a starter book for.
var StarterSystems = []string{"fd100", "pool", "2d12", "trigger"}

// StarterDir returns the directory of the starter book galley new writes
// for system, as it is embedded in galley.
func StarterDir(system string) string {
	return filepath.Join(Dir(), "..", "cmd", "galley", "newbook", system)
}

// SheetsAt parses the book at path and fills its sheet template with every
// class; the book must parse and fill without errors.
func SheetsAt(t testing.TB, path string) *sheet.Book {
	t.Helper()
	doc, diags, err := parser.ParseBook(path)
	if err != nil {
		t.Fatal(err)
	}
	book, sheetDiags := sheet.OfBook(doc)
	for _, d := range append(diags, sheetDiags...) {
		if d.Severity == ast.SeverityError {
			t.Errorf("%s: %v", path, d)
		}
	}
	if book == nil {
		t.Fatalf("%s has no readable sheet template", path)
	}
	return book
}
