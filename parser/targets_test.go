package parser

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestTargets resolves references as galley check does: the first heading
// with the title, under the chapter the reference names, or the numbered
// table.
func TestTargets(t *testing.T) {
	src := "System\n======\n\nDecile dice\n-----------\n\nCombat\n======\n\nDecile dice\n-----------\n\n" +
		"See Section \"Decile dice\", the \"Decile dice\" Section of the \"Combat\" Chapter and Table 1.\n\n" +
		"\\begin{table}\nA & B\n1 & 2\n\\end{table}\nTable 1: T.\n"
	doc, diags := Parse("book.txt", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	targets := ast.NewTargets(doc)
	var got []string
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		if ref, ok := n.(*ast.Ref); ok {
			if h := targets.Heading(ref); h != nil {
				got = append(got, h.ID)
			} else if b := targets.Block(ref.RefKind, ref.From); b != nil {
				got = append(got, b.Kind().String())
			}
		}
		return true
	})
	if want := "system-decile-dice combat-decile-dice table"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
}
