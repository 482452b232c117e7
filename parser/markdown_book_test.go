package parser

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/galleyhq/galley/internal/golden"
	"github.com/galleyhq/galley/parser/ast"
)

// TestMarkdownGolden parses the input.md of each testdata/markdown/*.txtar
// case with the Markdown reader and compares the tree and diagnostics with
// its tree.json (-update rewrites them).
func TestMarkdownGolden(t *testing.T) {
	testGolden(t, ParseMarkdown, "testdata/markdown/*.txtar", "input.md")
}

// TestMarkdownTwin reads the sample book written in both markups: the two
// trees must be the same but for positions, so that the checker and the
// writers cannot tell them apart.
func TestMarkdownTwin(t *testing.T) {
	books := filepath.Join("..", "testdata", "books")
	var trees [2]any
	for i, dir := range []string{"twin-markup", "twin-markdown"} {
		doc, diags, err := ParseBook(filepath.Join(books, dir))
		if err != nil {
			t.Fatal(err)
		}
		if len(diags) > 0 {
			t.Errorf("%s: %v", dir, diags)
		}
		trees[i] = withoutPositions(t, doc.Blocks)
	}
	if !reflect.DeepEqual(trees[0], trees[1]) {
		a, _ := json.MarshalIndent(trees[0], "", " ")
		b, _ := json.MarshalIndent(trees[1], "", " ")
		t.Errorf("the Markdown twin's tree differs from the markup's:\n%s", golden.FirstDifference(string(b), string(a)))
	}
}

// withoutPositions returns v as JSON decodes it, with every position taken
// out.
func withoutPositions(t *testing.T, v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(data, &tree); err != nil {
		t.Fatal(err)
	}
	var strip func(any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, key := range []string{"file", "line", "col", "start", "exprPos", "valuePos"} {
				delete(v, key)
			}
			for _, child := range v {
				strip(child)
			}
		case []any:
			for _, child := range v {
				strip(child)
			}
		}
	}
	strip(tree)
	return tree
}

// markdownSeedPath is seed 003, a 2d12 rulebook written in Markdown.
var markdownSeedPath = filepath.Join("..", "..", "shared", "seeds", "003_82b4cb162a2f234c.txt")

// TestMarkdownSeed reads seed 003, a 2d12 rulebook in Markdown kept in a
// .txt file, as --from markdown does: all its 47 headings and both its
// pipe tables must be there, and nothing an error.
func TestMarkdownSeed(t *testing.T) {
	if _, err := os.Stat(markdownSeedPath); err != nil {
		t.Skipf("seed 003 is not beside the repository (%v); skipping", err)
	}
	doc, diags, err := ParseBookFrom(markdownSeedPath, FormatMarkdown)
	if err != nil {
		t.Fatal(err)
	}
	stats := doc.Stats(diags)
	if stats.Errors > 0 {
		t.Errorf("errors: %v", diags)
	}
	if stats.Heading != 47 || stats.Table != 2 {
		t.Errorf("seed 003 read as Markdown has %d headings and %d tables, want 47 and 2", stats.Heading, stats.Table)
	}
}

// TestMarkdownMissingPicture reports a picture whose file is missing at
// its path, as written in the Markdown file.
func TestMarkdownMissingPicture(t *testing.T) {
	dir := t.TempDir()
	src := "# Pictures\n\nText.\n\n  ![A map](art/none.png)\n"
	if err := os.WriteFile(filepath.Join(dir, "book.md"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags, err := ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || diags[0].Line != 5 || diags[0].Col != 12 || diags[0].Severity != ast.SeverityError {
		t.Errorf("diagnostics %v, want one error at 5:12", diags)
	}
}

// TestMarkdownOutlineSeed reads seed 004, a plain outline, as Markdown:
// its lines in capitals are its 38 headings, 6 of them chapters, and its
// items indented by a space nest.
func TestMarkdownOutlineSeed(t *testing.T) {
	seeds, _ := filepath.Glob("../../shared/seeds/004_*.txt")
	if len(seeds) == 0 {
		t.Skip("seed 004 is not beside the repository; skipping")
	}
	doc, diags, err := ParseBookFrom(seeds[0], FormatMarkdown)
	if err != nil {
		t.Fatal(err)
	}
	chapters, nested := 0, 0
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level == 1 {
				chapters++
			}
		case *ast.ListItem:
			for _, b := range n.Blocks {
				if _, ok := b.(*ast.List); ok {
					nested++
				}
			}
		}
		return true
	})
	if stats := doc.Stats(diags); stats.Heading != 38 || chapters != 6 || nested == 0 || stats.Errors > 0 {
		t.Errorf("seed 004 has %d headings, %d chapters, %d nested lists and %d errors; want 38, 6, some and none", stats.Heading, chapters, nested, stats.Errors)
	}
}
