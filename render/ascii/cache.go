package ascii

import (
	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// blockCache holds the manuscript's blocks laid out, kept from pass to
// pass: a pass lays out again only the blocks that print the page of a
// heading that has moved, and most of a book prints none. The blocks are
// laid out at once, on every core, since none depends on another's layout
// but for the footnote's rule.
type blockCache struct {
	blocks []ast.Block
	laid   []laidBlock
	// afterFootnote says, block by block, whether the block printed
	// before it is a footnote, which then goes without the rule that
	// opens a run of them.
	afterFootnote []bool
}

// laidBlock is one block laid out: its flow, nil when it prints nothing,
// the pagination it was laid out with, and the IDs of the headings whose
// pages it printed.
type laidBlock struct {
	flow    *flow
	pages   *paginate.Pagination
	printed []string
}

// newBlockCache returns a cache of blocks, none of them laid out yet.
func newBlockCache(blocks []ast.Block) *blockCache {
	return &blockCache{blocks: blocks, laid: make([]laidBlock, len(blocks)), afterFootnote: make([]bool, len(blocks))}
}

// update lays out the blocks that the last pass's pages, l.pages, have put
// out of date: every block on the first pass.
func (c *blockCache) update(l *layouter) {
	if l.pages != nil {
		var stale []int
		for i := range c.laid {
			if c.laid[i].stale(l.pages) {
				stale = append(stale, i)
			}
		}
		c.layOut(l, stale)
		return
	}
	// Which block is printed before a footnote is known only once the
	// blocks between are laid out, since a block may print nothing. So
	// each footnote is laid out as if the block before it in the
	// manuscript printed, and again in the rare case that it does not
	// and that changes the rule.
	all := make([]int, len(c.blocks))
	for i := range c.blocks {
		all[i] = i
		if i > 0 {
			_, c.afterFootnote[i] = c.blocks[i-1].(*ast.Footnote)
		}
	}
	c.layOut(l, all)
	after := false
	for i, block := range c.blocks {
		if _, ok := block.(*ast.Footnote); ok && c.afterFootnote[i] != after {
			c.afterFootnote[i] = after
			c.layOut(l, []int{i})
		}
		if c.laid[i].flow != nil {
			_, after = block.(*ast.Footnote)
		}
	}
}

// stale reports whether the block printed a page that pages moves, or the
// stand-in for one that the first pass prints.
func (lb *laidBlock) stale(pages *paginate.Pagination) bool {
	for _, id := range lb.printed {
		if lb.pages == nil || lb.pages.Page(id) != pages.Page(id) {
			return true
		}
	}
	return false
}

// layOut lays out the blocks at the given indices, at once. Each block
// has a copy of the layouter, which records the pages the block prints.
func (c *blockCache) layOut(l *layouter, indices []int) {
	parallel.For(len(indices), func(k int) {
		if l.ctx.Err() != nil {
			return
		}
		i := indices[k]
		w := *l
		w.printed = nil
		f := w.block(c.blocks[i], c.afterFootnote[i], TextWidth)
		c.laid[i] = laidBlock{flow: f, pages: l.pages, printed: w.printed}
	})
}

// flows returns the blocks' flows in reading order.
func (c *blockCache) flows() []*flow {
	flows := make([]*flow, len(c.laid))
	for i, laid := range c.laid {
		flows[i] = laid.flow
	}
	return flows
}
