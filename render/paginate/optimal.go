package paginate

import "math"

// Optimal cuts items into pages under the rules Paginate keeps, but it
// chooses the breaks of a whole run of pages at once, as TeX chooses the
// breaks of a paragraph's lines: a run is what stands between two forced
// breaks (\newpage, a page of its own), a chapter in a book that starts
// each on a new page. Of the ways to break a run that keep every keep, it
// takes the one whose pages but the last leave the least room empty,
// counted as the sum of the squares of each page's empty room, so that a
// table kept whole does not leave half a page behind it where moving a
// paragraph on would fill it. The run's last page is free: it may be as
// short as the chapter's end makes it.
//
// The PDF takes its breaks from Optimal. The ASCII book takes them from
// Paginate: its author placed \newpage for its page by hand, and its pages
// are to fill as the seed's frames do, one after the other.
//
// A page holds a bounded number of items, so the cost is linear in the
// flow: each break is tried against the breaks a page on from it.
func Optimal(items []Item, height, noteRule float64) []Page {
	return cut(items, func(start int, continued []*Group) ([]Page, int) {
		end := start
		for end < len(items) && !items[end].Whole && !items[end].NewPage {
			end++
		}
		r := run{items: items, height: height, noteRule: noteRule, start: start, end: lastContent(items, start, end)}
		return r.pages(continued), end
	})
}

// run is one run of items between forced breaks, items[start:end], which
// opens and closes on content.
type run struct {
	items            []Item
	height, noteRule float64
	start, end       int
}

// forcedCost is what a page costs that breaks a keep, since a chain of
// kept items is taller than the page: more than any way of breaking that
// keeps them, a hundred empty pages' worth.
const forcedCost = 100

// pages returns the run's pages, the first continuing the groups given.
func (r run) pages(continued []*Group) []Page {
	n := r.end - r.start
	// cost[k] is the least cost of the pages before a break at start+k,
	// from[k] the break that opens the last of them.
	cost := make([]float64, n+1)
	from := make([]int32, n+1)
	for k := 1; k <= n; k++ {
		cost[k] = math.Inf(1)
	}
	var cited []*Note
	for k := range n {
		if math.IsInf(cost[k], 1) {
			continue
		}
		first, heads := r.pageStart(r.start+k, continued)
		cited = cited[:0]
		used, notes := heads, 0.0
		// forced is the last break that fits, kept or not, and its
		// cost, for when no break both fits and keeps the keeps.
		forced, forcedEmpty := first+1, 0.0
		kept := false
		for j := first; j < r.end; j++ {
			it := r.items[j]
			for _, note := range notesOf(it) {
				if !containsNote(cited, note) {
					if len(cited) == 0 {
						notes += r.noteRule
					}
					cited = append(cited, note)
					notes += note.Height
				}
			}
			used += it.Height
			if used+notes > r.height && j > first {
				break
			}
			if it.Space {
				continue
			}
			tail := 0.0
			if j+1 < r.end {
				_, tail = groupRoom(it.Group, r.items[nextContent(r.items, j+1)].Group)
			}
			empty := r.height - used - notes - tail
			if empty < 0 && j > first {
				continue
			}
			forced, forcedEmpty = j+1, empty
			if it.Keep && j+1 < r.end {
				continue
			}
			kept = true
			page := 0.0
			if j+1 < r.end {
				page = empty * empty
			}
			r.relax(cost, from, k, j+1-r.start, page)
		}
		if !kept {
			r.relax(cost, from, k, forced-r.start, forcedEmpty*forcedEmpty+forcedCost*r.height*r.height)
		}
	}

	var breaks []int
	for k := n; k > 0; k = int(from[k]) {
		breaks = append(breaks, k)
	}
	pages := make([]Page, 0, len(breaks))
	for i, k := len(breaks)-1, 0; i >= 0; k, i = breaks[i], i-1 {
		first, _ := r.pageStart(r.start+k, continued)
		page := Page{Start: first, End: r.start + breaks[i], Broken: brokenAt(r.items, r.start+breaks[i])}
		if k == 0 {
			page.Continued = continued
		} else {
			page.Continued = outermostFirst(brokenAt(r.items, r.start+k))
		}
		for _, it := range r.items[page.Start:page.End] {
			for _, note := range notesOf(it) {
				if !containsNote(page.Notes, note) {
					page.Notes = append(page.Notes, note)
				}
			}
		}
		pages = append(pages, page)
	}
	return pages
}

// relax records the page from break k to break e, costing page, when it
// makes the cheapest way yet to break at e.
func (r run) relax(cost []float64, from []int32, k, e int, page float64) {
	if c := cost[k] + page; c < cost[e] {
		cost[e], from[e] = c, int32(k)
	}
}

// pageStart returns the first item of the page that opens at the break
// before items[b], and the room the heads of the groups it continues
// take: the run's own continued groups at its start.
func (r run) pageStart(b int, continued []*Group) (int, float64) {
	if b == r.start {
		heads := 0.0
		for _, g := range continued {
			heads += g.Head
		}
		return b, heads
	}
	first := nextContent(r.items, b)
	heads, _ := groupRoom(r.items[b-1].Group, r.items[first].Group)
	return first, heads
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

// lastContent returns the end of items[start:end] without the spaces that
// close it.
func lastContent(items []Item, start, end int) int {
	for end > start && items[end-1].Space {
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
