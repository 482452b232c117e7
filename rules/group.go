package rules

import (
	"slices"
	"strconv"
	"strings"
)

// group is {e1, e2, …}: its members added up, or kept and counted as a
// term's dice are: {2d20kh1, 1d20+5}kh1 is the better of two rolls,
// {3d6, 3d6, 3d6}>10 how many of three rolls beat 10.
type group struct {
	col     int
	members []node
	pick    picking
	lo, hi  int64
}

// newGroup bounds the group's result, refusing one that could leave the
// range galley computes with.
func newGroup(g *group) (node, error) {
	var los, his []int64
	for _, m := range g.members {
		lo, hi := m.bounds()
		los, his = append(los, lo), append(his, hi)
	}
	slices.Sort(los)
	slices.Sort(his)
	k := g.pick.kept
	switch {
	case g.pick.counting:
		lo, hi := g.pick.scoreBounds(0, 0)
		g.lo, g.hi = int64(k)*lo, int64(k)*hi
	default:
		// Whichever k members are kept, they add up to at least the k
		// smallest least values and at most the k largest greatest ones.
		for i := range k {
			g.lo += los[i]
			g.hi += his[len(his)-1-i]
		}
	}
	if g.lo < -MaxMagnitude || g.hi > MaxMagnitude {
		return nil, tooLarge(g.col)
	}
	return g, nil
}

func (g *group) bounds() (int64, int64) { return g.lo, g.hi }

// sums reports whether the group only adds its members up.
func (g *group) sums() bool { return !g.pick.counting && g.pick.kept == len(g.members) }

func (g *group) estimate(work *workTally, depth int) estimate {
	combined := estimate{outcomes: 1}
	for _, m := range g.members {
		e := m.estimate(work, depth)
		// Adding a member meets every outcome so far with each of its own;
		// keeping tracks the kept values, at most as many states.
		work.add(g.col, pairCost(combined.outcomes, e.outcomes, combined.bits+e.bits, 1))
		combined = estimate{outcomes: combined.outcomes * e.outcomes, bits: combined.bits + e.bits}
	}
	combined.outcomes = min(combined.outcomes, float64(g.hi-g.lo+1))
	return combined
}

func (g *group) dist(depth int) *Dist {
	if g.pick.kept == len(g.members) {
		sum := g.members[0].dist(depth).mapped(g.pick.score)
		for _, m := range g.members[1:] {
			sum = sum.plus(m.dist(depth).mapped(g.pick.score))
		}
		return sum
	}
	// Each state is the values kept so far, best first, with its ways.
	type state struct {
		kept []int64
		ways nat
	}
	states := map[string]*state{"": {ways: natOf(1)}}
	total := natOf(1)
	for _, m := range g.members {
		d := m.dist(depth)
		total = total.times(d.total)
		next := map[string]*state{}
		for _, s := range states {
			for i, v := range d.values {
				kept := g.pick.insert(s.kept, v)
				key := keyOf(kept)
				if next[key] == nil {
					next[key] = &state{kept: kept}
				}
				next[key].ways = next[key].ways.plusProduct(s.ways, d.counts[i])
			}
		}
		states = next
	}
	acc := newSparseAccumulator()
	for _, s := range states {
		var score int64
		for _, v := range s.kept {
			score += g.pick.score(v)
		}
		acc.add(score, s.ways)
	}
	return acc.distOver(total)
}

// insert adds v to kept, the values kept so far best first, and drops the
// worst when more than p.kept are kept.
func (p picking) insert(kept []int64, v int64) []int64 {
	better := func(a, b int64) bool { return a > b == p.keepHighest && a != b }
	at := len(kept)
	for i, k := range kept {
		if better(v, k) {
			at = i
			break
		}
	}
	out := make([]int64, 0, len(kept)+1)
	out = append(out, kept[:at]...)
	out = append(out, v)
	out = append(out, kept[at:]...)
	return out[:min(len(out), p.kept)]
}

// keyOf writes kept values as a map key.
func keyOf(values []int64) string {
	var b []byte
	for _, v := range values {
		b = strconv.AppendInt(b, v, 10)
		b = append(b, ',')
	}
	return string(b)
}

func (g *group) linearMean() (Ratio, bool) {
	if len(explodingDice(g)) == 0 {
		return g.dist(0).Mean(), true // nothing lies beyond
	}
	if !g.sums() {
		return Ratio{}, false
	}
	sum := whole(0)
	for _, m := range g.members {
		mean, ok := m.linearMean()
		if !ok {
			return Ratio{}, false
		}
		sum = sum.plus(mean)
	}
	return sum, true
}

func (g *group) roll(r *Roller, rec *recorder) int64 {
	values := make([]int64, len(g.members))
	shown := make([]string, len(g.members))
	for i, m := range g.members {
		values[i] = m.roll(r, rec)
		shown[i] = strconv.FormatInt(values[i], 10)
	}
	dropped := droppedDice(values, g.pick.kept, g.pick.keepHighest)
	total := g.pick.total(values, dropped, false)
	line := "{…}: " + showPicked(shown, dropped)
	if g.pick.counting {
		line += " → " + counted(total, "member ", "members ") + g.pick.success.op + " " + strconv.FormatInt(g.pick.success.value, 10)
	} else {
		line += " = " + strconv.FormatInt(total, 10)
	}
	rec.line(strings.TrimSpace(line))
	return total
}
