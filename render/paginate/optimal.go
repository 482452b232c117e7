package paginate

import "math"

// Frame is the text area of a page that Optimal fills: its height, the
// room the rule over a page's footnotes takes (counted once on a page that
// has any), and how many columns its text is set in, one or two.
type Frame struct {
	Height, NoteRule float64
	Columns          int
}

// Optimal cuts items into pages under the rules Paginate keeps, but it
// chooses the breaks of a whole run of pages at once, as TeX chooses the
// breaks of a paragraph's lines: a run is what stands between two forced
// breaks (\newpage, a page of its own), a chapter in a book that starts
// each on a new page. Of the ways to break a run that keep every keep, it
// takes the one whose pages but the last leave the least room empty,
// counted as the sum of the squares of each page's empty room (in two
// columns, of the mean of its columns'), so that a table kept whole does
// not leave half a page behind it where moving a paragraph on would fill
// it. The run's last page is free: it may be as short as the chapter's end
// makes it.
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
// The PDF takes its breaks from Optimal. The ASCII book takes them from
// Paginate: its author placed \newpage for its page by hand, and its pages
// are to fill as the seed's frames do, one after the other.
//
// A page holds a bounded number of items, so the cost is linear in the
// flow: each break is tried against the breaks a page on from it.
func Optimal(items []Item, frame Frame) []Page {
	frame.Columns = max(frame.Columns, 1)
	return cut(items, func(start int, continued []*Group) ([]Page, int) {
		stop := start
		for stop < len(items) && !items[stop].NewPage {
			stop++
		}
		r := run{items: items, frame: frame, start: start, end: lastText(items, start, stop), stop: stop}
		return r.pages(continued), stop
	})
}

// run is one run of items between forced breaks, items[start:stop]. Its
// text, items[start:end], opens and closes on content; the pages of their
// own after it follow its last page.
type run struct {
	items            []Item
	frame            Frame
	start, end, stop int
}

// forcedCost is what a page costs that breaks a keep, since a chain of
// kept items is taller than the page or its column: more than any way of
// breaking that keeps them, a hundred empty pages' worth.
const forcedCost = 100

// pages returns the run's pages, the first continuing the groups given.
func (r *run) pages(continued []*Group) []Page {
	n := r.end - r.start
	// cost[k] is the least cost of the pages before a break at start+k,
	// from[k] the break that opens the last of them.
	cost := make([]float64, n+1)
	from := make([]int32, n+1)
	for k := 1; k <= n; k++ {
		cost[k] = math.Inf(1)
	}
	height := r.frame.Height
	var s pageScan
	for k := range n {
		if math.IsInf(cost[k], 1) {
			continue
		}
		s.reset(r, r.start+k, continued)
		// forced is the last break that fits, kept or not, and its
		// cost, for when no break both fits and keeps the keeps.
		forced, forcedPage := s.first+1, 0.0
		kept := false
		for j := s.first; j < r.end; j++ {
			if !s.push(j) && j > s.first {
				break
			}
			if r.items[j].Space || r.items[j].Whole {
				continue
			}
			empty, fits, broke := s.end(r.tailAfter(j))
			if !fits && j > s.first {
				continue
			}
			page := 0.0
			if j+1 < r.end {
				page = empty * empty
			}
			forced, forcedPage = j+1, page+forcedCost*height*height
			if broke || r.items[j].Keep && j+1 < r.end {
				continue
			}
			kept = true
			r.relax(cost, from, k, j+1-r.start, page)
		}
		if !kept {
			r.relax(cost, from, k, forced-r.start, forcedPage)
		}
	}

	var breaks []int
	for k := n; k > 0; k = int(from[k]) {
		breaks = append(breaks, k)
	}
	pages := make([]Page, 0, len(breaks))
	for i, k := len(breaks)-1, 0; i >= 0; k, i = breaks[i], i-1 {
		page := r.page(r.start+k, r.start+breaks[i], continued)
		pages = append(pages, page)
		// The pages of their own among the page's items, and between
		// them and the next page's, follow it.
		next := r.stop
		if i > 0 {
			next = nextText(r.items, page.End)
		}
		for w := page.Start; w < next; w++ {
			if r.items[w].Whole {
				pages = append(pages, Page{Start: w, End: w + 1})
			}
		}
	}
	return pages
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
	var s pageScan
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

// relax records the page from break k to break e, costing page, when it
// makes the cheapest way yet to break at e.
func (r *run) relax(cost []float64, from []int32, k, e int, page float64) {
	if c := cost[k] + page; c < cost[e] {
		cost[e], from[e] = c, int32(k)
	}
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
