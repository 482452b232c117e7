package paginate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// lines returns n one-high items.
func lines(n int) []Item {
	items := make([]Item, n)
	for i := range items {
		items[i].Height = 1
	}
	return items
}

// ranges writes pages as "start-end" pairs, for comparing.
func ranges(pages []Page) string {
	var out []string
	for _, p := range pages {
		out = append(out, fmt.Sprintf("%d-%d", p.Start, p.End))
	}
	return strings.Join(out, " ")
}

func TestPaginate(t *testing.T) {
	tests := []struct {
		name  string
		items func() []Item
		want  string
	}{
		{"fills pages", func() []Item { return lines(7) }, "0-3 3-6 6-7"},
		{"keeps", func() []Item {
			items := lines(6)
			items[2].Keep = true // the third line keeps with the fourth
			return items
		}, "0-2 2-5 5-6"},
		{"drops space at the top", func() []Item {
			items := lines(5)
			items[3].Space = true
			return items
		}, "0-3 4-5"},
		{"breaks at \\newpage, not on an empty page", func() []Item {
			items := lines(4)
			items[0].NewPage = true
			items[2] = Item{NewPage: true}
			return items
		}, "1-2 3-4"},
		{"leaves a blank page before a right-hand one", func() []Item {
			items := lines(5)
			items[1] = Item{NewPage: true, Recto: true}
			items[3] = Item{NewPage: true, Recto: true}
			return items
		}, "0-1 2-2 2-3 4-4 4-5"},
		{"forces a break in a chain taller than a page", func() []Item {
			items := lines(5)
			for i := range items {
				items[i].Keep = true
			}
			return items
		}, "0-3 3-5"},
	}
	// On pages this short the rules leave one way to break, so both
	// paginators find it.
	for _, tt := range tests {
		for name, paginate := range paginators {
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				if got := ranges(paginate(tt.items(), 3, 0)); got != tt.want {
					t.Errorf("got %s, want %s", got, tt.want)
				}
			})
		}
	}
}

// paginators are the two ways of cutting a flow into pages, which keep the
// same rules.
var paginators = map[string]func([]Item, float64, float64) []Page{
	"Paginate": Paginate,
	"Optimal": func(items []Item, height, noteRule float64) []Page {
		return optimal(items, Frame{Height: height, NoteRule: noteRule, Columns: 1})
	},
}

// TestPaginateWhole checks that Paginate gives a page of its own a page
// where it stands, and Optimal after the page its place falls on.
func TestPaginateWhole(t *testing.T) {
	items := lines(5)
	items[1] = Item{Whole: true}
	if got, want := ranges(Paginate(items, 3, 0)), "0-1 1-2 2-5"; got != want {
		t.Errorf("Paginate: got %s, want %s", got, want)
	}
	if got, want := ranges(optimal(items, Frame{Height: 3, Columns: 1})), "0-4 1-2 4-5"; got != want {
		t.Errorf("Optimal: got %s, want %s", got, want)
	}
}

// TestPaginateGroups checks that a broken group's head and tail take their
// room, and that a page records what it continues and breaks.
func TestPaginateGroups(t *testing.T) {
	outer := &Group{Head: 1, Tail: 1}
	inner := &Group{Parent: outer, Head: 1}
	items := lines(8)
	for i := range items {
		items[i].Group = inner
	}
	items[0].Group = outer
	for name, paginate := range paginators {
		pages := paginate(items, 5, 0)
		// Page 1: four items and the outer tail. Page 2: both heads, two
		// items, the tail. Page 3: both heads and the last two items.
		if got := ranges(pages); got != "0-4 4-6 6-8" {
			t.Fatalf("%s: got %s", name, got)
		}
		if b := pages[0].Broken; len(b) != 2 || b[0] != inner || b[1] != outer {
			t.Errorf("%s: page 1 breaks %v, want inner then outer", name, b)
		}
		for _, p := range pages[1:] {
			if c := p.Continued; len(c) != 2 || c[0] != outer || c[1] != inner {
				t.Errorf("%s: page continues %v, want outer then inner", name, c)
			}
		}
		if len(pages[2].Broken) != 0 {
			t.Errorf("%s: the last page breaks %v", name, pages[2].Broken)
		}
	}
}

// TestPaginateNotes checks that a footnote takes room on the page of the
// line that cites it, with the rule over it counted once.
func TestPaginateNotes(t *testing.T) {
	note := &Note{Height: 2}
	items := lines(6)
	items[2].Notes = &[]*Note{note}
	items[3].Notes = &[]*Note{note}
	for name, paginate := range paginators {
		pages := paginate(items, 6, 1)
		if got := ranges(pages); got != "0-3 3-6" {
			t.Fatalf("%s: got %s", name, got)
		}
		if len(pages[0].Notes) != 1 || len(pages[1].Notes) != 1 {
			t.Errorf("%s: notes by page: %d, %d; want 1, 1", name, len(pages[0].Notes), len(pages[1].Notes))
		}
	}
}

// TestOptimal checks that Optimal fills each page to its foot, as
// Paginate does, and leaves a page short only before a block kept whole
// that does not fit and may not float.
func TestOptimal(t *testing.T) {
	items := lines(25)
	items[14].Height = 8 // a table kept whole
	if got, want := ranges(Paginate(items, 10, 0)), "0-10 10-14 14-17 17-25"; got != want {
		t.Errorf("Paginate: got %s, want %s", got, want)
	}
	pages, order := Optimal(items, Frame{Height: 10, Columns: 1})
	if got, want := ranges(pages), "0-10 10-14 14-17 17-25"; got != want || order != nil {
		t.Errorf("Optimal: got %s, order %v, want %s, the order kept", got, order, want)
	}
}

// TestOptimalFloat checks that a float that does not fit where its text
// falls opens the next page, the text after it filling the page it left,
// and that floats keep their order.
func TestOptimalFloat(t *testing.T) {
	items := lines(25)
	items[14].Height, items[14].Float = 8, true
	pages, order := Optimal(items, Frame{Height: 10, Columns: 1})
	if got, want := ranges(pages), "0-10 10-20 20-23 23-25"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(order), "[0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 16 17 18 19 20 14 21 22 23 24]"; got != want {
		t.Errorf("order %s, want %s", got, want)
	}
	if items[20].Height != 8 {
		t.Errorf("items were not reordered: the float's place holds %v", items[20])
	}

	// A second float after the first stays after it: the first moves
	// past the one line between them, and then the two move on together,
	// the text after them filling the page, the first at the top of the
	// next and the second, which does not fit under it, of the one after.
	items = lines(25)
	items[14].Height, items[14].Float = 8, true
	items[16].Height, items[16].Float = 3, true
	pages, order = Optimal(items, Frame{Height: 10, Columns: 1})
	first, second := slices.Index(order, 14), slices.Index(order, 16)
	if first < 0 || second < first {
		t.Errorf("order %v: the second float stands before the first", order)
	}
	if got, want := ranges(pages), "0-10 10-20 20-23 23-25"; got != want {
		t.Errorf("two floats: got %s, want %s (order %v)", got, want, order)
	}
}

// TestOptimalFloatPassesOtherKinds checks that a float that does not fit
// moves past a heading and the float of another sequence under it, which
// fill the page it left, and not past a float of its own sequence, which
// keeps their numbered order.
func TestOptimalFloatPassesOtherKinds(t *testing.T) {
	for _, tt := range []struct {
		name        string
		kind        uint8
		pages, want string
	}{
		{"another sequence", 2, "0-10 10-13 13-23 23-25", "[0 1 2 3 4 5 6 7 9 10 8 11 12 13 14 15 16 17 18 19 20 21 22 23 24]"},
		{"its own sequence", 1, "0-8 8-11 11-21 21-25", "[]"},
	} {
		items := lines(25)
		items[8].Height, items[8].Float, items[8].Kind = 8, true, 1
		items[9].Keep = true // a heading over the second float
		items[10].Float, items[10].Kind = true, tt.kind
		pages, order := Optimal(items, Frame{Height: 10, Columns: 1})
		if got := ranges(pages); got != tt.pages {
			t.Errorf("%s: got %s, want %s (order %v)", tt.name, got, tt.pages, order)
		}
		if got := fmt.Sprint(order); got != tt.want {
			t.Errorf("%s: order %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestOptimalFloatUnderHeading checks that a float under a heading that
// does not fit at the foot moves on, and the heading goes down with the
// text after the float, which fills the page.
func TestOptimalFloatUnderHeading(t *testing.T) {
	items := lines(25)
	items[7].Keep = true // the heading
	items[8].Height, items[8].Float = 5, true
	pages, order := Optimal(items, Frame{Height: 10, Columns: 1})
	if got, want := fmt.Sprint(order), "[0 1 2 3 4 5 6 7 9 10 8 11 12 13 14 15 16 17 18 19 20 21 22 23 24]"; got != want {
		t.Errorf("order %s, want %s", got, want)
	}
	if got, want := ranges(pages)[:4], "0-10"; got != want {
		t.Errorf("got pages %s, want the first %s", ranges(pages), want)
	}
}

// TestOptimalFloatPassesLastText checks that a float that passes the
// flow's last text, with a space after it, closes the flow.
func TestOptimalFloatPassesLastText(t *testing.T) {
	items := lines(11)
	items[7].Height, items[7].Float = 5, true
	items[8].Space = true
	pages, order := Optimal(items, Frame{Height: 10, Columns: 1})
	if got, want := fmt.Sprint(order), "[0 1 2 3 4 5 6 9 10 7 8]"; got != want {
		t.Errorf("order %s, want %s", got, want)
	}
	if got, want := ranges(pages), "0-9 9-10"; got != want {
		t.Errorf("got pages %s, want %s", got, want)
	}
}

// optimal is Optimal's pages, for tests of flows with nothing to float.
func optimal(items []Item, frame Frame) []Page {
	pages, _ := Optimal(items, frame)
	return pages
}
