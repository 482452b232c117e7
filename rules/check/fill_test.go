package check

import (
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestFillDescribesRolls holds that Fill gives the named rolls of an odds
// table's Roll column their words, and leaves dice notation, what the
// engine cannot read, and tables no odds check reads as they are.
func TestFillDescribesRolls(t *testing.T) {
	table := func(options map[string]string, header string, rolls ...string) *ast.Table {
		tb := &ast.Table{Options: options, Header: []*ast.Cell{{Text: "Roll"}, {Text: header}}}
		for _, roll := range rolls {
			tb.Rows = append(tb.Rows, []*ast.Cell{{Text: roll}, {Text: "1%"}})
		}
		return tb
	}
	odds := table(nil, "Success", "mod=+3 target=16 adv", "2d6", "2d12 mod=")
	named := table(map[string]string{"check": "odds"}, "Hits", "pool dice=6 vs=4")
	unbound := table(nil, "Notes", "mod=+3 target=16")
	optedOut := table(map[string]string{"check": "none"}, "Success", "mod=+3 target=16")
	doc := &ast.Document{Blocks: []ast.Block{odds, named, unbound, optedOut}, Config: &ast.Config{System: "2d12"}}
	Fill(doc)
	for _, tt := range []struct {
		cell *ast.Cell
		want string
	}{
		{odds.Rows[0][0], "+3 against 16, with advantage"},
		{odds.Rows[1][0], ""},
		{odds.Rows[2][0], ""},
		{odds.Rows[0][1], ""},
		{named.Rows[0][0], "6 dice against a pool of 4"},
		{unbound.Rows[0][0], ""},
		{optedOut.Rows[0][0], ""},
	} {
		if tt.cell.Words != tt.want {
			t.Errorf("%q: words %q, want %q", tt.cell.Text, tt.cell.Words, tt.want)
		}
	}
}
