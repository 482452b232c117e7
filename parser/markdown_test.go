package parser

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	gmast "github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"

	"github.com/galleyhq/galley/internal/golden"
	"github.com/galleyhq/galley/parser/ast"
)

// TestMarkdownGolden parses the input.md of each testdata/markdown/*.txtar
// case with the Markdown reader and compares the tree and diagnostics with
// its tree.json (-update rewrites them).
func TestMarkdownGolden(t *testing.T) { testGolden(t, "testdata/markdown/*.txtar", "input.md") }

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

// FuzzMarkdown is FuzzParse for the Markdown reader, from the Markdown
// golden cases, the 2d12 seed, which is Markdown, and shapes of broken
// Homebrewery and galley constructs.
func FuzzMarkdown(f *testing.F) {
	for _, src := range caseInputs(f, "input.md", "testdata/markdown") {
		f.Add(src)
	}
	if src, err := os.ReadFile(markdownSeedPath); err == nil {
		f.Add(src)
	}
	for _, s := range []string{
		"{{note\n{{monster\n}}", "}}\n{{", "\\begin{box}[\n\\end{box}", "> {{note\n> x\n}}",
		"| a |\n|---|\n| b |\nTable 1:", "```charsheet\nx\n```", "```charsheet wasp\nSpeed 75%\n[Attack\n```",
		"\\odds{", "\\page\n\\column\n\\newpage[x]", "[^1]\n\n[^1]: ", "a -- b --- c ...", "- a\n  1. b\n     > c",
		"Term\n: definition", "<div>\n", "\xff\r\n# \x1b", "\\claim{mean 2d12}{13}[^x]", "* \\claim{",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, diags := ParseMarkdown("fuzz.md", src)
		checkParsed(t, src, doc, diags)
		readsAsOne(t, "book.md", src, 1)
	})
}

// TestMarkdownChunksParseAsOne reads the Markdown test inputs, seed 003
// and the sample books in chunks as small as they can be, and in one pass.
func TestMarkdownChunksParseAsOne(t *testing.T) {
	inputs := caseInputs(t, "input.md", "testdata/markdown")
	books, _ := filepath.Glob("../testdata/books/*/*.md")
	for _, file := range append(books, markdownSeedPath) {
		if src, err := os.ReadFile(file); err == nil {
			inputs = append(inputs, src, []byte(strings.Repeat(string(src)+"\n", 3)))
		}
	}
	for _, src := range inputs {
		readsAsOne(t, "book.md", src, 1)
	}
	if seed, err := os.ReadFile(markdownSeedPath); err == nil && len(markdownCuts(splitLines(seed), 1)) == 0 {
		t.Error("seed 003 was not cut: the test compares nothing")
	}
}

// splitLines returns the lines of src.
func splitLines(src []byte) []sourceLine {
	var diags ast.DiagnosticList
	f, _ := readSourceFile("book.md", string(src), &diags)
	lines := make([]sourceLine, len(f.ends))
	for i := range lines {
		lines[i] = sourceLine{text: f.line(i), file: new(string), num: int32(i + 1), col: 1}
	}
	return lines
}

// markdownSeedPath is seed 003, a 2d12 rulebook written in Markdown.
var markdownSeedPath = filepath.Join("..", "..", "shared", "seeds", "003_82b4cb162a2f234c.txt")

// BenchmarkMarkdown parses seed 003, twenty times over, with goldmark and
// the Markdown reader's extensions alone, with goldmark and a walk of its
// tree, and with the Markdown reader, which is goldmark and a walk that
// builds galley's tree.
func BenchmarkMarkdown(b *testing.B) {
	seed, err := os.ReadFile(markdownSeedPath)
	if err != nil {
		b.Skipf("seed 003 is not beside the repository (%v); skipping", err)
	}
	src := []byte(strings.Repeat(string(seed)+"\n", 20))
	md := goldmark.New(goldmark.WithExtensions(markdownExtensions()...)).Parser()
	b.Run("goldmark", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			md.Parse(gmtext.NewReader(src))
		}
	})
	b.Run("goldmark+walk", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			nodes := 0
			_ = gmast.Walk(md.Parse(gmtext.NewReader(src)), func(gmast.Node, bool) (gmast.WalkStatus, error) {
				nodes++
				return gmast.WalkContinue, nil
			})
		}
	})
	b.Run("galley", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			ParseMarkdown("book.md", src)
		}
	})
}

// BenchmarkMarkdownPathological runs the markup's pathological inputs,
// and Markdown's own, through goldmark with the reader's extensions and
// through the Markdown reader: the reader must cost no more per byte than
// goldmark does on each, whatever goldmark's own cost.
func BenchmarkMarkdownPathological(b *testing.B) {
	inputs := map[string]func() string{
		"nested-boxes":   func() string { return strings.Repeat("{{note\n", 10000) + strings.Repeat("}}\n", 10000) },
		"nested-quotes":  func() string { return strings.Repeat(">", 10000) + " deep\n" },
		"pipe-table":     func() string { return "|" + strings.Repeat(" a |", 5000) + "\n|" + strings.Repeat("---|", 5000) + "\n" },
		"footnote-links": func() string { return strings.Repeat("a[^1] ", 50000) + "\n\n[^1]: note\n" },
	}
	for name, input := range pathologicalInputs {
		inputs[name] = input
	}
	md := goldmark.New(goldmark.WithExtensions(markdownExtensions()...)).Parser()
	for name, input := range inputs {
		src := []byte(input())
		b.Run(name+"/goldmark", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				md.Parse(gmtext.NewReader(src))
			}
		})
		b.Run(name+"/galley", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				ParseMarkdown("input.md", src)
			}
		})
	}
}

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

// TestMarkdownBoxDepth nests Homebrewery blocks deeper than boxes go: the
// boxes stop at maxListDepth, and the openers deeper are text.
func TestMarkdownBoxDepth(t *testing.T) {
	const n = maxListDepth + 4
	doc, _ := ParseMarkdown("deep.md", []byte(strings.Repeat("{{note\n", n)+"inside\n"+strings.Repeat("}}\n", n)))
	depth := 0
	for blocks := doc.Blocks; len(blocks) > 0; depth++ {
		box, ok := blocks[0].(*ast.Box)
		if !ok {
			break
		}
		blocks = box.Blocks
	}
	if depth != maxListDepth {
		t.Errorf("boxes nest %d deep, want %d", depth, maxListDepth)
	}
}
