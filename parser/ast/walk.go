package ast

// Walk visits the blocks and everything inside them in document order, depth
// first: boxes' blocks, lists' items, paragraphs' inlines, and the inlines of
// captions and footnotes. Table cells are not nodes; see Cell.Inlines. When visit returns false the node's
// children are skipped.
func Walk(blocks []Block, visit func(Node) bool) {
	for _, b := range blocks {
		walkNode(b, visit)
	}
}

func walkNode(n Node, visit func(Node) bool) {
	if !visit(n) {
		return
	}
	switch n := n.(type) {
	case *Box:
		Walk(n.Blocks, visit)
	case *StatBlock:
		Walk(n.Blocks, visit)
	case *StatRatings:
		for _, r := range n.Ratings {
			WalkInlines(r.Value, visit)
		}
	case *List:
		for _, item := range n.Items {
			walkNode(item, visit)
		}
	case *ListItem:
		Walk(n.Blocks, visit)
	case *Paragraph:
		WalkInlines(n.Inlines, visit)
	case *Footnote:
		WalkInlines(n.Inlines, visit)
	case *Emphasis:
		WalkInlines(n.Inlines, visit)
	case *Figure:
		if n.Caption != nil {
			WalkInlines(n.Caption.Inlines, visit)
		}
	case *Image:
		if n.Caption != nil {
			WalkInlines(n.Caption.Inlines, visit)
		}
	case *Table:
		if n.Caption != nil {
			WalkInlines(n.Caption.Inlines, visit)
		}
	}
}

// WalkInlines is Walk for inlines: a paragraph's, or a table cell's (see
// Cell.Inlines).
func WalkInlines(inlines []Inline, visit func(Node) bool) {
	for _, in := range inlines {
		walkNode(in, visit)
	}
}

// WalkBlocks visits the blocks and the blocks inside them, boxes' and list
// items', in document order, but no inlines: a walk for blocks alone need
// not visit the many inlines of a book's prose.
func WalkBlocks(blocks []Block, visit func(Block)) {
	Walk(blocks, func(n Node) bool {
		if b, ok := n.(Block); ok {
			visit(b)
		}
		return holdsBlocks(n)
	})
}

// holdsBlocks reports whether blocks may sit inside n. A walk that looks
// for blocks need not go further: the rest of a book's nodes are inlines.
func holdsBlocks(n Node) bool {
	switch n.(type) {
	case *Box, *StatBlock, *List, *ListItem:
		return true
	}
	return false
}

// Headings returns the book's headings in order.
func (d *Document) Headings() []*Heading {
	var hs []*Heading
	WalkBlocks(d.Blocks, func(n Block) {
		if h, ok := n.(*Heading); ok {
			hs = append(hs, h)
		}
	})
	return hs
}

// HasHeading reports whether the book has a heading. A book's headings
// stand at its top but for a few in boxes and lists, so its top is looked
// through first, to its first heading, and the whole tree only for a book
// with none there.
func (d *Document) HasHeading() bool {
	for _, b := range d.Blocks {
		if _, ok := b.(*Heading); ok {
			return true
		}
	}
	return len(d.Headings()) > 0
}

// TOC returns the book's outline, or nil when it has none.
func (d *Document) TOC() *TOC {
	for _, b := range d.Blocks {
		if t, ok := b.(*TOC); ok {
			return t
		}
	}
	return nil
}
