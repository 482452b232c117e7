package parser

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/galleyhq/galley/internal/golden"
	"github.com/galleyhq/galley/parser/ast"
)

// seedPath is the designer's Nests & Insects manuscript, which galley must
// read unmodified. It lives beside the repository in ../shared/seeds; a fresh
// clone has no such folder, and then the tests that need it skip.
var seedPath = filepath.Join("..", "..", "shared", "seeds", "000_9527e596835b1710.txt")

func readSeed(tb testing.TB) []byte {
	tb.Helper()
	src, err := readSeedFile()
	if err != nil {
		tb.Skipf("the seed manuscript is not beside the repository (%v); skipping", err)
	}
	return src
}

func TestSeedCounts(t *testing.T) {
	doc, diags := Parse("seed.txt", readSeed(t))
	s := doc.Stats(diags)
	for name, c := range map[string][2]int{
		"errors": {s.Errors, 0}, "table": {s.Table, 27}, "box": {s.Box, 44},
		"charsheet": {s.CharSheet, 6}, "formula": {s.Formula, 5}, "pagebreak": {s.PageBreak, 48},
		"toc": {s.TOC, 1}, "coverpage": {s.CoverPage, 1}, "verbatim": {s.Verbatim, 1},
		"footnote": {s.Footnote, 1},
	} {
		if c[0] != c[1] {
			t.Errorf("%s = %d, want %d", name, c[0], c[1])
		}
	}
	if s.Figure < 20 {
		t.Errorf("figure = %d, want at least 20", s.Figure)
	}
	if len(diags) != 0 {
		t.Errorf("diagnostics on the seed: %v", diags)
	}
}

// TestSeedDecileTable checks the table the issue names: Table 2, the decile
// dice, with its 6 columns, 5 rows and wrapped caption.
func TestSeedDecileTable(t *testing.T) {
	doc, _ := Parse("seed.txt", readSeed(t))
	tables := nodesOf[*ast.Table](doc)
	decile := tables[1]
	if len(decile.Header) != 6 || len(decile.Rows) != 5 {
		t.Fatalf("decile table is %d columns × %d rows, want 6 × 5", len(decile.Header), len(decile.Rows))
	}
	c := decile.Caption
	if c == nil || c.Label != "Table" || c.Number != 2 || !c.Explicit {
		t.Fatalf("decile caption = %+v, want explicit Table 2", c)
	}
	if got := inlineText(c.Inlines); got != `Decile dice, used for quantification of percentile effects. d100 is also a decile die. The d20 does not need a "tens" die and is rolled on its own.` {
		t.Errorf("caption text = %q", got)
	}
	if cell := decile.Rows[2][0]; cell.Text != "d60" || cell.Line != 313 || cell.Col != 1 {
		t.Errorf("row 3 first cell = %q at %d:%d, want d60 at 313:1", cell.Text, cell.Line, cell.Col)
	}
}

// TestSeedNumbering checks that explicit numbers are kept and that
// "Table:" and "Figure:" continue each sequence after the last number.
func TestSeedNumbering(t *testing.T) {
	doc, _ := Parse("seed.txt", readSeed(t))
	var tables, figures []int
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		var c *ast.Caption
		switch n := n.(type) {
		case *ast.Table:
			c = n.Caption
		case *ast.Figure:
			c = n.Caption
		}
		if c != nil && c.Label == "Table" {
			tables = append(tables, c.Number)
		} else if c != nil {
			figures = append(figures, c.Number)
		}
		return true
	})
	for i, n := range tables {
		if n != i+1 {
			t.Fatalf("table numbers %v do not run 1, 2, 3…", tables)
		}
	}
	for i, n := range figures {
		if n != i+1 {
			t.Fatalf("figure numbers %v do not run 1, 2, 3…", figures)
		}
	}
	if len(tables) != 17 || len(figures) != 23 {
		t.Errorf("got %d table and %d figure captions, want 17 and 23", len(tables), len(figures))
	}
}

// TestSeedOutline checks the depths the toc outline gives.
func TestSeedOutline(t *testing.T) {
	doc, _ := Parse("seed.txt", readSeed(t))
	depth := map[string]int{}
	for _, h := range doc.Headings() {
		if _, seen := depth[h.Title]; !seen {
			depth[h.Title] = h.Depth
		}
	}
	for title, want := range map[string]int{
		"System": 1, "Fuzzy d100": 2, "Decile Dice": 3, "Combat": 3, "Combat Summary": 4,
		"Termites": 3, "Major Termite Soldier - Autothyte": 4, "Pronouns: he/him/his": 4,
	} {
		if depth[title] != want {
			t.Errorf("depth of %q = %d, want %d", title, depth[title], want)
		}
	}
}

// TestSeedAnyCores parses a long book with one prose worker and with many:
// the workers parse the prose in whatever order they get to it, and the
// tree and diagnostics must not show it.
func TestSeedAnyCores(t *testing.T) {
	src := repeatBody(readSeed(t), 5)
	var trees []string
	for _, procs := range []int{1, 8} {
		before := runtime.GOMAXPROCS(procs)
		trees = append(trees, string(treeJSON(t, Parse, "input.txt", src)))
		runtime.GOMAXPROCS(before)
	}
	if trees[0] != trees[1] {
		t.Errorf("the tree depends on the number of cores:\n%s", golden.FirstDifference(trees[0], trees[1]))
	}
}

func nodesOf[T ast.Node](doc *ast.Document) []T {
	var out []T
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		if t, ok := n.(T); ok {
			out = append(out, t)
		}
		return true
	})
	return out
}

func inlineText(inlines []ast.Inline) string {
	var s string
	ast.WalkInlines(inlines, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Text:
			s += n.Text
		case *ast.Dice:
			s += n.Expr
		case *ast.Ref:
			s += n.Text
		}
		return true
	})
	return s
}

func readSeedFile() ([]byte, error) { return os.ReadFile(seedPath) }
