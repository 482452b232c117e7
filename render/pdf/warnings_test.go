package pdf

import (
	"testing"

	"github.com/galleyhq/galley/render/paginate"
)

// TestOutermostKept holds the rule layout/split warns by: a break through
// a block that was to be kept whole, and that a page would hold, is the
// layout's fault; a break through a block too long to be kept whole (see
// layouter.keptWhole) or taller than a page is not.
func TestOutermostKept(t *testing.T) {
	const body = 100.0
	// group makes a group of n items of height h, kept together but
	// for the break after each of the items at breaks.
	group := func(parent *paginate.Group, n int, h float64, breaks ...int) (*paginate.Group, []paginate.Item) {
		g := &paginate.Group{Parent: parent}
		items := make([]paginate.Item, n)
		for i := range items {
			items[i] = paginate.Item{Height: h, Keep: i < n-1, Group: g}
		}
		for _, i := range breaks {
			items[i].Keep = false
		}
		return g, items
	}
	kept, keptItems := group(nil, 5, 10)
	long, longItems := group(nil, 5, 10, 1, 2, 3)
	tall, tallItems := group(nil, 5, 30)
	outer, outerItems := group(nil, 2, 10)
	inner, innerItems := group(outer, 4, 10, 1, 2)
	var items []paginate.Item
	for _, part := range [][]paginate.Item{keptItems, longItems, tallItems, outerItems, innerItems} {
		items = append(items, part...)
	}
	groups := measureGroups(items)
	for _, c := range []struct {
		name   string
		broken []*paginate.Group
		want   *paginate.Group
	}{
		{"kept whole", []*paginate.Group{kept}, kept},
		{"too long to keep", []*paginate.Group{long}, nil},
		{"taller than a page", []*paginate.Group{tall}, nil},
		{"a long block in a kept one", []*paginate.Group{inner, outer}, nil},
	} {
		if got := outermostKept(c.broken, groups, body); got != c.want {
			t.Errorf("%s: got %p, want %p", c.name, got, c.want)
		}
	}
}
