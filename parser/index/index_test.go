package index_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/index"
	"github.com/galleyhq/galley/parser/sheet"
)

func TestDump(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	doc := testbook.Book(t)
	sheets, _ := sheet.OfBook(doc)
	idx, diags := index.Build(doc, sheets)
	for _, d := range diags {
		t.Log(d)
	}
	var dump func(es []*ast.IndexEntry, indent string)
	dump = func(es []*ast.IndexEntry, indent string) {
		for _, e := range es {
			var locs []string
			for _, l := range e.Locators {
				s := fmt.Sprintf("%d", l.Block.Position().Line)
				if l.Defines {
					s = "*" + s
				}
				locs = append(locs, s)
			}
			t.Logf("%s%s [%s] see=%q also=%v", indent, e.Term, strings.Join(locs, ","), e.See, e.SeeAlso)
			dump(e.Sub, indent+"    ")
		}
	}
	dump(idx.Entries, "")
}
