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

// TestOptimalColumnFloat checks that a float that does not fit at the foot
// of a column opens the next, the text after it filling the column it
// left; and that the text after a float that no column left on the page
// holds runs on into every column, and the float opens the next page.
func TestOptimalColumnFloat(t *testing.T) {
	for _, tt := range []struct {
		name           string
		items          func() []Item
		order, columns string
		floatAt        int
	}{
		{"into the second column", func() []Item {
			items := lines(12)
			items[3].Height, items[3].Float = 3, true
			return items
		}, "[0 1 2 4 3 5 6 7 8 9 10 11]", "0-4@0+0 4-6@1+0", 4},
		{"onto the next page", func() []Item {
			items := lines(14)
			items[6].Height, items[6].Float = 3, true
			return items
		}, "[0 1 2 3 4 5 7 8 6 9 10 11 12 13]", "0-4@0+0 4-8@1+0", 8},
		{"past both columns under a band across", func() []Item {
			items := lines(11)
			items[0].Height, items[0].Across = 2, true
			items[2].Height, items[2].Float = 3, true
			return items
		}, "[0 1 3 4 5 2 6 7 8 9 10]", "0-1@A+0 1-3@0+2 3-5@1+2", 5},
	} {
		items := tt.items()
		pages, order := Optimal(items, Frame{Height: 4, Columns: 2})
		if got := fmt.Sprint(order); got != tt.order {
			t.Errorf("%s: order %s, want %s", tt.name, got, tt.order)
		}
		if got := columns(pages[0]); got != tt.columns {
			t.Errorf("%s: page 1: got %s, want %s", tt.name, got, tt.columns)
		}
		if !items[tt.floatAt].Float {
			t.Errorf("%s: the float is not at %d", tt.name, tt.floatAt)
		}
	}
}
