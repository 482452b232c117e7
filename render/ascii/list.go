package ascii

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// list prints a list as the manuscript writes it: "* " or "N. " before
// each item, its number as written, and the item's blocks indented under
// its text. Items stand on consecutive lines, or a blank line apart when
// any of them runs over a line.
func (l *layouter) list(f *flow, list *ast.List, columns int) {
	items := make([]*flow, len(list.Items))
	markers := make([]string, len(list.Items))
	loose := false
	for i, item := range list.Items {
		markers[i] = "* "
		if list.Ordered {
			markers[i] = strconv.Itoa(item.Number) + ". "
		}
		items[i] = l.blocks(item.Blocks, columns-width(markers[i]))
		loose = loose || len(items[i].items) > 1
	}
	for i, item := range items {
		if i > 0 && loose {
			f.space()
		}
		indent := repeat(" ", width(markers[i]))
		f.add(item, func(j int, s string) string {
			if j == 0 {
				return markers[i] + s
			}
			if s == "" {
				return ""
			}
			return indent + s
		})
	}
}
