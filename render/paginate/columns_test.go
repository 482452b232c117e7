package paginate

import (
	"fmt"
	"strings"
	"testing"
)

// columns writes where a page's items stand, for comparing: each stretch
// as "start-end@column+top", the column "A" for across.
func columns(p Page) string {
	var out []string
	for _, c := range p.Columns {
		col := "A"
		if c.Index != Across {
			col = fmt.Sprint(c.Index)
		}
		out = append(out, fmt.Sprintf("%d-%d@%s+%g", c.Start, c.End, col, c.Top))
	}
	return strings.Join(out, " ")
}

// TestOptimalColumns checks that a page of two columns fills its first
// column and then its second where the text goes on to the next page, and
// balances them at the end of the run.
func TestOptimalColumns(t *testing.T) {
	pages := optimal(lines(10), Frame{Height: 3, Columns: 2})
	if got, want := ranges(pages), "0-6 6-10"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	for i, want := range []string{"0-3@0+0 3-6@1+0", "6-8@0+0 8-10@1+0"} {
		if got := columns(pages[i]); got != want {
			t.Errorf("page %d: got %s, want %s", i+1, got, want)
		}
	}
}

// TestOptimalAcross checks that an item across the measure ends the band of
// columns above it, balanced, and that the text under it runs on in
// columns of the room left.
func TestOptimalAcross(t *testing.T) {
	items := lines(8)
	items[3].Across = true
	pages := optimal(items, Frame{Height: 4, Columns: 2})
	if got, want := ranges(pages), "0-6 6-8"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	if got, want := columns(pages[0]), "0-2@0+0 2-3@1+0 3-4@A+2 4-5@0+3 5-6@1+3"; got != want {
		t.Errorf("page 1: got %s, want %s", got, want)
	}
}

// TestOptimalColumnKeeps checks that a column break keeps what keeps
// together, as a page break does.
func TestOptimalColumnKeeps(t *testing.T) {
	items := lines(6)
	if got, want := columns(optimal(items, Frame{Height: 4, Columns: 2})[0]), "0-3@0+0 3-6@1+0"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	items[2].Keep = true // the third line keeps with the fourth
	if got, want := columns(optimal(items, Frame{Height: 4, Columns: 2})[0]), "0-4@0+0 4-6@1+0"; got != want {
		t.Errorf("with a keep: got %s, want %s", got, want)
	}
}

// TestOptimalColumnGroups checks that a group a column break goes through
// repeats its head at the top of the second column, and that its head
// takes room there.
func TestOptimalColumnGroups(t *testing.T) {
	items := lines(7)
	table := &Group{Head: 1}
	for i := 2; i < 7; i++ {
		items[i].Group = table
	}
	pages := optimal(items, Frame{Height: 4, Columns: 2})
	if len(pages) != 1 {
		t.Fatalf("got %s, want one page", ranges(pages))
	}
	if got, want := columns(pages[0]), "0-4@0+0 4-7@1+0"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	col := pages[0].Columns
	if len(col[0].Broken) != 1 || len(col[1].Continued) != 1 || col[1].Continued[0] != table {
		t.Errorf("the first column breaks %v, the second continues %v; want the table", col[0].Broken, col[1].Continued)
	}
}
