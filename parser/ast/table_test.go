package ast

import "testing"

// TestCellInlines holds Cell.Inlines to its promise: a table's cells are
// parsed by its reader's ParseCell all at once, when the first is asked
// for, and only once however often they are asked; a cell made by hand, or
// a table without a ParseCell, has no inlines rather than a panic.
func TestCellInlines(t *testing.T) {
	calls := 0
	table := &Table{ParseCell: func(c *Cell) []Inline {
		calls++
		return []Inline{&Text{InlineNode: InlineNode{Pos: c.Pos}, Text: c.Text}}
	}}
	header := &Cell{Pos: Pos{File: "b.txt", Line: 1, Col: 1}, Text: "d6", Table: table}
	row := []*Cell{
		{Pos: Pos{File: "b.txt", Line: 2, Col: 1}, Text: "1", Table: table},
		{Pos: Pos{File: "b.txt", Line: 2, Col: 5}, Text: "Hit", Table: table},
	}
	table.Header, table.Rows = []*Cell{header}, [][]*Cell{row}

	got := row[1].Inlines()
	if len(got) != 1 || got[0].(*Text).Text != "Hit" || got[0].Position() != row[1].Pos {
		t.Fatalf("row[1].Inlines() = %v, want the Text \"Hit\" at %v", got, row[1].Pos)
	}
	if calls != 3 {
		t.Errorf("asking for one cell parsed %d cells, want the table's 3", calls)
	}
	header.Inlines()
	row[0].Inlines()
	if calls != 3 {
		t.Errorf("asking again parsed the cells again: %d calls, want 3", calls)
	}

	if got := (&Cell{Text: "by hand"}).Inlines(); got != nil {
		t.Errorf("a cell without a table has inlines %v, want none", got)
	}
	bare := &Table{}
	cell := &Cell{Text: "2d12", Table: bare}
	bare.Header = []*Cell{cell}
	if got := cell.Inlines(); got != nil {
		t.Errorf("a cell of a table without ParseCell has inlines %v, want none", got)
	}
}

// TestSourceLineWithoutSource: a tree made by hand has no source to quote.
func TestSourceLineWithoutSource(t *testing.T) {
	if got := (&Document{}).SourceLine("b.txt", 1); got != "" {
		t.Errorf("SourceLine of a document without Source = %q, want \"\"", got)
	}
}
