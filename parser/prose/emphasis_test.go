package prose

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestEmphasisDepth checks that emphasis nested deeper than the tree keeps
// is cut at maxEmphasisDepth with none of its text lost, so that no walk of
// the tree recurses as deep as a paragraph's stars go.
func TestEmphasisDepth(t *testing.T) {
	for _, n := range []int{maxEmphasisDepth, maxEmphasisDepth + 1, 100_000} {
		src := strings.Repeat("*a ", n) + "x" + strings.Repeat(" b*", n)
		file := "deep.txt"
		depth, inlines := 0, appendInlines(nil, []Line{{Text: src, File: &file, Num: 1, Col: 1}}, nil)
		var text strings.Builder
		for {
			var next []ast.Inline
			for _, in := range inlines {
				switch in := in.(type) {
				case *ast.Emphasis:
					next = in.Inlines
				case *ast.Text:
					text.WriteString(in.Text)
				}
			}
			if next == nil {
				break
			}
			depth++
			inlines = next
		}
		if want := min(n, maxEmphasisDepth); depth != want {
			t.Errorf("n=%d: emphasis %d deep, want %d", n, depth, want)
		}
		if got, want := strings.Count(text.String(), "a")+strings.Count(text.String(), "b"), 2*n; got != want {
			t.Errorf("n=%d: %d letters of text kept, want %d", n, got, want)
		}
	}
}
