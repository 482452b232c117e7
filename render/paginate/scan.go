package paginate

// Across is the Column.Index of items set across the measure.
const Across = -1

// Column is a stretch of a page's items set one under another: in one of
// the page's columns, or across them all.
type Column struct {
	// Start and End delimit the stretch's items: items[Start:End].
	Start, End int
	// Index is the column, from 0, or Across.
	Index int
	// Top is where the stretch starts, down from the top of the text area.
	Top float64
	// Continued are the groups the stretch continues, outermost first,
	// whose heads stand over it; Broken those it breaks, innermost first,
	// whose tails stand under it.
	Continued, Broken []*Group
	// Stretch is how much each space between the stretch's items grows,
	// as a share of its height, so that a column the page break or the
	// column break goes through reaches the foot of its page, and the
	// shorter column of a balanced band the foot of the taller: a printed
	// book's columns end flush at the foot, as LaTeX's \flushbottom sets
	// them. Height is the stretch's room without it.
	Stretch float64
	// Short is how far the stretch, stretched, stops above the foot it
	// should reach: more than nothing where its spaces could not stretch
	// enough, which a writer reports.
	Short float64
}

// maxStretch is the most a space between blocks grows to fill a column,
// as a share of its height: to twice it, so that the gap between two
// paragraphs is at most a line, and the gap around a box never looks
// like a hole. Three times filled a few more columns, and left the pages
// of a 6×9 book that has boxes visibly loose.
const maxStretch = 1.0

// Used returns the room a page's items take, with the heads and tails of
// the groups they continue and break and its footnotes, as the mean height
// of its columns, in frame: what is set across the measure takes its
// height in each. A page without Columns is one column of its items.
func (p Page) Used(items []Item, frame Frame) float64 {
	stretches, columns := p.Columns, max(frame.Columns, 1)
	if stretches == nil {
		stretches = []Column{{Start: p.Start, End: p.End, Continued: p.Continued, Broken: p.Broken}}
		columns = 1
	}
	used := 0.0
	for _, c := range stretches {
		h := c.Height(items)
		if c.Index == Across {
			h *= float64(columns)
		}
		used += h
	}
	used /= float64(columns)
	if len(p.Notes) > 0 {
		used += frame.NoteRule
	}
	for _, n := range p.Notes {
		used += n.Height
	}
	return used
}

// Height is the room a stretch takes: its items, with the heads and tails
// of the groups it continues and breaks.
func (c Column) Height(items []Item) float64 {
	h := 0.0
	for _, g := range c.Continued {
		h += g.Head
	}
	for _, it := range items[c.Start:c.End] {
		h += it.Height
	}
	for _, g := range c.Broken {
		h += g.Tail
	}
	return h
}

// pageScan lays out one page item by item, as Optimal tries where to end
// it. The page is a stack of bands, each a run of items set across the
// measure or in columns; a band ends where an item of the other kind
// starts, and the spaces between them stand between the bands.
type pageScan struct {
	r *run
	// first is the page's first item, and continued the groups it
	// continues, whose heads, heads high, stand over it.
	first     int
	continued []*Group
	heads     float64
	// cited are the footnotes the page's items cite, and notes the room
	// they take with their rule.
	cited []*Note
	notes float64
	// done are the bands above the current one, and top the room they
	// take with the spaces under each.
	done []band
	top  float64
	cur  band
	// trailing is the room of the spaces pushed since the current band's
	// last item, which go under it, or between it and the next band.
	trailing float64
}

// band is a run of a page's items set one way: items[start:end].
type band struct {
	start, end int
	across     bool
	// top is where the band starts; heads is the room of the heads over
	// its first item (the page's, over its first band); height is the
	// room of its items with the spaces between them.
	top, heads, height float64
	// breaks are where a band of columns may go on in the next column, in
	// order; fit indexes the last that leaves the first column no taller
	// than the room there is, and kept the last of those that also keeps
	// the keeps, -1 for none.
	breaks    []columnBreak
	fit, kept int
	// split is the break the band is set at, once it is laid out:
	// noSplit for a band across the measure or in its first column alone.
	split columnBreak
}

// columnBreak is a place where a band of columns may go on in the next
// column: after items[last], the next column starting at items[next].
type columnBreak struct {
	last, next int
	// first is the first column's height with the tails of the groups the
	// break goes through; before is the room of the band's items before
	// next, spaces included, which the second column does not hold; head
	// is the room of the heads the second column repeats.
	first, before, head float64
	// keep marks a break between items that keep together.
	keep bool
}

// noSplit marks a band set in its first column alone.
var noSplit = columnBreak{last: -1}

// reset starts the scan of the page that opens at the break before
// items[b]; continued are the groups the run's first page continues.
func (s *pageScan) reset(r *run, b int, continued []*Group) {
	s.r = r
	s.cited, s.notes = s.cited[:0], 0
	s.done, s.top, s.trailing = s.done[:0], 0, 0
	s.first, s.continued = b, continued
	if b > r.start {
		s.first = nextText(r.items, b)
		s.continued = outermostFirst(commonGroups(r.items[b-1].Group, r.items[s.first].Group))
	}
	s.heads = 0
	for _, g := range s.continued {
		s.heads += g.Head
	}
	s.cur = band{start: -1, breaks: s.cur.breaks[:0]}
}

// push adds items[j], the item after the last pushed, to the page and
// reports whether the page holds what it has been given.
func (s *pageScan) push(j int) bool {
	it := s.r.items[j]
	s.cite(it)
	if it.Space || it.Whole {
		// A page of its own follows the page (see Optimal).
		s.trailing += it.Height
		return true
	}
	across := it.Across || s.r.frame.Columns == 1
	switch {
	case s.cur.start < 0:
		s.open(j, across)
	case across != s.cur.across:
		if !s.close() {
			return false
		}
		s.open(j, across)
	default:
		if !across {
			s.addBreak(j)
		}
		s.cur.height += s.trailing
		s.trailing = 0
	}
	s.cur.height += it.Height
	s.cur.end = j + 1
	if !across {
		s.cur.pick(s.room())
	}
	_, fits, _ := s.end(0)
	return fits
}

// cite takes room for the footnotes it cites that the page has not.
func (s *pageScan) cite(it Item) {
	for _, note := range notesOf(it) {
		if !containsNote(s.cited, note) {
			if len(s.cited) == 0 {
				s.notes += s.r.frame.NoteRule
			}
			s.cited = append(s.cited, note)
			s.notes += note.Height
		}
	}
}

// room is the height the current band may take.
func (s *pageScan) room() float64 { return s.r.frame.Height - s.notes - s.cur.top }

// open starts a band at items[j].
func (s *pageScan) open(j int, across bool) {
	heads := 0.0
	if len(s.done) == 0 {
		heads = s.heads
	}
	s.cur = band{start: j, end: j, across: across, top: s.top, heads: heads, breaks: s.cur.breaks[:0], fit: -1, kept: -1, split: noSplit}
}

// close ends the current band, balanced, and reports whether the page
// holds it.
func (s *pageScan) close() bool {
	height, ok := s.cur.balance(s.room(), 0)
	if !ok {
		return false
	}
	done := s.cur
	done.breaks = nil
	s.done = append(s.done, done)
	s.top += height + s.trailing
	s.trailing = 0
	return true
}

// addBreak records the column break between the band's last item and
// items[j].
func (s *pageScan) addBreak(j int) {
	last := s.cur.end - 1
	head, tail := groupRoom(s.r.items[last].Group, s.r.items[j].Group)
	s.cur.breaks = append(s.cur.breaks, columnBreak{
		last: last, next: j,
		first:  s.cur.heads + s.cur.height + tail,
		before: s.cur.height + s.trailing,
		head:   head,
		keep:   s.r.items[last].Keep,
	})
}

// pick moves fit and kept to the last breaks whose first column fits in
// room: forward as breaks are added, back when footnotes take room.
func (b *band) pick(room float64) {
	for b.fit+1 < len(b.breaks) && b.breaks[b.fit+1].first <= room {
		b.fit++
		if !b.breaks[b.fit].keep {
			b.kept = b.fit
		}
	}
	for b.fit >= 0 && b.breaks[b.fit].first > room {
		b.fit--
	}
	for b.kept >= 0 && (b.kept > b.fit || b.breaks[b.kept].keep) {
		b.kept--
	}
}

// second is the height of the column after br when the band ends with
// tails tail high.
func (b *band) second(br columnBreak, tail float64) float64 {
	return br.head + b.height - br.before + tail
}

// end returns the room a page ending after the last item pushed leaves
// empty (a column's, on average, in a page of columns), whether the page
// holds its items with the tails of the groups it breaks, tail high, and
// whether it breaks a keep at its column break to. A band of columns
// fills its first column, then its second.
func (s *pageScan) end(tail float64) (empty float64, fits, broke bool) {
	room, b := s.room(), &s.cur
	whole := b.heads + b.height + tail
	switch {
	case b.across:
		return room - whole, whole <= room, false
	case whole <= room:
		// All in the first column, or balanced over both.
		return room - whole/2, true, false
	}
	for _, i := range [2]int{b.kept, b.fit} {
		if i < 0 {
			continue
		}
		br := b.breaks[i]
		if second := b.second(br, tail); second <= room {
			return room - (br.first+second)/2, true, br.keep
		}
	}
	return 0, false, false
}

// balance chooses the break that sets the band's columns most nearly of a
// height, keeping the keeps when that fits in room, and returns the
// band's height, its taller column's, and whether it fits in room. A band
// across the measure is as tall as its items.
func (b *band) balance(room, tail float64) (float64, bool) {
	whole := b.heads + b.height + tail
	b.split = noSplit
	if b.across || len(b.breaks) == 0 {
		return whole, whole <= room
	}
	for _, keptOnly := range [2]bool{true, false} {
		best, height := -1, whole
		for i, br := range b.breaks {
			if keptOnly && br.keep {
				continue
			}
			// On a tie the later break wins: a first column may be
			// a line longer than the second, not shorter.
			if h := max(br.first, b.second(br, tail)); h <= height {
				best, height = i, h
			}
		}
		if height <= room || !keptOnly && best >= 0 {
			if best >= 0 {
				b.split = b.breaks[best]
			}
			return height, height <= room
		}
	}
	return whole, false
}

// layout returns where the page's items stand once it ends before
// items[e], breaking the groups broken.
func (s *pageScan) layout(e int, broken []*Group) []Column {
	r, b := s.r, &s.cur
	// The last band goes on to the next page when the page breaks it, or
	// when what opens the next page is across the measure (a float that
	// did not fit under it): it fills its first column, then its second.
	// Else it ends its run here, and is balanced.
	next := nextText(r.items, e)
	goesOn := !b.across && e < r.end
	tail := 0.0
	if e < r.end {
		_, tail = groupRoom(r.items[e-1].Group, r.items[next].Group)
	}
	if goesOn {
		b.split = noSplit
		if b.heads+b.height+tail > s.room() {
			for _, i := range [2]int{b.kept, b.fit} {
				if i >= 0 && b.second(b.breaks[i], tail) <= s.room() {
					b.split = b.breaks[i]
					break
				}
			}
		}
	} else {
		b.balance(s.room(), tail)
	}
	var columns []Column
	for _, band := range append(s.done, *b) {
		if band.split.last < 0 {
			index := 0
			if band.across {
				index = Across
			}
			columns = append(columns, Column{Start: band.start, End: band.end, Index: index, Top: band.top})
			continue
		}
		through := commonGroups(r.items[band.split.last].Group, r.items[band.split.next].Group)
		columns = append(columns,
			Column{Start: band.start, End: band.split.last + 1, Index: 0, Top: band.top, Broken: through},
			Column{Start: band.split.next, End: band.end, Index: 1, Top: band.top, Continued: outermostFirst(through)})
	}
	columns[0].Continued = s.continued
	columns[len(columns)-1].Broken = broken
	s.stretch(columns, e < r.end)
	return columns
}

// stretch sets the Stretch of the columns of a page's bands: the last
// band's reach the foot of the page when the run goes on on the next, and
// the columns of a band in two reach its taller column's foot.
func (s *pageScan) stretch(columns []Column, goesOn bool) {
	items := s.r.items
	for i := 0; i < len(columns); i++ {
		band := columns[i : i+1]
		if i+1 < len(columns) && columns[i+1].Top == columns[i].Top {
			band = columns[i : i+2]
			i++
		}
		foot := 0.0
		switch {
		case goesOn && i == len(columns)-1:
			foot = s.room()
		case len(band) == 2:
			foot = max(band[0].Height(items), band[1].Height(items))
		default:
			continue
		}
		for k := range band {
			band[k].stretchTo(items, foot)
		}
	}
}

// stretchTo sets the Stretch that sets the column foot high, or as near
// as maxStretch lets it, and how short of foot it stops.
func (c *Column) stretchTo(items []Item, foot float64) {
	spaces := 0.0
	for _, it := range items[c.Start:c.End] {
		if it.Space {
			spaces += it.Height
		}
	}
	short := foot - c.Height(items)
	if short <= 0 {
		return
	}
	if spaces > 0 {
		c.Stretch = min(short/spaces, maxStretch)
	}
	c.Short = short - c.Stretch*spaces
}
