// Package linebreak chooses where the lines of a paragraph end by Knuth and
// Plass's total-fit algorithm, as TeX's line_break does (tex.web §813–890):
// of all the ways to break the paragraph whose lines are no looser than a
// tolerance, it takes the one with the fewest demerits, a cost that grows
// with each line's looseness or tightness and with penalties, two hyphens in
// a row, and a loose line next to a tight one.
//
// The caller measures: a paragraph is a list of boxes, glue and penalties of
// known widths (in points), and the package knows nothing of fonts. It tries
// each legal break against the few earlier breaks a line could still reach
// from (TeX's active list), so its work grows with the paragraph's length
// times a line's worth of breaks, not with the length squared.
//
// When no way of breaking is within the tolerance, Break makes a second,
// emergency pass that lets lines be as loose as they must, and lets a line
// run past its width where nothing else could be done (a word longer than
// the line); such lines are marked Underfull or Overfull, for the caller to
// report. Break always returns.
package linebreak

import "math"

// Params are the measures and costs of line breaking. The zero value is not
// useful; DefaultParams gives TeX's.
type Params struct {
	// Widths are the widths of the lines in order; every line after the
	// last takes the last width, so one width sets a plain paragraph, and
	// more set a hanging indent or lines beside a float. (A first-line
	// indent is a box at the paragraph's start.) No widths means lines of
	// width zero.
	Widths []float64
	// Tolerance is the largest adjustment ratio a line may have: how much
	// of its glue's stretch it may use, 1 being all of it. TeX's
	// \tolerance=200 is a ratio of about 1.26 (its badness is 100 times the
	// cube of the ratio). Lines never shrink by more than their glue's
	// shrink, except in the emergency pass.
	Tolerance float64
	// LinePenalty is added to each line's badness before it is squared
	// (TeX's \linepenalty), so that fewer lines are preferred.
	LinePenalty float64
	// AdjacentDemerits are added where a line's fitness class (very loose,
	// loose, decent, tight) is more than one away from the line's before
	// it (TeX's \adjdemerits).
	AdjacentDemerits float64
	// DoubleHyphenDemerits are added where two lines in a row end at
	// flagged penalties (TeX's \doublehyphendemerits).
	DoubleHyphenDemerits float64
	// FinalHyphenDemerits are added where the last line but one ends at a
	// flagged penalty (TeX's \finalhyphendemerits).
	FinalHyphenDemerits float64
	// RaggedRight, when positive, ends every line with that much stretch
	// and no width, as TeX's \rightskip=0pt plus RaggedRight does: with word
	// glue that does not stretch, lines are set ragged right, and the
	// breaks are still chosen for the whole paragraph, so that the ragged
	// edge is even. A narrow column reads better so than justified.
	RaggedRight float64
	// Stop, when set, is asked between the windows of a long paragraph
	// whether the caller still wants it broken (see Break).
	Stop func() bool
}

// DefaultParams returns plain TeX's parameters for lines of the given
// widths: \tolerance=200, \linepenalty=10, \adjdemerits=10000,
// \doublehyphendemerits=10000 and \finalhyphendemerits=5000.
func DefaultParams(widths ...float64) Params {
	return Params{
		Widths:               widths,
		Tolerance:            math.Cbrt(2), // badness 200
		LinePenalty:          10,
		AdjacentDemerits:     10000,
		DoubleHyphenDemerits: 10000,
		FinalHyphenDemerits:  5000,
	}
}

// A Line is one line of a broken paragraph.
type Line struct {
	// Start and End delimit the line's items, items[Start:End]. The glue
	// and penalties after a break are dropped, so Start is the first item
	// after them. items[End], when End is not the paragraph's end, is
	// where the line broke: a penalty there ends the line with its width
	// (a hyphen), glue there is dropped.
	Start, End int
	// Width is the width the line is set to, from Params.Widths.
	Width float64
	// Natural is the width of the line's items with glue at its natural
	// width, a break penalty's width included.
	Natural float64
	// Ratio is the line's adjustment ratio: glue is set at its width plus
	// Ratio times its stretch when Ratio ≥ 0, or plus Ratio times its
	// shrink when Ratio < 0. It is 0 on a line with fil glue (the last, as
	// a rule); +Inf for a short line that nothing can stretch, and below -1
	// for a line that runs past its width. GlueWidth applies it.
	Ratio float64
	// Demerits is what the line cost.
	Demerits float64
	// Overfull is set on a line that runs past its width with its glue
	// shrunk all it can; Underfull on a line looser than the tolerance.
	// Only the emergency pass makes such lines.
	Overfull, Underfull bool

	filRatio float64 // how much each unit of fil glue stretches
	shrink   float64 // the line's glue's shrink, for Overflow
}

// GlueWidth returns the width of glue g on the line: stretched or shrunk by
// the line's ratio, no more than its shrink, and fil glue taking the room
// the line has left.
func (l Line) GlueWidth(g Item) float64 {
	switch {
	case l.filRatio > 0:
		if math.IsInf(g.Stretch, 1) {
			return g.Width + l.filRatio
		}
		return g.Width
	case l.Ratio < 0:
		return g.Width + max(l.Ratio, -1)*g.Shrink
	case l.Ratio > 0 && !math.IsInf(l.Ratio, 1):
		return g.Width + l.Ratio*g.Stretch
	}
	return g.Width
}

// Overflow returns how far the line runs past its width when its glue is
// shrunk all it can: zero unless the line is overfull.
func (l Line) Overflow() float64 {
	return max(l.Natural-l.shrink-l.Width, 0)
}

// A Result is a broken paragraph.
type Result struct {
	Lines []Line
	// Demerits is the sum of the lines' demerits: what total fit made as
	// small as it could.
	Demerits float64
	// Emergency is set when no breaking was within the tolerance, and
	// the emergency pass chose the breaks.
	Emergency bool
}

// Break breaks a paragraph of items into lines.
//
// As TeX does, it drops glue at the paragraph's end and fills the last line
// with fil glue of no width, so that the last line is set at its natural
// width (a paragraph ending in a forced break has an empty last line). A
// break may be taken at glue right after a box and at a penalty below
// Infinity, and must be taken at a penalty of -Infinity or less. An empty
// paragraph has no lines.
//
// A paragraph longer than window items is broken a window at a time (see
// window), and p.Stop, when set, is asked before each window but the first
// whether to go on; when it says stop, Break returns the lines it has.
//
// A caller that breaks many paragraphs breaks them with one Breaker.
func Break(items []Item, p Params) Result {
	var b Breaker
	return b.Break(items, p)
}

// A Breaker breaks paragraphs one after another, keeping the lists it works
// in from each to the next: a book breaks thousands of paragraphs, and
// growing those lists anew for each was much of what setting it cost. The
// zero value is ready to use. A Breaker is for one goroutine at a time.
type Breaker struct {
	b     breaker
	lines []Line
}

// Break breaks a paragraph as the package's Break does. The Result's Lines
// are the Breaker's, and its next Break writes over them.
func (bk *Breaker) Break(items []Item, p Params) Result {
	end := len(items)
	for end > 0 && items[end-1].Kind == GlueItem {
		end--
	}
	r := Result{Lines: bk.lines[:0]}
	b := &bk.b
	defer func() {
		bk.lines = r.Lines
		b.items = nil // the caller's, not to be kept
	}()
	for start := 0; start < end; {
		if start > 0 && p.Stop != nil && p.Stop() {
			return r
		}
		stop := min(start+window, end)
		b.items, b.params = items[start:stop], p.from(len(r.Lines))
		part := b.breakAll()
		r.Emergency = r.Emergency || part.Emergency
		lines := part.Lines
		if stop < end && len(lines) > 1 {
			// The window's last lines were broken as if the paragraph ended
			// there; the next window breaks them again, knowing what follows.
			lines = lines[:max(len(lines)-2, 1)]
		}
		for _, l := range lines {
			l.Start += start
			l.End += start
			r.Lines = append(r.Lines, l)
			r.Demerits += l.Demerits
		}
		if len(lines) < len(part.Lines) {
			stop = start + part.Lines[len(lines)].Start
		}
		start = stop
	}
	return r
}

// window is how many items Break breaks at once. A paragraph that long is
// some four thousand words, which no book prints, but a manuscript may
// hold a megabyte with no blank line in it: broken whole, its breaks would
// take memory in proportion and time with no end in sight for a caller
// that wants to stop. Each window's breaks but its last two lines are
// kept, and the next window starts where they end, so that the result
// differs from total fit over the whole paragraph only where the windows
// meet, and there only as far as the lines on either side could be
// chosen better together.
const window = 8192

// from returns the parameters for the lines from line n on.
func (p Params) from(n int) Params {
	if len(p.Widths) > 0 {
		p.Widths = p.Widths[min(n, len(p.Widths)-1):]
	}
	return p
}

// breakAll breaks b.items, which end with no glue, whole.
func (b *breaker) breakAll() Result {
	if r, ok := b.run(false); ok {
		return r
	}
	r, _ := b.run(true)
	r.Emergency = true
	return r
}
