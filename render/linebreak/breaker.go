package linebreak

import (
	"math"
	"slices"
)

// sums are the running totals of the items before a place in the
// paragraph, so that a line's measures are the difference of two of them.
type sums struct {
	width, stretch, shrink float64
	fil                    float64 // units of infinite stretch
}

func (s *sums) add(it Item) {
	switch it.Kind {
	case BoxItem:
		s.width += it.Width
	case GlueItem:
		s.width += it.Width
		s.shrink += it.Shrink
		if math.IsInf(it.Stretch, 1) {
			s.fil++
		} else {
			s.stretch += it.Stretch
		}
	}
}

// fitness is a line's fitness class, TeX's (§817): neighbouring lines more
// than one class apart cost AdjacentDemerits.
type fitness int8

const (
	veryLoose fitness = iota // stretched by more than its stretch
	loose                    // by more than half of it
	decent                   // stretched or shrunk by at most half
	tight                    // shrunk by more than half its shrink
)

func fitnessOf(ratio float64) fitness {
	switch {
	case ratio > 1:
		return veryLoose
	case ratio > 0.5:
		return loose
	case ratio >= -0.5:
		return decent
	}
	return tight
}

// badness is TeX's measure of how far a line is from its natural width: 100
// times the cube of its ratio, at most 10,000 (TeX's inf_bad).
func badness(ratio float64) float64 {
	return min(100*math.Abs(ratio*ratio*ratio), 10000)
}

// adjustment returns a line's adjustment ratio, and how much each unit of
// fil glue stretches when it has some. Lengths that differ by rounding alone
// count as equal, so that a line that fits exactly is not taken for one that
// cannot stretch.
func adjustment(natural, width, stretch, shrink, fil float64) (ratio, filRatio float64) {
	short := width - natural
	if math.Abs(short) <= 1e-9*max(1, math.Abs(width)) {
		return 0, 0
	}
	switch {
	case short > 0 && fil > 0:
		return 0, short / fil
	case short > 0 && stretch > 0:
		return short / stretch, 0
	case short > 0:
		return math.Inf(1), 0
	case shrink > 0:
		return short / shrink, 0
	}
	return math.Inf(-1), 0
}

// A node is a feasible break: where it is, how the paragraph up to it was
// best broken, and the line that ends at it.
type node struct {
	position int // the item broken at; -1 for the paragraph's start
	start    int // the first item of the next line
	line     int // how many lines end at or before it
	fitness  fitness
	flagged  bool
	total    float64 // the demerits of the lines up to it
	previous int     // the node before it, in breaker.nodes; -1 for none
	after    sums    // the totals of the items before start

	natural, ratio, filRatio, shrink, demerits float64 // the line ending here
}

// A breaker holds one pass of the algorithm over a paragraph.
type breaker struct {
	items     []Item
	params    Params
	emergency bool

	nodes      []node
	active     []int // the nodes a line may still start from, in order
	candidates []node
	total      sums   // the totals of the items before the current one
	lines      []Line // the lines of the last result, written over by the next
}

// run makes one pass; without emergency it fails (ok is false) as soon as
// no break within the tolerance is left to continue from.
func (b *breaker) run(emergency bool) (r Result, ok bool) {
	b.emergency = emergency
	b.nodes = append(b.nodes[:0], node{position: -1, fitness: decent, previous: -1})
	b.active = append(b.active[:0], 0)
	b.total = sums{}
	for i, it := range b.items {
		switch it.Kind {
		case GlueItem:
			if i > 0 && b.items[i-1].Kind == BoxItem && !b.try(i, 0, 0, false, false) {
				return Result{}, false
			}
		case PenaltyItem:
			if it.Penalty < Infinity && !b.try(i, max(it.Penalty, -Infinity), it.Width, it.Flagged, false) {
				return Result{}, false
			}
		}
		b.total.add(it)
	}
	b.total.fil++ // the glue that fills the last line, TeX's \parfillskip
	if !b.try(len(b.items), -Infinity, 0, false, true) {
		return Result{}, false
	}
	return b.result(), true
}

// try tries a break at items[position], which costs penalty and ends its line
// with width more; final marks the paragraph's end. It reports whether any
// node is left to go on from.
func (b *breaker) try(position int, penalty, width float64, flagged, final bool) bool {
	p := &b.params
	forced := penalty <= -Infinity
	b.candidates = b.candidates[:0]
	fallback := -1 // in the emergency pass, the best node whose line is overfull here
	var fallbackLine node
	kept := b.active[:0]
	for _, a := range b.active {
		from := &b.nodes[a]
		if from.start > position { // the break lies in what from's break drops
			kept = append(kept, a)
			continue
		}
		line := node{
			position: position,
			line:     from.line + 1,
			flagged:  flagged,
			previous: a,
			natural:  b.total.width - from.after.width + width,
			shrink:   b.total.shrink - from.after.shrink,
		}
		measure := b.width(from.line)
		line.ratio, line.filRatio = adjustment(line.natural, measure,
			b.total.stretch-from.after.stretch+p.RaggedRight, line.shrink, b.total.fil-from.after.fil)
		// A line that runs over without this break's own width will run over
		// at every later break too: no line can start from here any more.
		overflowing := line.natural-width-line.shrink > measure+1e-9*max(1, math.Abs(measure))
		if !forced && !overflowing {
			kept = append(kept, a)
		}
		if line.ratio < -1 {
			if b.emergency && (forced || overflowing) && (fallback < 0 || from.total < b.nodes[fallback].total) {
				fallback, fallbackLine = a, line
			}
			continue
		}
		if line.ratio > p.Tolerance && !b.emergency {
			continue
		}
		b.offer(b.cost(line, from, penalty, final))
	}
	b.active = kept
	// TeX's last resort (§851, "artificial_demerits"): when every line would
	// run over, one must, and the best of them is taken.
	if len(b.candidates) == 0 && len(b.active) == 0 && fallback >= 0 {
		b.candidates = append(b.candidates, b.cost(fallbackLine, &b.nodes[fallback], penalty, final))
	}
	if len(b.candidates) > 0 {
		start, after := b.skip(position)
		for _, c := range b.candidates {
			c.start, c.after = start, after
			b.active = append(b.active, len(b.nodes))
			b.nodes = append(b.nodes, c)
		}
	}
	return len(b.active) > 0
}

// cost completes the node of a line from from: its fitness, demerits and
// total (TeX's §859).
func (b *breaker) cost(line node, from *node, penalty float64, final bool) node {
	p := &b.params
	line.fitness = fitnessOf(line.ratio)
	d := p.LinePenalty + badness(line.ratio)
	d *= d
	switch {
	case penalty > 0:
		d += penalty * penalty
	case penalty > -Infinity:
		d -= penalty * penalty
	}
	switch {
	case final && from.flagged:
		d += p.FinalHyphenDemerits
	case line.flagged && from.flagged:
		d += p.DoubleHyphenDemerits
	}
	if line.fitness-from.fitness > 1 || from.fitness-line.fitness > 1 {
		d += p.AdjacentDemerits
	}
	line.demerits = d
	line.total = from.total + d
	return line
}

// offer keeps a candidate break unless one at the same place, of the same
// fitness class and with a next line of the same width costs no more: what
// follows a break depends on nothing else, so the dearer can never win.
func (b *breaker) offer(c node) {
	key := b.widthIndex(c.line)
	for i := range b.candidates {
		o := &b.candidates[i]
		if o.fitness == c.fitness && b.widthIndex(o.line) == key {
			if c.total < o.total {
				*o = c
			}
			return
		}
	}
	b.candidates = append(b.candidates, c)
}

// skip returns where the line after a break at position starts, past the glue
// and penalties the break drops (up to a forced break, which is kept), and
// the totals of the items before it.
func (b *breaker) skip(position int) (int, sums) {
	s := b.total
	i := position
	for i < len(b.items) {
		it := b.items[i]
		if it.Kind == BoxItem || (it.forced() && i > position) {
			break
		}
		s.add(it)
		i++
	}
	return i, s
}

// widthIndex returns the index in Params.Widths of line's width (counting
// lines from 0); lines past the last width share its index.
func (b *breaker) widthIndex(line int) int {
	return max(min(line, len(b.params.Widths)-1), 0)
}

// width returns the width of line, counting from 0.
func (b *breaker) width(line int) float64 {
	if len(b.params.Widths) == 0 {
		return 0
	}
	return b.params.Widths[b.widthIndex(line)]
}

// result follows the cheapest final break back to the paragraph's start.
func (b *breaker) result() Result {
	best := -1
	for _, a := range b.active {
		if best < 0 || b.nodes[a].total < b.nodes[best].total {
			best = a
		}
	}
	b.lines = slices.Grow(b.lines[:0], b.nodes[best].line)[:b.nodes[best].line]
	r := Result{Demerits: b.nodes[best].total, Lines: b.lines}
	for n := best; b.nodes[n].previous >= 0; n = b.nodes[n].previous {
		end := &b.nodes[n]
		from := &b.nodes[end.previous]
		r.Lines[end.line-1] = Line{
			Start:     from.start,
			End:       end.position,
			Width:     b.width(from.line),
			Natural:   end.natural,
			Ratio:     end.ratio,
			Demerits:  end.demerits,
			Overfull:  end.ratio < -1,
			Underfull: end.ratio > b.params.Tolerance,
			filRatio:  end.filRatio,
			shrink:    end.shrink,
		}
	}
	return r
}
