package linebreak

import "math"

// This file is a second, plain implementation of the rules that Break
// follows, for the tests: it measures each line by adding its items up and
// tries every sequence of breaks, so it shares none of Break's bookkeeping
// (running totals, the active list, the pruning of equivalent breaks).

// A breakAt is a legal break.
type breakAt struct {
	position       int
	penalty, width float64
	flagged, final bool
}

func (b breakAt) forced() bool { return b.penalty <= -Infinity }

// trimmed returns the paragraph without the glue at its end.
func trimmed(items []Item) []Item {
	end := len(items)
	for end > 0 && items[end-1].Kind == GlueItem {
		end--
	}
	return items[:end]
}

// legalBreaks lists the legal breaks of a trimmed paragraph, its end last.
func legalBreaks(items []Item) []breakAt {
	var legal []breakAt
	for i, it := range items {
		switch {
		case it.Kind == GlueItem && i > 0 && items[i-1].Kind == BoxItem:
			legal = append(legal, breakAt{position: i})
		case it.Kind == PenaltyItem && it.Penalty < Infinity:
			legal = append(legal, breakAt{position: i, penalty: max(it.Penalty, -Infinity), width: it.Width, flagged: it.Flagged})
		}
	}
	return append(legal, breakAt{position: len(items), penalty: -Infinity, final: true})
}

// A state is where a line starts and what it follows.
type state struct {
	start, line int
	fitness     fitness
	flagged     bool
}

type lineCost struct {
	ratio, demerits float64
	final           bool
	next            state
}

// measure sets the line from s to the break at.
func measure(items []Item, p Params, s state, at breakAt) lineCost {
	var natural, stretch, shrink, fil float64
	for _, it := range items[s.start:at.position] {
		switch it.Kind {
		case BoxItem:
			natural += it.Width
		case GlueItem:
			natural += it.Width
			shrink += it.Shrink
			if math.IsInf(it.Stretch, 1) {
				fil++
			} else {
				stretch += it.Stretch
			}
		}
	}
	natural += at.width
	stretch += p.RaggedRight
	if at.final {
		fil++
	}
	width := 0.0
	if len(p.Widths) > 0 {
		width = p.Widths[min(s.line, len(p.Widths)-1)]
	}
	ratio, _ := adjustment(natural, width, stretch, shrink, fil)

	c := lineCost{ratio: ratio, final: at.final}
	c.next = state{line: s.line + 1, fitness: fitnessOf(ratio), flagged: at.flagged && !at.final}
	d := p.LinePenalty + badness(ratio)
	c.demerits = d * d
	if at.penalty > 0 {
		c.demerits += at.penalty * at.penalty
	} else if at.penalty > -Infinity {
		c.demerits -= at.penalty * at.penalty
	}
	if at.final && s.flagged {
		c.demerits += p.FinalHyphenDemerits
	} else if at.flagged && s.flagged {
		c.demerits += p.DoubleHyphenDemerits
	}
	if diff := c.next.fitness - s.fitness; diff > 1 || diff < -1 {
		c.demerits += p.AdjacentDemerits
	}

	// The next line starts after the glue and penalties the break drops.
	next := at.position
	for next < len(items) && items[next].Kind != BoxItem && (next == at.position || !items[next].forced()) {
		next++
	}
	c.next.start = next
	return c
}

// exhaustive returns the least demerits of any sequence of breaks whose
// lines are all within the tolerance (or, when loose, whose lines may be as
// loose as they must but none runs over), and false when there is none. It
// tries every sequence, remembering the best end from each state so that a
// paragraph of a hundred words takes no longer than a moment.
func exhaustive(items []Item, p Params, loose bool) (float64, bool) {
	items = trimmed(items)
	if len(items) == 0 {
		return 0, true
	}
	legal := legalBreaks(items)
	type outcome struct {
		demerits float64
		found    bool
	}
	memo := make(map[state]outcome)
	var rest func(s state) (float64, bool)
	rest = func(s state) (float64, bool) {
		if o, ok := memo[s]; ok {
			return o.demerits, o.found
		}
		var best outcome
		for _, at := range legal {
			if at.position < s.start {
				continue // before the line, or in what the last break dropped
			}
			c := measure(items, p, s, at)
			if c.ratio >= -1 && (loose || c.ratio <= p.Tolerance) {
				d, ok := 0.0, true
				if !at.final {
					d, ok = rest(c.next)
				}
				if ok && (!best.found || c.demerits+d < best.demerits) {
					best = outcome{c.demerits + d, true}
				}
			}
			if at.forced() {
				break // no line runs through a forced break
			}
		}
		memo[s] = best
		return best.demerits, best.found
	}
	return rest(state{fitness: decent})
}
