package markdown

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	gmparser "github.com/yuin/goldmark/parser"

	"github.com/galleyhq/galley/parser/ast"
)

// TestCommonMarkSpec reads the CommonMark spec's examples of entity and
// numeric character references, code spans and raw HTML, and requires the
// text galley prints of each to be the text of the spec's HTML: references
// resolved (they were printed as written), a code span's backslashes kept
// (they were taken for escapes), and raw HTML left out, each with the
// warning the README promises (it went without a word). The typographer,
// galley's own, is left out: "-->" would be an en dash and a ">".
func TestCommonMarkSpec(t *testing.T) {
	data, err := os.ReadFile("testdata/commonmark-spec.json")
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Examples []struct {
			Example  int
			Section  string
			Markdown string
			Text     []string
		}
	}
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	if len(spec.Examples) != 60 {
		t.Fatalf("%d examples, want the spec's 60", len(spec.Examples))
	}
	commonMark := newMarkdownParser(markdownSyntax(), readerOptions()...)
	defer func(p func() gmparser.Parser) { markdownParser = p }(markdownParser)
	markdownParser = func() gmparser.Parser { return commonMark }
	for _, ex := range spec.Examples {
		doc, diags := parse("spec.md", []byte(ex.Markdown))
		// Line ends are spaces on both sides: galley's text has none
		// but for a code block's lines, and the spec's HTML keeps a
		// paragraph's.
		got, want := leafTexts(doc.Blocks), slices.DeleteFunc(slices.Clone(ex.Text), func(s string) bool { return strings.TrimSpace(s) == "" })
		for i := range want {
			want[i] = strings.ReplaceAll(want[i], "\n", " ")
		}
		if !slices.Equal(got, want) {
			t.Errorf("example %d (%s), %q: galley prints %q, the spec %q", ex.Example, ex.Section, ex.Markdown, got, want)
		}
		warned := slices.ContainsFunc(diags, func(d *ast.Diagnostic) bool { return d.Code == "markdown/html" })
		if html := rawHTML[ex.Example]; warned != html {
			t.Errorf("example %d, %q: warned of raw HTML %v, want %v: %v", ex.Example, ex.Markdown, warned, html, diags)
		}
	}
}

// rawHTML are the examples with raw HTML that is no comment, which galley
// leaves out with a warning.
var rawHTML = map[int]bool{
	31: true, 615: true, 616: true, 617: true, 618: true, 619: true, 625: true,
	629: true, 630: true, 631: true, 632: true, 633: true, 346: true,
}

// leafTexts returns the text galley prints of each leaf block, line ends
// as spaces (a code block's lines each end in one).
func leafTexts(blocks []ast.Block) []string {
	var out []string
	add := func(s string) {
		if strings.TrimSpace(s) != "" {
			out = append(out, strings.ReplaceAll(s, "\n", " "))
		}
	}
	ast.WalkBlocks(blocks, func(b ast.Block) {
		switch b := b.(type) {
		case *ast.Paragraph:
			add(inlineText(b.Inlines))
		case *ast.Heading:
			add(b.Title)
		case *ast.Verbatim:
			add(strings.Join(b.Lines, "\n") + "\n")
		}
	})
	return out
}

// inlineText is the text of inlines, as every part prints it.
func inlineText(inlines []ast.Inline) string {
	var b strings.Builder
	ast.WalkInlines(inlines, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Text:
			b.WriteString(n.Text)
		case *ast.Dice:
			b.WriteString(n.Expr)
		case *ast.Ref:
			b.WriteString(n.Text)
		case *ast.FootnoteRef:
			b.WriteString(strconv.Itoa(n.Number))
		}
		return true
	})
	return b.String()
}
