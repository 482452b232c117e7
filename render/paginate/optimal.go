package paginate

import "slices"

// Frame is the text area of a page that Optimal fills: its height, the
// room the rule over a page's footnotes takes (counted once on a page that
// has any), and how many columns its text is set in, one or two.
type Frame struct {
	Height, NoteRule float64
	Columns          int
}

// Optimal cuts items into pages under the rules Paginate keeps, filling
// each column to its foot before the next, as a printed book's columns
// are: a column stops short only where what follows keeps together and
// is taller than the room left. A block that may float (Item.Float: a
// table, box or figure kept whole) and does not fit where its text falls
// is moved on, as LaTeX's [tp] floats are: the text after it fills the
// column, and it opens the next column or page. A float moves only later,
// never before the text that refers to it, and never past another float
// of its sequence (Item.Kind), so their numbered order is kept; it moves
// past text of the book's own flow and whole floats of other sequences
// only, not into a block, a change of band or a run's end.
//
// A run is what stands between two forced breaks (\newpage, a page of its
// own), a chapter in a book that starts each on a new page; its last page
// may be as short as the chapter's end makes it.
//
// In two columns a page is a stack of bands (see pageScan): items set
// across the measure (Item.Across), and between them the items set in
// columns, which run down the first column and on into the second. A band
// of columns that an item across the measure follows on the same page is
// balanced, its columns as nearly of a height as the keeps allow, and so
// is the last band of a run; a band the page break goes through fills the
// first column and then the second. A column break keeps the keeps a page
// break does, and a group it goes through repeats its head at the top of
// the second column.
//
// Each page records where its items stand in Page.Columns.
//
// A page of its own inside a run (Item.Whole: a character sheet) does not
// break it: it follows the page its place in the text falls on, as a
// plate does, and the text runs on around it, so that a chapter that
// opens with a paragraph and a sheet does not leave its first page nearly
// empty.
//
// Floats move items: Optimal reorders items in place and returns, beside
// the pages, the order it set them in, order[i] being the index items[i]
// had, so that a writer reorders what it draws index for index; order is
// nil when nothing moved.
//
// The PDF takes its breaks from Optimal. The ASCII book takes them from
// Paginate: its author placed \newpage for its page by hand, and its pages
// are to fill as the seed's frames do, one after the other.
//
// A page holds a bounded number of items, and a float moves at most
// maxMoves times, so the cost is linear in the flow.
func Optimal(items []Item, frame Frame) (pages []Page, order []int) {
	frame.Columns = max(frame.Columns, 1)
	moved := map[int]int{}
	pages = cut(items, func(start int, continued []*Group) ([]Page, int) {
		stop := start
		for stop < len(items) && !items[stop].NewPage {
			stop++
		}
		r := run{items: items, frame: frame, start: start, end: lastText(items, start, stop), stop: stop, order: &order, moved: moved}
		return r.pages(continued), stop
	})
	return pages, order
}

// run is one run of items between forced breaks, items[start:stop]. Its
// text, items[start:end], opens and closes on content; the pages of their
// own after it follow its last page.
type run struct {
	items            []Item
	frame            Frame
	start, end, stop int
	// order is the order items are in (see Optimal), nil until a float
	// moves; moved counts the moves of each float that has, by its first
	// item's index in the flow as given.
	order *[]int
	moved map[int]int
	// scan is the page scan fill and page reuse, page after page, so
	// that its slices grow once a run rather than once a page tried.
	scan pageScan
}

// maxMoves is the most times a float moves on: each time it opens the
// next column, and only a column's worth of text can pass it, so that it
// stands at most a few pages from its text. Five let the floats that close
// a section of tables move on together past the text after them, each
// move passing the text up to the next float.
const maxMoves = 5

// pages returns the run's pages, the first continuing the groups given:
// each as full as its keeps allow, and its floats moved on where they do
// not fit.
func (r *run) pages(continued []*Group) []Page {
	var pages []Page
	for b := r.start; b < r.end; {
		e := r.fill(b, continued)
		page := r.page(b, e, continued)
		if e < r.end && r.float(page) {
			continue // the page again, its floats moved
		}
		pages = append(pages, page)
		// The pages of their own among the page's items, and between
		// them and the next page's, follow it.
		next := r.stop
		if e < r.end {
			next = nextText(r.items, e)
		}
		for w := page.Start; w < next; w++ {
			if r.items[w].Whole {
				pages = append(pages, Page{Start: w, End: w + 1})
			}
		}
		b = e
	}
	return pages
}

// fill returns where the page that opens at the break before items[b]
// ends: at the last break that fits and keeps the keeps, or, when a chain
// of kept items is taller than the page or its column, at the last that
// fits.
func (r *run) fill(b int, continued []*Group) int {
	s := &r.scan
	s.reset(r, b, continued)
	forced, kept := s.first+1, -1
	for j := s.first; j < r.end; j++ {
		if !s.push(j) && j > s.first {
			break
		}
		if r.items[j].Space || r.items[j].Whole {
			continue
		}
		_, fits, broke := s.end(r.tailAfter(j))
		if !fits && j > s.first {
			continue
		}
		forced = j + 1
		if !broke && (!r.items[j].Keep || j+1 == r.end) {
			kept = j + 1
		}
	}
	if kept > 0 {
		return kept
	}
	return forced
}

// float moves on a float that opens the column after one of the page's
// last band, leaving that column short, when the text after the float
// fills some of the room it left; it reports whether it moved one. The
// page is then laid out again.
func (r *run) float(page Page) bool {
	last := len(page.Columns) - 1
	first := last
	if last > 0 && page.Columns[last].Index == 1 && page.Columns[last-1].Index == 0 {
		first = last - 1 // the band's first column, then its second
	}
	notes := 0.0
	if len(page.Notes) > 0 {
		notes = r.frame.NoteRule
	}
	for _, n := range page.Notes {
		notes += n.Height
	}
	if r.floatPastBand(page, first) {
		return true
	}
	empty := func(c Column) float64 { return r.frame.Height - notes - c.Top - c.Height(r.items) }
	for i, c := range page.Columns[first:] {
		at, head := r.underHeading(nextText(r.items, c.End))
		room := func(float float64) float64 {
			float += head
			if r.items[at].Across {
				// A float across the measure follows the band: the
				// text after it may fill each of the band's columns,
				// those it has not reached too.
				room := float64(r.frame.Columns) * (r.frame.Height - notes - page.Columns[first].Top)
				for _, c := range page.Columns[first:] {
					room -= c.Height(r.items)
				}
				return room - head
			}
			room, column := empty(c), r.frame.Height-notes-c.Top
			if first+i == last && c.Index != Across && float > column {
				// The float does not fit in the band's empty columns
				// either: the text may run on into them.
				room += float64(r.frame.Columns-1-c.Index) * column
			}
			return room - head
		}
		if r.moveFloat(page, at, room) {
			return true
		}
	}
	return false
}

// underHeading returns, when items[at] opens a heading (items kept with
// what follows, in the book's own flow) and a float stands under it, where
// the float starts and the heading's height; else at and 0. A float that
// does not fit under its heading moves on as any other does, and the
// heading goes with the text that fills the room, as LaTeX sets a section
// whose figure floats to the next page.
func (r *run) underHeading(at int) (float int, head float64) {
	j := at
	for j < r.end {
		it := r.items[j]
		if it.Float || !it.Keep || it.Across || it.Whole || it.NewPage || it.Group != nil {
			break
		}
		head += it.Height
		j++
	}
	if j == at || j == r.end || !r.items[j].Float {
		return at, 0
	}
	return j, head
}

// floatPastBand moves on a float across the measure that follows a band
// of columns above the page's last band, which opens at
// page.Columns[last], when the band's columns, balanced, are
// not of a height, one holding a block kept whole (a box, a table) that the
// text beside it does not reach the foot of: the text after the float
// fills the room beside the block. It reports whether it moved one.
func (r *run) floatPastBand(page Page, last int) bool {
	columns := page.Columns[:last]
	if r.frame.Columns < 2 {
		return false
	}
	for i := 0; i < len(columns); i++ {
		c := columns[i]
		if c.Index != 0 {
			continue
		}
		band := columns[i : i+1]
		if i+1 < len(columns) && columns[i+1].Index == 1 {
			band = columns[i : i+2]
		}
		next := i + len(band)
		if next >= len(columns) || columns[next].Index != Across {
			continue
		}
		tallest := 0.0
		for _, c := range band {
			tallest = max(tallest, c.Height(r.items))
		}
		room := float64(r.frame.Columns) * tallest
		for _, c := range band {
			room -= c.Height(r.items)
		}
		if r.moveFloat(page, columns[next].Start, func(float64) float64 { return room }) {
			return true
		}
	}
	return false
}

// moveFloat moves the float that starts at items[at] of page, if one does
// and it has moved fewer than maxMoves times, past the text after it that
// fits in the room room gives for a float of its height, ending where a
// page may break, with the floats that follow it; it reports whether it
// moved it.
func (r *run) moveFloat(page Page, at int, room func(height float64) float64) bool {
	// A float's items keep together but for its last.
	if at >= r.end || !r.items[at].Float || at > r.start && r.items[at-1].Float && r.items[at-1].Keep {
		return false
	}
	if r.moved[r.index(at)] == maxMoves {
		return false
	}
	end := r.floatEnd(at)
	height := 0.0
	for _, it := range r.items[at:end] {
		height += it.Height
	}
	// The floats that follow it move with it, in their order: the text
	// after them all fills the room.
	text := nextText(r.items, end)
	for text < r.end && r.items[text].Float && !r.holdsPage(end, text) {
		end = r.floatEnd(text)
		text = nextText(r.items, end)
	}
	if r.holdsPage(end, text) {
		return false // a float does not pass a plate
	}
	// The text after them may hold floats of other sequences, whole: a
	// heading and the box under it fill the column the table left.
	var kinds [256]bool
	for _, it := range r.items[at:end] {
		kinds[it.Kind] = true
	}
	var breaks []int // where the text passed may end
	used, fits := 0.0, room(height)
	for j := text; j < r.end; j++ {
		it := r.items[j]
		passes := it.Float && it.Kind != 0 && !kinds[it.Kind] && !it.Across
		if !passes && (it.Float || it.Across || it.Whole || it.NewPage || it.Group != nil) {
			break
		}
		if used += it.Height; used > fits {
			break
		}
		if !it.Space && !it.Keep {
			breaks = append(breaks, j+1)
		}
	}
	// The text, then the float and the spaces that stood after it. The
	// room is reckoned from heights, and the keeps of the columns the text
	// falls in may leave it less: all the text passed must stay on the
	// page, or a line of it would open the next above the float, so less
	// of it passes.
	float, runEnd := r.index(at), r.end
	for k := len(breaks) - 1; k >= max(0, len(breaks)-maxRetries); k-- {
		to := breaks[k]
		r.rotate(at, text, to)
		// A float that passes the run's last text closes the run, and
		// the spaces that followed it stand after its end.
		r.end = lastText(r.items, r.start, runEnd)
		if r.fill(page.Start, page.Continued) >= at+to-text {
			r.moved[float]++
			return true
		}
		r.rotate(at, at+to-text, to)
		r.end = runEnd
	}
	return false
}

// maxRetries is how many times moveFloat passes one break less of text
// when the text it passed does not all stay on the page: a line or two is
// what the keeps of a column's foot lose.
const maxRetries = 4

// floatEnd returns the end of the float that starts at items[at]: its
// items keep together but for its last.
func (r *run) floatEnd(at int) int {
	end := at + 1
	for end < r.end && r.items[end-1].Keep && r.items[end].Float {
		end++
	}
	return end
}

// holdsPage reports whether items[from:to] holds a page of its own.
func (r *run) holdsPage(from, to int) bool {
	for _, it := range r.items[from:to] {
		if it.Whole {
			return true
		}
	}
	return false
}

// index returns the index items[i] had in the flow as given.
func (r *run) index(i int) int {
	if *r.order == nil {
		return i
	}
	return (*r.order)[i]
}

// rotate moves items[mid:end] before items[start:mid], and the order with
// them.
func (r *run) rotate(start, mid, end int) {
	if *r.order == nil {
		*r.order = make([]int, len(r.items))
		for i := range *r.order {
			(*r.order)[i] = i
		}
	}
	rotate(r.items[start:end], mid-start)
	rotate((*r.order)[start:end], mid-start)
}

// rotate moves s[k:] before s[:k].
func rotate[T any](s []T, k int) {
	slices.Reverse(s[:k])
	slices.Reverse(s[k:])
	slices.Reverse(s)
}

// tailAfter returns the room the tails take of the groups a page that
// ends after items[j] breaks.
func (r *run) tailAfter(j int) float64 {
	if j+1 >= r.end {
		return 0
	}
	_, tail := groupRoom(r.items[j].Group, r.items[nextText(r.items, j+1)].Group)
	return tail
}

// nextText returns the index of the first item from i that is text: not a
// space, a page break or a page of its own.
func nextText(items []Item, i int) int {
	for i < len(items) && (items[i].Space || items[i].NewPage || items[i].Whole) {
		i++
	}
	return i
}

// page lays out the page from the break before items[b] to the one before
// items[e], as the scan that chose it did.
func (r *run) page(b, e int, continued []*Group) Page {
	s := &r.scan
	s.reset(r, b, continued)
	for j := s.first; j < e; j++ {
		s.push(j)
	}
	page := Page{Start: s.first, End: e, Continued: s.continued, Broken: brokenAt(r.items, e)}
	page.Columns = s.layout(e, page.Broken)
	for _, it := range r.items[page.Start:page.End] {
		for _, note := range notesOf(it) {
			if !containsNote(page.Notes, note) {
				page.Notes = append(page.Notes, note)
			}
		}
	}
	return page
}

// groupRoom returns the room the groups that hold both a and b take, at
// the head of the page they continue on and at the foot of the one they
// break on; it is commonGroups without the slice, for the inner loop.
func groupRoom(a, b *Group) (head, tail float64) {
	for g := a; g != nil; g = g.Parent {
		for h := b; h != nil; h = h.Parent {
			if g == h {
				head += g.Head
				tail += g.Tail
				break
			}
		}
	}
	return head, tail
}

// lastText returns the end of items[start:end] without the spaces and
// pages of their own that close it.
func lastText(items []Item, start, end int) int {
	for end > start && (items[end-1].Space || items[end-1].Whole) {
		end--
	}
	return end
}

// containsNote reports whether notes holds note; a page cites few.
func containsNote(notes []*Note, note *Note) bool {
	for _, n := range notes {
		if n == note {
			return true
		}
	}
	return false
}
