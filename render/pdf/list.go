package pdf

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// Lists hang their items' text from a marker: a bullet, or the number as
// the author wrote it.
const (
	listIndent = 6.0 // from the region's edge to the items' text
	itemSkip   = 1.4
)

// list sets a list, each item's blocks indented under its text, the marker
// on the item's first line.
func (l *layouter) list(list *ast.List, r region) *flow {
	f := &flow{before: paraSkip, after: paraSkip}
	inner := r.inset(listIndent, 0)
	for i, item := range list.Items {
		label, body := l.tag.listItem(list.Ordered)
		outer := l.tag.within(body)
		g := l.blocks(item.Blocks, inner)
		l.tag.leave(outer)
		if len(g.items) == 0 {
			continue
		}
		f.wide = f.wide || g.wide
		if i > 0 {
			f.space(itemSkip)
		}
		marker := "•"
		if list.Ordered {
			marker = strconv.Itoa(item.Number) + "."
		}
		draw, tag := g.pieces[0].draw, g.pieces[0].tag
		g.pieces[0].draw = func(y float64) {
			w := l.set.width(marker, bodyFont)
			l.tag.mark(label)
			l.set.draw(inner.x-2-w, y+baseline(bodyFont, bodyLeading), marker, bodyFont, inkText)
			l.tag.mark(tag)
			if draw != nil {
				draw(y)
			}
		}
		f.add(g)
	}
	return f
}
