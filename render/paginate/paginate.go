// Package paginate is what the two print books, the PDF rulebook and the
// framed ASCII book, share: their page layout, the targets of the
// references they print page numbers for, and the ways they agree on
// writing the manuscript's marks.
//
// Each writer turns the document tree into a flow of items it has measured
// (lines of text, table rows, figures), marks where a page may not break
// and what a broken box or table repeats, and Paginate cuts the flow into
// pages. The writers differ in their units (the ASCII book counts lines,
// the PDF millimetres) but not in their rules: headings stay with what
// follows them, a paragraph leaves no single line behind, a table repeats
// its header on the page it continues on, and a footnote stands at the
// foot of the page that cites it.
package paginate

// Item is one unbreakable piece of a flow: a line of text, a table row, a
// figure. A writer keeps its own slice of what to draw, index for index.
type Item struct {
	// Height is the room the item takes on the page.
	Height float64
	// Keep forbids a page break after the item: a heading keeps with the
	// paragraph under it, a paragraph's first line with its second.
	Keep bool
	// Space marks the gap between two blocks, which a page does not start
	// with.
	Space bool
	// NewPage is \newpage: it ends the page, unless the page is empty.
	NewPage bool
	// Recto makes a NewPage start a right-hand page, one numbered odd
	// counting the cover as 1, leaving the page before it blank when it
	// would fall on the left.
	Recto bool
	// Whole is a page of its own: the cover, a character sheet.
	Whole bool
	// Across sets the item across the measure on a page of columns: a
	// chapter's title, a table too wide for a column.
	Across bool
	// Float marks the items of a block that may float (see Optimal): a
	// table, box or figure kept whole, each of its items.
	Float bool
	// Kind is the numbered sequence a float belongs to (the book's
	// tables, its boxes, its figures), 0 for none: a float moves past
	// a float of another sequence as LaTeX's tables pass its figures,
	// never past one of its own, so that each sequence keeps its order.
	Kind uint8
	// Group is the innermost breakable block the item belongs to.
	Group *Group
	// Notes points to the footnotes the item cites, nil when it cites
	// none; they go at the foot of its page and take room from it. A
	// pointer, since a flow has an item a line and few lines cite a note:
	// it keeps an item at 32 bytes, not 48.
	Notes *[]*Note
}

// Group is a block that may break across pages and then draws something on
// both sides of the break: a box closes its frame at the foot of the page
// and reopens it, titled, at the top of the next; a table repeats its
// header row.
type Group struct {
	// Parent is the group this one sits in, nil at the top level.
	Parent *Group
	// Head is the height of what the group draws at the top of a page it
	// continues on; Tail of what it draws at the foot of a page it breaks
	// on.
	Head, Tail float64
}

// Note is a footnote placed at the foot of the page that cites it.
type Note struct {
	Height float64
}

// Page is one page of a paginated flow.
type Page struct {
	// Start and End delimit the page's items: items[Start:End]. A blank
	// page, left before a right-hand one, has none.
	Start, End int
	// Continued are the groups the page continues, outermost first: their
	// heads are drawn above the page's first item.
	Continued []*Group
	// Broken are the groups that break at the foot of the page, innermost
	// first: their tails are drawn below its last item.
	Broken []*Group
	// Notes are the footnotes cited on the page, in order of citation.
	Notes []*Note
	// Columns are where its items stand, in reading order (see Optimal);
	// nil from Paginate, whose pages are one column.
	Columns []Column
}

// Paginate cuts items into pages of the given height. noteRule is the room
// the rule above a page's footnotes takes, counted once on a page that has
// any. Items are never split; an item taller than a page gets a page of its
// own and overflows it, which the writers avoid by giving no such item.
func Paginate(items []Item, height, noteRule float64) []Page {
	return cut(items, func(start int, continued []*Group) ([]Page, int) {
		page := fill(items, start, height, noteRule, continued)
		page.Broken = brokenAt(items, page.End)
		return []Page{page}, page.End
	})
}

// cut is what Paginate and Optimal share: it skips the spaces and breaks
// between pages, gives a page of its own to an item that is one, and asks
// next for the pages that follow items[start], continuing the groups the
// page before broke; next returns them and the item after their last.
func cut(items []Item, next func(start int, continued []*Group) ([]Page, int)) []Page {
	var pages []Page
	var continued []*Group
	for i := 0; ; {
		i, pages = startPage(items, i, pages)
		if i >= len(items) {
			return pages
		}
		if items[i].Whole {
			pages = append(pages, Page{Start: i, End: i + 1})
			continued = nil
			i++
			continue
		}
		var more []Page
		more, i = next(i, continued)
		pages = append(pages, more...)
		continued = outermostFirst(pages[len(pages)-1].Broken)
	}
}

// startPage skips the spaces and page breaks from items[i] and returns the
// first item of the next page, with pages and, when a break it passed asks
// for a right-hand page and the next would be a left-hand one, a blank
// page before it.
func startPage(items []Item, i int, pages []Page) (int, []Page) {
	recto := false
	for ; i < len(items) && (items[i].Space || items[i].NewPage); i++ {
		recto = recto || items[i].Recto
	}
	if recto && i < len(items) && len(pages)%2 == 1 {
		pages = append(pages, Page{Start: i, End: i})
	}
	return i, pages
}

// brokenAt returns the groups a page that ends before items[end] breaks,
// innermost first: those that hold both its last item and the next page's
// first.
func brokenAt(items []Item, end int) []*Group {
	if next := nextContent(items, end); next < len(items) && !items[next].Whole {
		return commonGroups(items[end-1].Group, items[next].Group)
	}
	return nil
}

// fill lays out one page from items[start], which is content, and returns
// it with its end: the last place the page may break, or, when a chain of
// kept items is taller than the page, the last item that fits.
func fill(items []Item, start int, height, noteRule float64, continued []*Group) Page {
	page := Page{Start: start, Continued: continued}
	used := 0.0
	for _, g := range continued {
		used += g.Head
	}
	cited := map[*Note]bool{}
	notes := 0.0
	best, forced := -1, -1
	var bestNotes, forcedNotes int
	for j := start; j < len(items); j++ {
		it := items[j]
		if it.Whole || it.NewPage {
			best, bestNotes = j, len(page.Notes)
			break
		}
		for _, n := range notesOf(it) {
			if !cited[n] {
				cited[n] = true
				if len(page.Notes) == 0 {
					notes += noteRule
				}
				notes += n.Height
				page.Notes = append(page.Notes, n)
			}
		}
		used += it.Height
		if used+notes > height && j > start {
			break
		}
		tail := 0.0
		if next := nextContent(items, j+1); next < len(items) && !items[next].Whole && !items[j+1].NewPage {
			for _, g := range commonGroups(it.Group, items[next].Group) {
				tail += g.Tail
			}
		}
		if used+notes+tail > height && j > start {
			continue
		}
		forced, forcedNotes = j+1, len(page.Notes)
		if !it.Keep || j+1 == len(items) {
			best, bestNotes = j+1, len(page.Notes)
		}
	}
	switch {
	case best > start:
		page.End, page.Notes = best, page.Notes[:bestNotes]
	case forced > start:
		page.End, page.Notes = forced, page.Notes[:forcedNotes]
	default:
		page.End = start + 1
	}
	return page
}

// notesOf returns the footnotes it cites.
func notesOf(it Item) []*Note {
	if it.Notes == nil {
		return nil
	}
	return *it.Notes
}

// nextContent returns the index of the first item from i that is neither a
// space nor a page break.
func nextContent(items []Item, i int) int {
	for i < len(items) && (items[i].Space || items[i].NewPage) {
		i++
	}
	return i
}

// commonGroups returns the groups that hold both a and b, innermost first:
// the groups a break between a and b breaks. Groups nest a few deep, and
// fill asks of nearly every item, so the two chains are compared link by
// link rather than through a set.
func commonGroups(a, b *Group) []*Group {
	var common []*Group
	for g := a; g != nil; g = g.Parent {
		for h := b; h != nil; h = h.Parent {
			if g == h {
				common = append(common, g)
				break
			}
		}
	}
	return common
}

// outermostFirst returns groups, given innermost first, in the order their
// heads are drawn.
func outermostFirst(groups []*Group) []*Group {
	out := make([]*Group, len(groups))
	for i, g := range groups {
		out[len(groups)-1-i] = g
	}
	return out
}
