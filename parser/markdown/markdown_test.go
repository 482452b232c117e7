package markdown

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/yuin/goldmark"
	gmast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/galleyhq/galley/internal/golden"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/internal/readertest"
	"github.com/galleyhq/galley/parser/prose"
)

// parse reads src, the Markdown file name, as a book of that one file.
func parse(name string, src []byte) (*ast.Document, ast.DiagnosticList) {
	return read(name, src, markdownChunkLines)
}

// read reads src, the Markdown file name, in chunks of chunkLines lines,
// or in one pass when chunkLines is 0.
func read(name string, src []byte, chunkLines int) (*ast.Document, ast.DiagnosticList) {
	var diags ast.DiagnosticList
	p := prose.NewParser(&diags, chunkLines)
	doc := &ast.Document{Files: []string{name}}
	doc.Blocks = Read(p, name, prose.ReadFile(name, string(src), &diags))
	p.Finish(doc)
	diags.Sort(doc.Files)
	return doc, diags
}

// readsAsOne fails t when src reads otherwise in chunks as small as they
// can be than in one pass.
func readsAsOne(t *testing.T, src []byte) {
	t.Helper()
	readertest.ReadsAsOne(t, func(chunkLines int) (*ast.Document, ast.DiagnosticList) {
		return read("book.md", src, chunkLines)
	}, 1)
}

// TestMarkdownPlainAsGoldmark reads the Markdown test inputs, seeds 003
// and 004 and the sample books with the reader's goldmark and with
// goldmark's own inline parsers, without markdownPlainParser: the trees
// and diagnostics must be the same, positions and all.
func TestMarkdownPlainAsGoldmark(t *testing.T) {
	inputs := readertest.CaseInputs(t, "input.md", "../testdata/markdown")
	files, _ := filepath.Glob("../../testdata/books/*/*.md")
	seeds, _ := filepath.Glob("../../../shared/seeds/00[34]_*.txt")
	for _, file := range append(files, seeds...) {
		if src, err := os.ReadFile(file); err == nil {
			inputs = append(inputs, src)
		}
	}
	for _, src := range inputs {
		readsAsGoldmark(t, src)
	}
}

// readsAsGoldmark fails t when src reads otherwise with
// markdownPlainParser and markdownLinkRefWindows than with goldmark's
// inline parsers and link reference definitions alone.
func readsAsGoldmark(t *testing.T, src []byte) {
	t.Helper()
	shortcut, shortcutDiags := parse("book.md", src)
	defer func(p func() gmparser.Parser) { markdownParser = p }(markdownParser)
	goldmarkAlone := newMarkdownParser(markdownExtensions(), gmparser.WithInlineParsers(util.Prioritized(markdownBracketGuard{}, 0)))
	markdownParser = func() gmparser.Parser { return goldmarkAlone }
	want, wantDiags := parse("book.md", src)
	got, _ := json.MarshalIndent([]any{shortcut, shortcutDiags}, "", " ")
	expected, _ := json.MarshalIndent([]any{want, wantDiags}, "", " ")
	if string(got) != string(expected) {
		t.Fatalf("read with markdownPlainParser, %q differs from goldmark's reading:\n%s", src[:min(len(src), 80)], golden.FirstDifference(string(got), string(expected)))
	}
}

// TestMarkdownChunksParseAsOne reads the Markdown test inputs, seed 003
// and the sample books in chunks as small as they can be, and in one pass.
func TestMarkdownChunksParseAsOne(t *testing.T) {
	inputs := readertest.CaseInputs(t, "input.md", "../testdata/markdown")
	books, _ := filepath.Glob("../../testdata/books/*/*.md")
	for _, file := range append(books, markdownSeedPath) {
		if src, err := os.ReadFile(file); err == nil {
			inputs = append(inputs, src, []byte(strings.Repeat(string(src)+"\n", 3)))
		}
	}
	for _, src := range inputs {
		readsAsOne(t, src)
	}
	if seed, err := os.ReadFile(markdownSeedPath); err == nil && len(markdownCuts(splitLines(seed), 1)) == 0 {
		t.Error("seed 003 was not cut: the test compares nothing")
	}
}

// splitLines returns the lines of src.
func splitLines(src []byte) []prose.Line {
	var diags ast.DiagnosticList
	f := prose.ReadFile("book.md", string(src), &diags)
	lines := make([]prose.Line, len(f.Ends))
	for i := range lines {
		lines[i] = prose.Line{Text: f.Line(i), File: new(string), Num: int32(i + 1), Col: 1}
	}
	return lines
}

// markdownSeedPath is seed 003, a 2d12 rulebook written in Markdown.
var markdownSeedPath = filepath.Join("..", "..", "..", "shared", "seeds", "003_82b4cb162a2f234c.txt")

// BenchmarkMarkdown parses seed 003 and the Homebrewery sample book,
// written over to a megabyte, with goldmark and the Markdown reader's
// extensions alone, with goldmark and a walk of its tree, and with the
// Markdown reader, which is goldmark and a walk that builds galley's tree.
// (The twin sample books have footnotes, which would keep the reader from
// cutting the file into chunks.)
func BenchmarkMarkdown(b *testing.B) {
	seed, err := os.ReadFile(markdownSeedPath)
	if err != nil {
		b.Skipf("seed 003 is not beside the repository (%v); skipping", err)
	}
	brew, err := os.ReadFile(filepath.Join("..", "..", "testdata", "books", "brew", "brew.md"))
	if err != nil {
		b.Fatal(err)
	}
	book := string(seed) + "\n" + string(brew) + "\n"
	src := []byte(strings.Repeat(book, 1<<20/len(book)+1))
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
			parse("book.md", src)
		}
	})
}

// markdownPathological are the shapes that make Markdown parsers
// superlinear, each made about n bytes long: the markup's (stars, long
// lines, list lines) and Markdown's own, among them those goldmark alone
// is quadratic on (nested quotes, containers and brackets, links left
// open), which the reader bounds (markdown_limits.go).
var markdownPathological = map[string]func(n int) string{
	"stars":         func(n int) string { return readertest.Wrap(strings.Repeat("*", n), 80) },
	"long-line":     func(n int) string { return strings.Repeat(readertest.Prose, n/len(readertest.Prose)) + "\n" },
	"list-lines":    func(n int) string { return repeatTo("* an item that looks like a list\n", n) },
	"nested-boxes":  func(n int) string { return strings.Repeat("{{note\n", n/10) + strings.Repeat("}}\n", n/10) },
	"nested-quotes": func(n int) string { return strings.Repeat(">", n) + " deep\n" },
	"quote-list":    func(n int) string { return strings.Repeat("- > ", n/4) + "deep\n" },
	"pipe-table": func(n int) string {
		return "|" + strings.Repeat(" a |", n/8) + "\n|" + strings.Repeat("---|", n/8) + "\n"
	},
	"table-rows":     func(n int) string { return "| a | b |\n|---|---|\n" + repeatTo("| c | d |\n", n) },
	"footnote-links": func(n int) string { return repeatTo("a[^1] ", n) + "\n\n[^1]: note\n" },
	"footnote-opens": func(n int) string { return repeatTo("[^a", n) + "\n" },
	// Notes each cited once, which goldmark's footnote extension is
	// quadratic on (see footnote.go).
	"footnotes": func(n int) string {
		var cites, notes strings.Builder
		for i := 0; cites.Len()+notes.Len() < n; i++ {
			cites.WriteString("A fact[^" + strconv.Itoa(i) + "].\n")
			notes.WriteString("[^" + strconv.Itoa(i) + "]: Its note.\n")
		}
		return cites.String() + "\n" + notes.String()
	},
	"brackets":      func(n int) string { return strings.Repeat("[", n/2) + "a" + strings.Repeat("]", n/2) + "\n" },
	"open-brackets": func(n int) string { return strings.Repeat("[", n) + "a\n" },
	"open-links":    func(n int) string { return repeatTo("[a](", n) + "\n" },
	"underscores":   func(n int) string { return readertest.Wrap(repeatTo("_a ", n), 80) },
	"link-labels":   func(n int) string { return readertest.Wrap(repeatTo("[a ", n/2)+repeatTo("](b)", n/2), 80) },
	"definitions":   func(n int) string { return repeatTo("Term\n: definition\n", n) },
	"link-refs": func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			b.WriteString("[label" + strconv.Itoa(i) + "]: /page\n")
		}
		return b.String()
	},
}

// repeatTo returns s written over to n bytes or more.
func repeatTo(s string, n int) string { return strings.Repeat(s, max(n/len(s), 1)) }

// BenchmarkMarkdownPathological runs each of markdownPathological at 10 KB
// and 100 KB through goldmark alone, with goldmark's own extensions as the
// reader takes them (stockExtensions), and through the Markdown reader:
// bench/parse_ratios.sh prints how much longer each takes at ten times the
// size, which is ten when linear.
func BenchmarkMarkdownPathological(b *testing.B) {
	md := goldmark.New(goldmark.WithExtensions(stockExtensions()...)).Parser()
	for name, input := range markdownPathological {
		for _, size := range []int{10_000, 100_000} {
			src := []byte(input(size))
			b.Run(name+"/"+strconv.Itoa(size)+"/goldmark", func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					md.Parse(gmtext.NewReader(src))
				}
			})
			b.Run(name+"/"+strconv.Itoa(size)+"/galley", func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					parse("input.md", src)
				}
			})
		}
	}
}

// TestMarkdownBoxDepth nests Homebrewery blocks deeper than boxes go: the
// boxes stop at prose.MaxNesting, and the openers deeper are text.
func TestMarkdownBoxDepth(t *testing.T) {
	const n = prose.MaxNesting + 4
	doc, _ := parse("deep.md", []byte(strings.Repeat("{{note\n", n)+"inside\n"+strings.Repeat("}}\n", n)))
	depth := 0
	for blocks := doc.Blocks; len(blocks) > 0; depth++ {
		box, ok := blocks[0].(*ast.Box)
		if !ok {
			break
		}
		blocks = box.Blocks
	}
	if depth != prose.MaxNesting {
		t.Errorf("boxes nest %d deep, want %d", depth, prose.MaxNesting)
	}
}

// TestMarkdownNestingBounded reads the shapes goldmark alone is quadratic
// on, each a little past the bound: the reader warns where it bounded them
// and keeps their text as written.
func TestMarkdownNestingBounded(t *testing.T) {
	deep := maxMarkdownNesting + 8
	tests := []struct {
		src, code string
		col       int
		text      string // the text of the innermost paragraph
	}{
		{strings.Repeat("> ", deep) + "deep", "markdown/nesting", 2*maxMarkdownNesting + 1, strings.Repeat("> ", deep-maxMarkdownNesting) + "deep"},
		{strings.Repeat("- > ", deep) + "deep", "markdown/nesting", 2*maxMarkdownNesting + 1, strings.Repeat("- > ", deep-maxMarkdownNesting/2) + "deep"},
		{strings.Repeat("[a](", deep), "markdown/brackets", 1, strings.Repeat("[a](", deep)},
		{strings.Repeat("[", deep) + "a" + strings.Repeat("]", deep), "markdown/brackets", 1, strings.Repeat("[", deep) + "a" + strings.Repeat("]", deep)},
	}
	for _, tt := range tests {
		doc, diags := parse("deep.md", []byte(tt.src+"\n"))
		if len(diags) != 1 || diags[0].Code != tt.code || diags[0].Line != 1 || diags[0].Col != tt.col {
			t.Errorf("%.20q…: diagnostics %v, want one %s at 1:%d", tt.src, diags, tt.code, tt.col)
		}
		var text string
		ast.Walk(doc.Blocks, func(n ast.Node) bool {
			if p, ok := n.(*ast.Paragraph); ok && len(p.Inlines) == 1 {
				if tx, ok := p.Inlines[0].(*ast.Text); ok {
					text = tx.Text
				}
			}
			return true
		})
		if text != tt.text {
			t.Errorf("%.20q…: innermost text %q, want %q", tt.src, text, tt.text)
		}
	}
}

// TestMarkdownOutlineNeedsNoHeadings reads lines in capitals and items
// indented by a space in a file with a heading: they stay a paragraph and
// items of one list, as CommonMark has them.
func TestMarkdownOutlineNeedsNoHeadings(t *testing.T) {
	doc, _ := parse("book.md", []byte("# Doors\n\nSTUCK DOORS\n\n- Push\n - Together\n"))
	stats := doc.Stats(nil)
	if stats.Heading != 1 || stats.Paragraph != 3 || stats.List != 1 {
		t.Errorf("stats %+v, want 1 heading, 3 paragraphs and 1 list", stats)
	}
}

// TestMarkdownInvalidUTF8 reads a Markdown file with invalid bytes in
// every kind of text: each is an error where it stands, and the tree holds
// U+FFFD in its place, as the markup's does, so that no writer meets a
// byte that is no character.
func TestMarkdownInvalidUTF8(t *testing.T) {
	src := "# Ti\xfftle\n\nA para\xffgraph with `co\xffde` and *em\xff*.\n\n| a\xff | b |\n|---|---|\n| c | d\xfe |\n\n```\nco\xc0de\n```\n\n![al\xfft](x.png)\n"
	doc, diags := parse("bad.md", []byte(src))
	readertest.CheckTree(t, []byte(src), doc, diags)
	invalid := 0
	for _, d := range diags {
		if d.Code == "utf8/invalid" {
			invalid++
		}
	}
	if invalid != 6 {
		t.Errorf("%d utf8/invalid errors, want one a line, 6: %v", invalid, diags)
	}
	tree, err := json.Marshal(doc.Blocks)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(tree), "\ufffd"); n < 8 {
		t.Errorf("%d U+FFFD in the tree, want 8:\n%s", n, tree)
	}
}

// TestMarkdownEmptyHeading reports a heading with no text, "#" alone or
// raw HTML alone, at its line, and leaves it out: no part can title a
// page, an entry of the contents or a bookmark with nothing.
func TestMarkdownEmptyHeading(t *testing.T) {
	doc, diags := parse("book.md", []byte("# Book\n\n#\n\nText.\n\n## <span></span>\n\n## ![](x.png) \n\n## Real\n"))
	var got []string
	for _, d := range diags {
		if d.Code == "heading/empty" {
			got = append(got, strconv.Itoa(d.Line))
		}
	}
	if strings.Join(got, " ") != "3 7 9" {
		t.Errorf("heading/empty on lines %v, want 3 7 9: %v", got, diags)
	}
	var titles []string
	for _, h := range doc.Headings() {
		titles = append(titles, h.Title)
	}
	if strings.Join(titles, "|") != "Book|Real" {
		t.Errorf("headings %q, want Book and Real", titles)
	}
}

// TestFootnotesAsGoldmark reads footnotes, the test inputs' and shapes of
// every kind (cited twice, never, before and after their note, a label
// defined twice, notes in a quote and a list, "![^1]"), with the reader's
// own footnote extension and with goldmark's, whose time is a square of
// the notes: the trees must be the same.
func TestFootnotesAsGoldmark(t *testing.T) {
	inputs := readertest.CaseInputs(t, "input.md", "../testdata/markdown")
	for _, s := range []string{
		"# Notes\n\nA[^a] b[^b] a again[^a] and ![^c] and [^none].\n\n[^b]: Second.\n[^a]: First,\n    continued.\n\n[^unused]: Never cited.\n\n[^a]: Defined twice.\n",
		"> [^q]: In a quote.\n\n- [^l]: In a list.\n\nCite [^l] then [^q] then [^1].\n\n[^1]:\n\n[^ ]: blank\n",
		"[^x]: before\n\ntext [^x]\n\n[^y]: after [^x] [^y]\n",
	} {
		inputs = append(inputs, []byte(s))
	}
	var many strings.Builder
	for i := range 300 {
		fmt.Fprintf(&many, "Text[^%d] and[^%d].\n\n", 300-i, i)
	}
	for i := range 300 {
		fmt.Fprintf(&many, "[^%d]: Note %d.\n\n", i, i)
	}
	inputs = append(inputs, []byte(many.String()))
	for _, src := range inputs {
		footnotesAsGoldmark(t, src)
	}
}

// goldmarksFootnotes is the reader's goldmark with goldmark's footnote
// extension in place of the reader's own.
var goldmarksFootnotes = sync.OnceValue(func() gmparser.Parser {
	return newMarkdownParser(stockExtensions(), readerOptions()...)
})

// stockExtensions are the reader's extensions as goldmark ships them: its
// footnote extension in place of the reader's own.
func stockExtensions() []goldmark.Extender {
	extensions := markdownExtensions()
	for i, e := range extensions {
		if _, ok := e.(markdownFootnotes); ok {
			extensions[i] = extension.Footnote
		}
	}
	return extensions
}

// footnotesAsGoldmark fails t when src reads otherwise with goldmark's
// footnote extension than with the reader's own.
func footnotesAsGoldmark(t *testing.T, src []byte) {
	t.Helper()
	ours, ourDiags := parse("book.md", src)
	defer func(p func() gmparser.Parser) { markdownParser = p }(markdownParser)
	markdownParser = goldmarksFootnotes
	theirs, theirDiags := parse("book.md", src)
	got, _ := json.MarshalIndent([]any{ours, ourDiags}, "", " ")
	want, _ := json.MarshalIndent([]any{theirs, theirDiags}, "", " ")
	if string(got) != string(want) {
		t.Fatalf("%q reads otherwise than with goldmark's footnotes:\n%s", src[:min(len(src), 60)], golden.FirstDifference(string(got), string(want)))
	}
}
