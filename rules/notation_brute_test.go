package rules

import (
	"math/big"
	"sort"
	"strings"
	"testing"
)

// An independent enumeration of the dice notation Roll20, Foundry and
// Icepool share: rerolls, explosions, compounding, keep and drop after
// explosions, success counts with failures and doubles, Fudge dice and
// groups. It is written from the rules as a person would follow them, one
// physical throw at a time, and shares no code with the engine: each case
// states its mechanic as a spec, never as notation, and the engine reads
// the notation. Probabilities are big.Rat, so the two must agree exactly.

// refCompare is a compare point: op is one of = > >= < <=.
type refCompare struct {
	op    string
	value int64
}

func (c *refCompare) meets(face int64) bool {
	if c == nil {
		return false
	}
	switch c.op {
	case "=":
		return face == c.value
	case ">":
		return face > c.value
	case ">=":
		return face >= c.value
	case "<":
		return face < c.value
	}
	return face <= c.value
}

// refSpec is one dice term, described by what happens at the table.
type refSpec struct {
	dice, lowest, highest int64 // dice thrown, each showing lowest..highest
	reroll                *refCompare
	rerollOnce            bool
	explode               *refCompare
	compound              bool // the throws of an exploding die are one value (!!), else each counts (!)
	keep                  int  // 0: keep all
	keepHighest           bool
	success               *refCompare // nil: add up
	failure, twice        *refCompare
}

// refOutcome is one way a die can end up: its throws, with its chance, or
// beyond the depth it was followed to.
type refOutcome struct {
	throws []int64
	p      *big.Rat
	beyond bool
}

// throwsOf lists every way one throw can land, with its rerolls done. A
// recursive reroll is, by definition, a throw of the faces it leaves.
func (s refSpec) throwsOf() map[int64]*big.Rat {
	faces := map[int64]*big.Rat{}
	sides := s.highest - s.lowest + 1
	add := func(face int64, p *big.Rat) {
		if faces[face] == nil {
			faces[face] = new(big.Rat)
		}
		faces[face].Add(faces[face], p)
	}
	var left int64
	for f := s.lowest; f <= s.highest; f++ {
		if !s.reroll.meets(f) {
			left++
		}
	}
	for f := s.lowest; f <= s.highest; f++ {
		one := big.NewRat(1, sides)
		switch {
		case !s.reroll.meets(f):
			if s.reroll != nil && !s.rerollOnce {
				one = big.NewRat(1, left)
			}
			add(f, one)
		case s.rerollOnce:
			// The first throw showed f and is thrown once more, whatever comes.
			for g := s.lowest; g <= s.highest; g++ {
				add(g, new(big.Rat).Mul(one, big.NewRat(1, sides)))
			}
		}
	}
	return faces
}

// dieOutcomes follows one die through at most depth explosions.
func (s refSpec) dieOutcomes(depth int) []refOutcome {
	throws := s.throwsOf()
	var out []refOutcome
	var follow func(sofar []int64, p *big.Rat)
	follow = func(sofar []int64, p *big.Rat) {
		for face, q := range throws {
			seq := append(append([]int64(nil), sofar...), face)
			pq := new(big.Rat).Mul(p, q)
			switch {
			case !s.explode.meets(face):
				out = append(out, refOutcome{throws: seq, p: pq})
			case len(seq) == depth+1:
				out = append(out, refOutcome{throws: seq, p: pq, beyond: true})
			default:
				follow(seq, pq)
			}
		}
	}
	follow(nil, big.NewRat(1, 1))
	return out
}

// score is what a counted value adds: one for a success, two for a success
// that also meets twice, minus one for a failure.
func (s refSpec) score(v int64) int64 {
	var n int64
	if s.success.meets(v) {
		n++
		if s.twice.meets(v) {
			n++
		}
	}
	if s.failure.meets(v) {
		n--
	}
	return n
}

// value is what one die is worth: the sum of its throws; or, counted, the
// score of that sum (!!, or no explosion) or the sum of each throw's score.
func (s refSpec) value(throws []int64) int64 {
	var sum, scored int64
	for _, t := range throws {
		sum += t
		scored += s.score(t)
	}
	switch {
	case s.success == nil:
		return sum
	case s.explode != nil && !s.compound:
		return scored
	}
	return s.score(sum)
}

// refDist is an exact distribution and the chance beyond it.
type refDist struct {
	p      map[int64]*big.Rat
	beyond *big.Rat
}

func newRefDist() refDist { return refDist{p: map[int64]*big.Rat{}, beyond: new(big.Rat)} }

func (d refDist) add(v int64, p *big.Rat) {
	if d.p[v] == nil {
		d.p[v] = new(big.Rat)
	}
	d.p[v].Add(d.p[v], p)
}

// enumerate throws every die of the term every way, keeps, sums or counts.
func (s refSpec) enumerate(depth int) refDist {
	one := s.dieOutcomes(depth)
	result := newRefDist()
	picks := make([]refOutcome, s.dice)
	var each func(i int, p *big.Rat)
	each = func(i int, p *big.Rat) {
		if i == int(s.dice) {
			v, beyond := s.pick(picks)
			if beyond {
				result.beyond.Add(result.beyond, p)
			} else {
				result.add(v, p)
			}
			return
		}
		for _, o := range one {
			picks[i] = o
			each(i+1, new(big.Rat).Mul(p, o.p))
		}
	}
	each(0, big.NewRat(1, 1))
	return result
}

// pick keeps dice and adds up their values. A die beyond the depth is worth
// more than any followed; the roll is beyond when such a die is kept.
func (s refSpec) pick(dice []refOutcome) (int64, bool) {
	type die struct {
		worth  int64
		beyond bool
		value  int64
	}
	all := make([]die, len(dice))
	for i, d := range dice {
		var sum int64
		for _, t := range d.throws {
			sum += t
		}
		all[i] = die{worth: sum, beyond: d.beyond, value: s.value(d.throws)}
	}
	kept := all
	if s.keep > 0 {
		sort.SliceStable(all, func(i, j int) bool {
			a, b := all[i], all[j]
			higher := a.beyond && !b.beyond || a.beyond == b.beyond && a.worth > b.worth
			lower := !a.beyond && b.beyond || a.beyond == b.beyond && a.worth < b.worth
			if s.keepHighest {
				return higher
			}
			return lower
		})
		kept = all[:s.keep]
	}
	var total int64
	for _, d := range kept {
		if d.beyond {
			return 0, true
		}
		total += d.value
	}
	return total, false
}

// assertRefDist fails unless the engine's distribution of expr, followed to
// depth, is want exactly, the chance beyond included.
func assertRefDist(t *testing.T, expr string, depth int, want refDist) {
	t.Helper()
	e, err := Parse(expr, GenericSystem)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	if depth > 0 {
		e.SetDepth(depth)
	}
	got, err := e.Dist()
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	seen := map[int64]bool{}
	for i := range got.Len() {
		v := got.Value(i)
		seen[v] = true
		if w := want.p[v]; w == nil || rat(got.Chance(i)).Cmp(w) != 0 {
			t.Errorf("%s: P(%d) = %s, want %v", expr, v, lowest(got.Chance(i)), w)
		}
	}
	for v, p := range want.p {
		if !seen[v] && p.Sign() > 0 {
			t.Errorf("%s: P(%d) = 0, want %s", expr, v, p.RatString())
		}
	}
	if b := rat(got.Beyond()); b.Cmp(want.beyond) != 0 {
		t.Errorf("%s: beyond %s, want %s", expr, b.RatString(), want.beyond.RatString())
	}
}

func eq(v int64) *refCompare                    { return &refCompare{"=", v} }
func gt(v int64) *refCompare                    { return &refCompare{">", v} }
func ge(v int64) *refCompare                    { return &refCompare{">=", v} }
func lt(v int64) *refCompare                    { return &refCompare{"<", v} }
func refD6(n int64) refSpec                     { return refSpec{dice: n, lowest: 1, highest: 6} }
func dN(n, s int64) refSpec                     { return refSpec{dice: n, lowest: 1, highest: s} }
func fudge(n int64) refSpec                     { return refSpec{dice: n, lowest: -1, highest: 1} }
func (s refSpec) with(f func(*refSpec)) refSpec { f(&s); return s }

func TestNotationAgainstIndependentEnumeration(t *testing.T) {
	for _, c := range []struct {
		expr  string
		depth int
		spec  refSpec
	}{
		{"3d6!", 3, refD6(3).with(func(s *refSpec) { s.explode = eq(6) })},
		{"2d4!", 4, dN(2, 4).with(func(s *refSpec) { s.explode = eq(4) })},
		{"d10!>8", 5, dN(1, 10).with(func(s *refSpec) { s.explode = gt(8) })},
		{"d6!!", 4, refD6(1).with(func(s *refSpec) { s.explode, s.compound = eq(6), true })},
		{"2d6!!", 3, refD6(2).with(func(s *refSpec) { s.explode, s.compound = eq(6), true })},
		{"4d6r1", 0, refD6(4).with(func(s *refSpec) { s.reroll = eq(1) })},
		{"4d6ro<2", 0, refD6(4).with(func(s *refSpec) { s.reroll, s.rerollOnce = lt(2), true })},
		{"3d6ro", 0, refD6(3).with(func(s *refSpec) { s.reroll, s.rerollOnce = eq(1), true })},
		{"4dF", 0, fudge(4)},
		{"3dF>0", 0, fudge(3).with(func(s *refSpec) { s.success = gt(0) })},
		{"6d6>4f1", 0, refD6(6).with(func(s *refSpec) { s.success, s.failure = gt(4), eq(1) })},
		{"5d10>7c10", 0, dN(5, 10).with(func(s *refSpec) { s.success, s.twice = gt(7), eq(10) })},
		{"5d10>=8f1c10", 0, dN(5, 10).with(func(s *refSpec) { s.success, s.failure, s.twice = ge(8), eq(1), eq(10) })},
		{"4d6!kh3", 2, refD6(4).with(func(s *refSpec) { s.explode, s.keep, s.keepHighest = eq(6), 3, true })},
		{"3d6!kl2", 2, refD6(3).with(func(s *refSpec) { s.explode, s.keep = eq(6), 2 })},
		{"3d6!!dl1", 2, refD6(3).with(func(s *refSpec) { s.explode, s.compound, s.keep, s.keepHighest = eq(6), true, 2, true })},
		{"3d10!10>7", 3, dN(3, 10).with(func(s *refSpec) { s.explode, s.success = eq(10), gt(7) })},
		{"{3d6!!}>8", 3, refD6(3).with(func(s *refSpec) { s.explode, s.compound, s.success = eq(6), true, gt(8) })},
		{"3d6!!kh2>7", 2, refD6(3).with(func(s *refSpec) {
			s.explode, s.compound, s.keep, s.keepHighest, s.success = eq(6), true, 2, true, gt(7)
		})},
		{"3d6r1!", 3, refD6(3).with(func(s *refSpec) { s.reroll, s.explode = eq(1), eq(6) })},
		{"2d6ro1!>=5", 2, refD6(2).with(func(s *refSpec) { s.reroll, s.rerollOnce, s.explode = eq(1), true, ge(5) })},
		{"4d6r<3kh2", 0, refD6(4).with(func(s *refSpec) { s.reroll, s.keep, s.keepHighest = lt(3), 2, true })},
		{"3dF!", 3, fudge(3).with(func(s *refSpec) { s.explode = eq(1) })},
	} {
		t.Run(c.expr, func(t *testing.T) {
			assertRefDist(t, c.expr, c.depth, c.spec.enumerate(max(c.depth, 0)))
		})
	}
}

// refGroup enumerates a group's members, each given by its own spec (or a
// constant added), and keeps the best (or worst) keep of them, or adds
// them all when keep is 0.
func refGroup(members []refDist, keep int, highest bool) refDist {
	result := newRefDist()
	values := make([]int64, len(members))
	var each func(i int, p *big.Rat)
	each = func(i int, p *big.Rat) {
		if i == len(members) {
			v := append([]int64(nil), values...)
			sort.Slice(v, func(a, b int) bool { return v[a] > v[b] == highest })
			if keep == 0 {
				keep = len(v)
			}
			var sum int64
			for _, x := range v[:keep] {
				sum += x
			}
			result.add(sum, p)
			return
		}
		for x, q := range members[i].p {
			values[i] = x
			each(i+1, new(big.Rat).Mul(p, q))
		}
	}
	each(0, big.NewRat(1, 1))
	return result
}

// shifted returns d with k added to every value.
func shifted(d refDist, k int64) refDist {
	out := newRefDist()
	for v, p := range d.p {
		out.add(v+k, p)
	}
	return out
}

func TestGroupsAgainstIndependentEnumeration(t *testing.T) {
	advantage := dN(2, 20).with(func(s *refSpec) { s.keep, s.keepHighest = 1, true }).enumerate(0)
	d20plus5 := shifted(dN(1, 20).enumerate(0), 5)
	threeD6 := refD6(3).enumerate(0)
	for _, c := range []struct {
		expr string
		want refDist
	}{
		{"{2d20kh1, 1d20+5}kh1", refGroup([]refDist{advantage, d20plus5}, 1, true)},
		{"{2d20kh1, 1d20+5}kl1", refGroup([]refDist{advantage, d20plus5}, 1, false)},
		{"{2d20kh1, 1d20+5}", refGroup([]refDist{advantage, d20plus5}, 0, true)},
		{"{3d6, 3d6, 3d6}kh2", refGroup([]refDist{threeD6, threeD6, threeD6}, 2, true)},
	} {
		t.Run(c.expr, func(t *testing.T) { assertRefDist(t, c.expr, 0, c.want) })
	}
}

// TestExplodingMeanIsExact: a sum of exploding dice has the mean Wald's
// identity gives (the mean of a throw over the chance a throw stops), which
// the distribution to any depth only approaches.
func TestExplodingMeanIsExact(t *testing.T) {
	for _, c := range []struct {
		expr  string
		mean  string
		exact bool
	}{
		{"d6!", "21/5", true},               // 3.5 / (5/6)
		{"3d6!+2", "73/5", true},            // 3 × 4.2 + 2
		{"d10!>8", "55/8", true},            // 5.5 / (8/10)
		{"6d10!10>7", "2", true},            // 6 × 0.3 / 0.9
		{"2d6!!", "42/5", true},             // compounding adds the same throws
		{"2*d4!", "20/3", true},             // a product of independent means
		{"4d6!kh3", "", false},              // keeping has no formula: the mean within the depth
		{"{2d6!!}>8", "", false},            // neither has counting compounded totals
		{"4d6kh3+d6!", "106561/6480", true}, // 15869/1296 + 4.2, each part exact
	} {
		e, err := Parse(c.expr, GenericSystem)
		if err != nil {
			t.Fatal(err)
		}
		mean, exact, err := e.Mean()
		if err != nil {
			t.Fatal(err)
		}
		if exact != c.exact || c.exact && lowest(mean) != c.mean {
			t.Errorf("%s: mean %s (exact %v), want %s (exact %v)", c.expr, lowest(mean), exact, c.mean, c.exact)
		}
	}
}

// TestDefaultDepth: the depth leaves at most one chance in 10^12 beyond,
// and says how deep it went.
func TestDefaultDepth(t *testing.T) {
	for _, c := range []struct {
		expr  string
		depth int
	}{
		{"3d6", 0},
		{"3d6!", 15},   // (1/6)^16 < 10^-12 ≤ (1/6)^15
		{"d10!>8", 17}, // (1/5)^18
		{"d100!", DefaultDepth},
		{"d2!", 39},
	} {
		e, err := Parse(c.expr, GenericSystem)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Depth(); got != c.depth {
			t.Errorf("%s: depth %d, want %d", c.expr, got, c.depth)
		}
		d, err := e.Dist()
		if err != nil {
			t.Fatal(err)
		}
		if b := d.Beyond().Float64(); b > 1e-12*3 {
			t.Errorf("%s: %g beyond the depth", c.expr, b)
		}
	}
}

func TestNewNotationErrors(t *testing.T) {
	for _, c := range []struct {
		expr, message string
		col           int
	}{
		{"d6r<7", "rerolls every face", 3},
		{"d6!<7", "every face of the die explodes", 3},
		{"d6!7", "no face of the die explodes", 3},
		{"d6r>1!1", "every face of the die explodes", 6},
		{"4d6!kh3>4", "keep the dice or count their throws", 1},
		{"6d6>4f", `expected the faces "f" counts`, 7},
		{"{2d6, 3d6", `expected "," or "}"`, 10},
		{"{2d6, 3d6}kh3", "cannot keep 3 of 2 members", 13},
		{"2d6>=", `expected a number after ">="`, 6},
	} {
		_, err := Parse(c.expr, GenericSystem)
		if err == nil || !strings.Contains(err.Error(), c.message) {
			t.Errorf("%s: error %v, want %q", c.expr, err, c.message)
			continue
		}
		if col := err.(interface{ Column() int }).Column(); col != c.col {
			t.Errorf("%s: column %d, want %d", c.expr, col, c.col)
		}
	}
}

// TestNewNotationRollsStayInSupport: a thrown roll is always one the exact
// odds give a chance, or one beyond their depth.
func TestNewNotationRollsStayInSupport(t *testing.T) {
	for _, expr := range []string{"3d6!", "d10!>8", "2d6!!", "4d6r1", "4d6ro<2", "4dF", "6d6>4f1", "8d10>7c10",
		"4d6!kh3", "6d10!10>7", "{5d6!!}>8", "{2d20kh1, 1d20+5}kh1", "3d6r1!", "{3d6, 3d6, 3d6}kh2"} {
		e, err := Parse(expr, GenericSystem)
		if err != nil {
			t.Fatal(err)
		}
		d, err := e.Dist()
		if err != nil {
			t.Fatal(err)
		}
		r := NewRoller(7)
		for range 300 {
			v := e.Roll(r).Value
			if v > d.Max() && !d.Complete() {
				continue // beyond the depth
			}
			if d.Prob(v).Sign() == 0 {
				t.Errorf("%s rolled %d, which the odds say cannot happen", expr, v)
				break
			}
		}
	}
}
