package outline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/internal/readertest"
	"github.com/galleyhq/galley/parser/prose"
)

// seedPath is seed 001, the outline this reader was written for.
var seedPath = filepath.Join("..", "..", "..", "shared", "seeds", "001_6574d5041f0e2889.txt")

// read reads src, the outline file name, as a book of that one file.
func read(name string, src []byte) (*ast.Document, ast.DiagnosticList) {
	var diags ast.DiagnosticList
	p := prose.NewParser(&diags, 0)
	doc := &ast.Document{Files: []string{name}}
	doc.Blocks = Read(p, name, prose.ReadFile(name, string(src), &diags))
	p.Finish(doc)
	diags.Sort(doc.Files)
	return doc, diags
}

// FuzzOutline feeds the outline's reader arbitrary bytes, starting from its
// golden cases, seed 001 and shapes of broken frames, boxes, tables and
// numbers. Whatever the input, it must not panic, every position it
// reports must lie in the input, and the tree must encode as JSON.
func FuzzOutline(f *testing.F) {
	for _, src := range readertest.CaseInputs(f, "input.txt", filepath.Join("..", "testdata", "outline")) {
		f.Add(src)
	}
	if src, err := os.ReadFile(seedPath); err == nil {
		f.Add(src)
	}
	for _, s := range []string{
		"║", "║ ║", "║ a\nb\n║ c ║", "║ ┌[\n║ │ x", "║ ┌[Example 1]─┐\n║ └", "║ a  b\n║ ─\n║ x", "║ a  b\n║ ──  ──\n║ 1  2  3  4",
		"1.0.0.0\n1.0.0.0 x\n0.0.0.0 y\n1.2.3.4.5.6 z", "\t* a\n\t\t* b\n\t\t\t1.\tc", "a\t\tb\n\t\tc", "9999.9999.9999.9999 ok",
		"║ 1.2.0.0 Title......3 ║", "║ Label: ..... value ║", "║ Table 1: x ║\n║ Table 1: y ║", "║ ○ a\n║ ──\n║ Figure 1: b",
		"║ ┌[Air]─┐\n║ │ ○ x │\n║ └<^y>──┘", "SECTION ()\nINSERT A FIGURE", strings.Repeat("\t", 40) + "* deep",
		"║ h  h\n║ ─\n║ " + strings.Repeat("w", 40) + "  x", "\xff║\x1b ║",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, diags := read("fuzz.txt", src)
		readertest.CheckTree(t, src, doc, diags)
	})
}
