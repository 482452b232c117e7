package index_test

import (
	"testing"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/index"
)

// FuzzIndex builds the index of arbitrary markup, starting from the cases'
// manuscripts and broken \index marks. Whatever the input, the index must
// not panic, every place must be a block of the book, every diagnostic
// must lie in the input, and the entries must be in order, one a key.
func FuzzIndex(f *testing.F) {
	for _, s := range []string{
		"Rules\n=====\n\nMorale\n------\n\n_Rout_ A Morale check (MC).\\index{Morale!Check}",
		"\\index{A|see{B}}\\index{B|seealso{A}}", "\\index{", "\\index{a{b}}", "\\index{!x}", "A (AB) B (BC)",
		"X\n-\n\nX\n-\n", "\\begin{box}[Rules Summary 1: Rally]\nRally.\\index{Rally}\n\\end{box}",
	} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, src []byte, manual bool) {
		doc, _ := parser.Parse("fuzz.txt", src)
		if manual {
			doc.Config.Index = ast.IndexManual
		}
		blocks := map[ast.Block]bool{}
		ast.WalkBlocks(doc.Blocks, func(b ast.Block) { blocks[b] = true })
		idx, diags := index.Build(doc, nil)
		for _, d := range diags {
			if d.Line < 1 || d.File != "fuzz.txt" {
				t.Errorf("a diagnostic outside the input: %v", d)
			}
		}
		if idx == nil {
			return
		}
		var check func(entries []*ast.IndexEntry)
		check = func(entries []*ast.IndexEntry) {
			for i, e := range entries {
				if i > 0 && entries[i-1].Key > e.Key {
					t.Errorf("%q sorts before %q", entries[i-1].Term, e.Term)
				}
				for _, l := range e.Locators {
					if !blocks[l.Block] {
						t.Errorf("%q has a place that is no block of the book", e.Term)
					}
				}
				check(e.Sub)
			}
		}
		check(idx.Entries)
	})
}
