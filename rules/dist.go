package rules

import (
	"math"
	"math/bits"
	"sort"
)

// Dist is an exact probability distribution over integer outcomes: for each
// outcome, the number of equally likely ways it happens, over the total number
// of ways (the common denominator). Counts are of any size (nat) because the
// tables a book prints ask for exact odds of rolls such as 100d6, whose
// 6^100 ways overflow any machine integer.
//
// A Dist is immutable once built. Named rolls use a Dist over outcome
// indices; see Expr.Outcomes.
//
// A roll with exploding dice has no largest outcome: its Dist follows each
// die through a stated number of explosions, and the ways in which some die
// explodes further are in the total but in no outcome's count. Beyond gives
// their probability, so every query answers exactly for the rolls within
// the depth and says how much lies past it.
type Dist struct {
	values []int64 // ascending, distinct
	counts []nat   // counts[i] is the number of ways to get values[i]; never zero
	total  nat     // the common denominator: the sum of counts and of the ways beyond
}

// Beyond returns the probability of the rolls the distribution does not
// follow: some exploding die exploding more often than the depth it was
// computed to. It is zero for every roll without exploding dice.
func (d *Dist) Beyond() Ratio { return ratio(d.total.clone().minus(d.resolved()), d.total) }

// Complete reports whether the outcomes account for every way the dice can
// fall, nothing lying beyond them.
func (d *Dist) Complete() bool { return d.resolved().cmp(d.total) == 0 }

// resolved returns the ways of the outcomes the distribution follows.
func (d *Dist) resolved() nat {
	var ways nat
	for _, c := range d.counts {
		ways = ways.plus(c)
	}
	return ways
}

// Len returns the number of distinct outcomes that can happen.
func (d *Dist) Len() int { return len(d.values) }

// Value returns the i-th outcome in ascending order.
func (d *Dist) Value(i int) int64 { return d.values[i] }

// Chance returns the exact probability of the i-th outcome, over the
// distribution's common denominator.
func (d *Dist) Chance(i int) Ratio { return ratio(d.counts[i], d.total) }

// Min returns the smallest outcome that can happen.
func (d *Dist) Min() int64 { return d.values[0] }

// Max returns the largest outcome that can happen.
func (d *Dist) Max() int64 { return d.values[len(d.values)-1] }

// Prob returns the exact probability of the outcome v (zero if it cannot
// happen).
func (d *Dist) Prob(v int64) Ratio {
	if i := d.index(v); i < len(d.values) && d.values[i] == v {
		return d.Chance(i)
	}
	return ratio(nil, d.total)
}

// ProbAtLeast returns the exact probability of an outcome of v or more, the
// question a success table asks of a roll against a target.
func (d *Dist) ProbAtLeast(v int64) Ratio {
	return d.probOfRange(d.index(v), len(d.values))
}

// ProbAtMost returns the exact probability of an outcome of v or less.
func (d *Dist) ProbAtMost(v int64) Ratio {
	above := sort.Search(len(d.values), func(i int) bool { return d.values[i] > v })
	return d.probOfRange(0, above)
}

// Mean returns the exact expected outcome. Of a distribution that is not
// Complete it returns what the outcomes it follows contribute, which the
// rolls beyond them would add to.
func (d *Dist) Mean() Ratio {
	var above, below nat // the weighted sums of the positive and negative outcomes
	for i, v := range d.values {
		switch {
		case v > 0:
			above = above.plusProduct(d.counts[i], natOf(uint64(v)))
		case v < 0:
			below = below.plusProduct(d.counts[i], natOf(uint64(-v)))
		}
	}
	if above.cmp(below) >= 0 {
		return ratio(above.minus(below), d.total)
	}
	mean := ratio(below.minus(above), d.total)
	mean.negative = true
	return mean
}

// index returns the position of the first outcome not below v.
func (d *Dist) index(v int64) int {
	return sort.Search(len(d.values), func(i int) bool { return d.values[i] >= v })
}

func (d *Dist) probOfRange(from, to int) Ratio {
	var ways nat
	for i := from; i < to; i++ {
		ways = ways.plus(d.counts[i])
	}
	return ratio(ways, d.total)
}

// constantDist is the distribution of a number that is not rolled.
func constantDist(v int64) *Dist {
	return &Dist{values: []int64{v}, counts: []nat{natOf(1)}, total: natOf(1)}
}

// uniformDist is one die with the faces lo..hi.
func uniformDist(lo, hi int64) *Dist {
	counts := make([]nat, hi-lo+1)
	for i := range counts {
		counts[i] = natOf(1)
	}
	return denseDist(lo, counts)
}

// weightedDist is a distribution given as ways per outcome (outcomes with no
// ways are left out).
func weightedDist(ways map[int64]int64) *Dist {
	acc := newSparseAccumulator()
	for v, n := range ways {
		acc.add(v, natOf(uint64(n)))
	}
	return acc.dist()
}

// denseDist builds a Dist from the ways of the outcomes lo, lo+1, …, taking
// ownership of counts and leaving out outcomes with no ways.
func denseDist(lo int64, counts []nat) *Dist {
	d := &Dist{}
	kept := 0
	for i := range counts {
		if counts[i].isZero() {
			continue
		}
		d.values = append(d.values, lo+int64(i))
		counts[kept] = counts[i]
		d.total = d.total.plus(counts[kept])
		kept++
	}
	d.counts = counts[:kept:kept]
	return d
}

// plus returns the distribution of the sum of independent draws from d and e.
func (d *Dist) plus(e *Dist) *Dist {
	acc := newAccumulator(d.Min()+e.Min(), d.Max()+e.Max(), d.Len()*e.Len())
	for i := range d.values {
		for j := range e.values {
			acc.addProduct(d.values[i]+e.values[j], d.counts[i], e.counts[j])
		}
	}
	return acc.distOver(d.total.times(e.total))
}

// times returns the distribution of the product of independent draws from d
// and e.
func (d *Dist) times(e *Dist) *Dist {
	lo, hi := productBounds(d.Min(), d.Max(), e.Min(), e.Max())
	acc := newAccumulator(lo, hi, d.Len()*e.Len())
	for i := range d.values {
		for j := range e.values {
			acc.addProduct(d.values[i]*e.values[j], d.counts[i], e.counts[j])
		}
	}
	return acc.distOver(d.total.times(e.total))
}

// joined returns the distribution of f applied to independent draws from d
// and e: plus and times for any way of combining two results.
func (d *Dist) joined(e *Dist, f func(a, b int64) int64) *Dist {
	acc := newSparseAccumulator()
	for i := range d.values {
		for j := range e.values {
			acc.addProduct(f(d.values[i], e.values[j]), d.counts[i], e.counts[j])
		}
	}
	return acc.distOver(d.total.times(e.total))
}

// negated returns the distribution of minus a draw from d.
func (d *Dist) negated() *Dist {
	n := len(d.values)
	neg := &Dist{values: make([]int64, n), counts: make([]nat, n), total: d.total}
	for i := range d.values {
		neg.values[n-1-i] = -d.values[i]
		neg.counts[n-1-i] = d.counts[i]
	}
	return neg
}

// mapped returns the distribution of f applied to a draw from d: the ways of
// outcomes that f sends to the same value add up. It is how a system turns a
// numeric distribution into one over its named outcomes.
func (d *Dist) mapped(f func(int64) int64) *Dist {
	acc := newSparseAccumulator()
	for i := range d.values {
		acc.add(f(d.values[i]), d.counts[i])
	}
	return acc.distOver(d.total)
}

// scaled returns d with every count, and so the total, multiplied by
// factor: the same distribution over a denominator factor times larger, as
// when dice are thrown that do not count. It lets distributions over
// different numbers of dice share one denominator, as mixture needs.
func (d *Dist) scaled(factor nat) *Dist {
	s := &Dist{values: d.values, counts: make([]nat, len(d.counts)), total: d.total.times(factor)}
	for i, c := range d.counts {
		s.counts[i] = c.times(factor)
	}
	return s
}

// mixture returns the distribution of drawing v from d, then an outcome
// from component(v), as when what is rolled depends on an earlier roll;
// component is called once for each v, in ascending order. The
// ways of an outcome are the products of the two draws' ways, which are
// counted over one denominator only if every component has the same total:
// it panics otherwise, as a mistake of the caller's (scaled evens them).
func (d *Dist) mixture(component func(v int64) *Dist) *Dist {
	components := make([]*Dist, len(d.values))
	lo, hi, entries := int64(math.MaxInt64), int64(math.MinInt64), 0
	for i, v := range d.values {
		c := component(v)
		if i > 0 && c.total.cmp(components[0].total) != 0 {
			panic("rules: a mixture of distributions over different totals")
		}
		components[i] = c
		lo, hi, entries = min(lo, c.Min()), max(hi, c.Max()), entries+c.Len()
	}
	acc := newAccumulator(lo, hi, entries)
	for i, c := range components {
		for j := range c.values {
			acc.addProduct(c.values[j], d.counts[i], c.counts[j])
		}
	}
	return acc.distOver(d.total.times(components[0].total))
}

// repeated returns the distribution of the sum of n independent draws from d.
func (d *Dist) repeated(n int) *Dist {
	sum := constantDist(0)
	for range n {
		sum = sum.plus(d)
	}
	return sum
}

// pairCost estimates the work of plus or times on distributions of up to
// left and right outcomes whose denominators have up to bits bits together,
// at perPair units of work per pair.
func pairCost(left, right float64, bits int, perPair float64) float64 {
	return perPair * left * right * wordCost(bits)
}

// productPairCost is the work of one pair of a product relative to one of a
// sum: products scatter into many more outcomes, each a new nat, and
// measure about ten times slower.
const productPairCost = 10

// productBounds returns the least and greatest of the products of a value in
// lo1..hi1 with one in lo2..hi2.
func productBounds(lo1, hi1, lo2, hi2 int64) (lo, hi int64) {
	lo, hi = lo1*lo2, lo1*lo2
	for _, p := range [...]int64{lo1 * hi2, hi1 * lo2, hi1 * hi2} {
		lo, hi = min(lo, p), max(hi, p)
	}
	return lo, hi
}

// uniformSum returns the distribution of the sum of n dice with the faces
// lo..hi. Adding one die is a sliding-window sum over the previous counts, so
// the cost does not grow with the number of faces per outcome: 100d6 adds 100
// windows over at most 501 outcomes.
func uniformSum(n int, lo, hi int64) *Dist {
	faces := int(hi - lo + 1)
	counts := []nat{natOf(1)}
	var window nat
	for range n {
		next := make([]nat, len(counts)+faces-1)
		window = window[:0]
		for j := range next {
			if j < len(counts) {
				window = window.plus(counts[j])
			}
			if j >= faces {
				window = window.minus(counts[j-faces])
			}
			next[j] = window.clone()
		}
		counts = next
	}
	return denseDist(int64(n)*lo, counts)
}

// uniformSumCost estimates the work of uniformSum: each die touches every
// outcome of the sum so far twice, with counts that grow by log2(faces) bits.
func uniformSumCost(n, faces int) float64 {
	bitsPerDie := bitLen(faces)
	cost := 0.0
	for k := 1; k <= n; k++ {
		cost += 2 * float64(k*(faces-1)+1) * wordCost(k*bitsPerDie)
	}
	return cost
}

// binomialDist returns the distribution of the number of hits among n dice
// when each die has hit ways to hit and miss ways to miss: the success count
// of a dice pool, in closed form C(n,j)·hit^j·miss^(n−j).
func binomialDist(n int, hit, miss int64) *Dist {
	hits := powers(uint64(hit), n)
	misses := powers(uint64(miss), n)
	row := binomialRow(n)
	counts := make([]nat, n+1)
	for j := range counts {
		counts[j] = row[j].times(hits[j]).times(misses[n-j])
	}
	return denseDist(0, counts)
}

// binomialCost estimates the work of binomialDist for n dice of the given
// number of faces: a few products per outcome.
func binomialCost(n, faces int) float64 {
	return 4 * float64(n+1) * wordCost(n*bitLen(faces))
}

// powers returns base^0 … base^n.
func powers(base uint64, n int) []nat { return powersOf(natOf(base), n) }

// binomialRow returns C(n,0) … C(n,n).
func binomialRow(n int) []nat {
	row := make([]nat, n+1)
	row[0] = natOf(1)
	for k := 1; k <= n; k++ {
		row[k], _ = row[k-1].timesWord(uint64(n - k + 1)).quoWord(uint64(k))
	}
	return row
}

// bitLen returns the number of bits needed to write n.
func bitLen(n int) int { return bits.Len(uint(n)) }

// accumulator gathers ways per outcome while a distribution is being built:
// in a dense array when the outcomes are packed together (sums of dice), in a
// map when they are scattered (products).
type accumulator struct {
	lo     int64
	dense  []nat
	sparse map[int64]nat
}

// maxDenseSpan bounds the dense array an accumulator may allocate (each
// entry is a nat of at least 24 bytes).
const maxDenseSpan = 1 << 20

// newAccumulator prepares for outcomes in lo..hi, of which at most entries
// distinct ones will be added.
func newAccumulator(lo, hi int64, entries int) *accumulator {
	span := hi - lo + 1
	if span <= maxDenseSpan && span <= 4*int64(entries)+64 {
		return &accumulator{lo: lo, dense: make([]nat, span)}
	}
	return newSparseAccumulator()
}

func newSparseAccumulator() *accumulator {
	return &accumulator{sparse: make(map[int64]nat)}
}

// add adds ways to the outcome v.
func (a *accumulator) add(v int64, ways nat) {
	if a.dense != nil {
		a.dense[v-a.lo] = a.dense[v-a.lo].plus(ways)
		return
	}
	a.sparse[v] = a.sparse[v].plus(ways)
}

// addProduct adds x·y ways to the outcome v.
func (a *accumulator) addProduct(v int64, x, y nat) {
	if a.dense != nil {
		a.dense[v-a.lo] = a.dense[v-a.lo].plusProduct(x, y)
		return
	}
	a.sparse[v] = a.sparse[v].plusProduct(x, y)
}

// distOver returns the distribution over the denominator total, which
// counts the ways beyond its outcomes too (see Dist.Beyond).
func (a *accumulator) distOver(total nat) *Dist {
	d := a.dist()
	d.total = total
	return d
}

func (a *accumulator) dist() *Dist {
	if a.dense != nil {
		return denseDist(a.lo, a.dense)
	}
	values := make([]int64, 0, len(a.sparse))
	for v, ways := range a.sparse {
		if !ways.isZero() {
			values = append(values, v)
		}
	}
	sort.Slice(values, func(i, j int) bool { return values[i] < values[j] })
	d := &Dist{values: values, counts: make([]nat, len(values))}
	for i, v := range values {
		d.counts[i] = a.sparse[v]
		d.total = d.total.plus(d.counts[i])
	}
	return d
}
