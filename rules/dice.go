package rules

import (
	"math"
	"sort"
	"strconv"
	"strings"
)

// dice is a dice term: count dice, each thrown (and rerolled, and exploded)
// to a value, then picked: some kept, summed or counted.
type dice struct {
	col       int
	text      string // the term as written, for the breakdown
	count     int
	die       die
	reroll    *rerollRule
	explosion *explodeRule
	pick      picking
}

// rerollRule throws a die again while (or, once, if) its face meets on.
type rerollRule struct {
	on   condition
	once bool
}

// explodeRule throws one more die each time a throw meets on and adds it:
// each, as a die of its own when the throws are counted (!); else
// compounded into the one die (!!). Either way a die and its explosions are
// kept or dropped together, as Icepool and AnyDice keep them (Roll20 keeps
// or drops each throw of a ! on its own).
type explodeRule struct {
	on   condition
	each bool
}

// MaxExplosions is how often the roller lets one die explode before it
// stops throwing: a chance below 10⁻⁷⁸ for a d6, and the bound that keeps
// every result within MaxMagnitude.
const MaxExplosions = 100

// picking is what a term does with its dice, or a group with its members,
// once thrown: keep some, then sum them or count those that pass.
type picking struct {
	kept        int
	keepHighest bool
	counting    bool
	success     condition
	failure     *condition // each failure takes one away (f)
	twice       *condition // a success meeting it counts twice (c)
}

// score is what one kept value adds to the term.
func (p picking) score(v int64) int64 {
	if !p.counting {
		return v
	}
	var s int64
	if p.success.holds(v) {
		s++
		if p.twice != nil && p.twice.holds(v) {
			s++
		}
	}
	if p.failure != nil && p.failure.holds(v) {
		s--
	}
	return s
}

// scoreBounds returns the least and greatest score of one value in lo..hi.
func (p picking) scoreBounds(lo, hi int64) (int64, int64) {
	if !p.counting {
		return lo, hi
	}
	least, most := int64(0), int64(1)
	if p.failure != nil {
		least = -1
	}
	if p.twice != nil {
		most = 2
	}
	return least, most
}

// throwRange returns the least and greatest face one throw can show.
func (d *dice) throwRange() (lo, hi int64) { return d.die.first, d.die.last() }

// valueBounds returns the least and greatest value of one die with its
// explosions, as the roller can throw it: at most MaxExplosions of them.
// When each throw is counted the value is the count.
func (d *dice) valueBounds() (lo, hi int64) {
	lo, hi = d.throwRange()
	if d.explosion != nil && d.explosion.each && d.pick.counting {
		lo, hi = d.pick.scoreBounds(lo, hi)
	}
	if d.explosion != nil {
		lo += MaxExplosions * min(0, lo)
		hi += MaxExplosions * max(0, hi)
	}
	return lo, hi
}

func (d *dice) bounds() (int64, int64) {
	lo, hi := d.valueBounds()
	if d.pick.counting && (d.explosion == nil || !d.explosion.each) {
		lo, hi = d.pick.scoreBounds(lo, hi)
	}
	return int64(d.pick.kept) * lo, int64(d.pick.kept) * hi
}

// plain reports whether every throw is a plain face, nothing rerolled or
// exploded, for the fast ways of computing sums and counts.
func (d *dice) plain() bool { return d.reroll == nil && d.explosion == nil }

// throwWeights returns the ways each face of one throw shows once rerolls
// are done, over all the ways a throw can go. A recursive reroll leaves the
// other faces equally likely; one reroll of k faces of s gives a face that
// is not rerolled s+k ways in s², one that is k ways.
func (d *dice) throwWeights() (faces []int64, weights []uint64, all uint64) {
	sides := uint64(d.die.sides)
	var rerolled uint64
	if d.reroll != nil {
		rerolled = uint64(d.reroll.on.count(d.die))
	}
	// A die may have a million faces: grown one at a time, the slices
	// would be copied twenty times over.
	faces, weights = make([]int64, 0, sides), make([]uint64, 0, sides)
	for face := d.die.first; face <= d.die.last(); face++ {
		var w uint64 = 1
		if d.reroll != nil {
			hit := d.reroll.on.holds(face)
			switch {
			case !d.reroll.once && hit:
				continue
			case d.reroll.once && hit:
				w = rerolled
			case d.reroll.once:
				w = sides + rerolled
			}
		}
		if w > 0 {
			faces, weights = append(faces, face), append(weights, w)
			all += w
		}
	}
	return faces, weights, all
}

// explodeChance returns the chance that one throw explodes, as a float, to
// choose how deep to follow the explosions.
func (d *dice) explodeChance() float64 {
	faces, weights, all := d.throwWeights()
	var exploding uint64
	for i, face := range faces {
		if d.explosion.on.holds(face) {
			exploding += weights[i]
		}
	}
	return float64(exploding) / float64(all)
}

// dieDist returns the distribution of one die's value: its face after
// rerolls or, exploding, the sum of its throws (the count of their
// successes when each is counted) followed through depth explosions, over
// all^(depth+1) ways, those of more explosions left beyond.
func (d *dice) dieDist(depth int) *Dist {
	faces, weights, all := d.throwWeights()
	if d.explosion == nil {
		ways := make(map[int64]int64, len(faces))
		for i, face := range faces {
			ways[face] = int64(weights[i])
		}
		return weightedDist(ways)
	}
	value := func(face int64) int64 { return face }
	if d.explosion.each && d.pick.counting {
		value = d.pick.score
	}
	// prefix[v] counts the ways the throws so far, all of which exploded,
	// add up to v.
	prefix := map[int64]nat{0: natOf(1)}
	result := newSparseAccumulator()
	allWays := natOf(all)
	for k := 0; k <= depth; k++ {
		unthrown := natOf(1) // the throws left after this one, never made
		for range depth - k {
			unthrown = unthrown.times(allWays)
		}
		next := map[int64]nat{}
		for v, ways := range prefix {
			for i, face := range faces {
				w := natOf(weights[i])
				if !d.explosion.on.holds(face) {
					result.add(v+value(face), ways.times(w).times(unthrown))
				} else if k < depth {
					next[v+value(face)] = next[v+value(face)].plusProduct(ways, w)
				}
			}
		}
		prefix = next
	}
	total := natOf(1)
	for range depth + 1 {
		total = total.times(allWays)
	}
	return result.distOver(total)
}

// dieCost estimates the work of dieDist: at each depth every partial sum
// meets every face.
func (d *dice) dieCost(depth int) (cost, outcomes float64) {
	faces := float64(d.die.sides)
	if d.explosion == nil {
		return faces, faces
	}
	lo, hi := d.throwRange()
	width := float64(hi-lo) + 1
	if d.explosion.each && d.pick.counting {
		width = 4
	}
	for k := 0; k <= depth; k++ {
		cost += float64(k)*width*faces + faces
	}
	return cost * wordCost(d.dieBits(depth)), float64(depth+1) * width
}

// dieBits is the size in bits of the ways one die is counted over: all the
// ways a throw can go, to the power of the throws followed.
func (d *dice) dieBits(depth int) int {
	_, _, all := d.throwWeights()
	return int(math.Ceil(float64(depth+1) * math.Log2(float64(all)+1)))
}

func (d *dice) estimate(work *workTally, depth int) estimate {
	lo, hi := d.bounds()
	span := float64(hi - lo + 1)
	bits := d.count * bitLen(d.die.sides)
	switch {
	case d.plain() && d.pick.kept < d.count:
		width := d.die.sides - 1
		if d.pick.counting {
			width = 2
		}
		work.add(d.col, keepCost(d.count, d.pick.kept, d.die.sides, width))
	case d.plain() && d.pick.counting && d.pick.failure == nil && d.pick.twice == nil:
		work.add(d.col, binomialCost(d.count, d.die.sides))
	case d.plain() && !d.pick.counting:
		work.add(d.col, uniformSumCost(d.count, d.die.sides))
	default:
		one, outcomes := d.dieCost(depth)
		work.add(d.col, one)
		perDie := d.dieBits(depth)
		bits = d.count * perDie
		if d.pick.kept < d.count {
			work.add(d.col, keepCost(d.count, d.pick.kept, int(outcomes), int(outcomes)))
		} else {
			// Each die added meets every outcome of the sum so far, whose
			// counts have grown by a die's bits each time.
			for k := 1; k < d.count; k++ {
				work.add(d.col, float64(k)*outcomes*outcomes*wordCost(k*perDie))
			}
		}
		span = math.Min(span, float64(d.count)*outcomes*float64(d.count))
	}
	return estimate{outcomes: span, bits: bits}
}

func (d *dice) dist(depth int) *Dist {
	p := d.pick
	switch {
	case d.plain() && p.kept < d.count:
		return keepDist(d.count, p.kept, d.die.faces(p.keepHighest), p.score)
	case d.plain() && p.counting && p.failure == nil && p.twice == nil:
		var hits int64
		for _, face := range d.die.faces(true) {
			hits += p.score(face)
		}
		return binomialDist(d.count, hits, int64(d.die.sides)-hits)
	case d.plain() && !p.counting:
		return uniformSum(d.count, d.die.first, d.die.last())
	}
	one := d.dieDist(depth)
	score := p.score
	if d.explosion != nil && d.explosion.each {
		score = func(v int64) int64 { return v } // the throws were counted as they fell
	}
	if p.kept < d.count {
		faces, weights := one.values, one.counts
		past := one.total.clone().minus(one.resolved())
		if p.keepHighest {
			faces, weights = reversed(faces), reversed(weights)
		}
		return keepWeighted(d.count, p.kept, faces, weights, past, p.keepHighest, score)
	}
	return one.mapped(score).repeated(d.count)
}

// reversed returns a reversed copy of s.
func reversed[T any](s []T) []T {
	r := make([]T, len(s))
	for i, v := range s {
		r[len(s)-1-i] = v
	}
	return r
}

// linearMean returns the exact mean of the term when it is a sum of each
// die's value or score, as a formula gives it even for exploding dice: by
// Wald's identity a die's value is the mean of one throw over the chance a
// throw does not explode. ok is false when the term keeps some dice or
// counts compounded totals, whose mean has no such formula.
func (d *dice) linearMean() (Ratio, bool) {
	if d.explosion == nil {
		return d.dist(0).Mean(), true // nothing lies beyond
	}
	if d.pick.kept < d.count || (d.pick.counting && !d.explosion.each) {
		return Ratio{}, false
	}
	faces, weights, _ := d.throwWeights()
	sum, stops := whole(0), int64(0)
	for i, face := range faces {
		value := face
		if d.pick.counting {
			value = d.pick.score(face)
		}
		sum = sum.plus(whole(value * int64(weights[i])))
		if d.explosion == nil || !d.explosion.on.holds(face) {
			stops += int64(weights[i])
		}
	}
	return sum.over(whole(stops)).times(whole(int64(d.count))), true
}

func (d *dice) roll(r *Roller, rec *recorder) int64 {
	scored := d.explosion != nil && d.explosion.each && d.pick.counting // each throw scored as it falls
	values := make([]int64, d.count)
	shown := make([]string, d.count)
	recorded := make([]int, d.count+1) // die i's physical dice are rec.dice[recorded[i]:recorded[i+1]]
	for i := range values {
		recorded[i] = len(rec.dice)
		var throws []string
		for n := 0; ; n++ {
			face := d.throw(r, rec, &throws)
			if scored {
				values[i] += d.pick.score(face)
			} else {
				values[i] += face
			}
			if d.explosion == nil || !d.explosion.on.holds(face) || n == MaxExplosions {
				break
			}
			throws[len(throws)-1] += "!"
		}
		shown[i] = strings.Join(throws, "+")
		if len(throws) > 1 && !scored {
			shown[i] += "=" + strconv.FormatInt(values[i], 10)
		}
	}
	recorded[d.count] = len(rec.dice)
	dropped := droppedDice(values, d.pick.kept, d.pick.keepHighest)
	for i := range values {
		for j := recorded[i]; j < recorded[i+1] && dropped[i]; j++ {
			rec.dice[j].Dropped = true
		}
	}
	total := d.pick.total(values, dropped, scored)
	var line strings.Builder
	line.WriteString(d.text + ": " + showPicked(shown, dropped))
	switch {
	case d.pick.counting && d.pick.failure == nil && d.pick.twice == nil:
		line.WriteString(" → " + counted(total, "die ", "dice ") + d.pick.success.op + " " + strconv.FormatInt(d.pick.success.value, 10))
	case d.pick.counting:
		line.WriteString(" → " + strconv.FormatInt(total, 10) + " net")
	case d.count > 1 || d.explosion != nil:
		line.WriteString(" = " + strconv.FormatInt(total, 10))
	}
	rec.line(line.String())
	return total
}

// throw throws the die once with its rerolls, records the dice and the
// faces shown (a rerolled face and the one that replaced it as "1→4"), and
// returns the face that stands.
func (d *dice) throw(r *Roller, rec *recorder, shown *[]string) int64 {
	face := r.face(d.die)
	rec.die(d.text, d.die, face, false)
	text := d.die.faceText(face)
	for rerolls := 0; d.reroll != nil && d.reroll.on.holds(face) && !(d.reroll.once && rerolls == 1); rerolls++ {
		rec.dice[len(rec.dice)-1].Dropped = true
		if d.die.hasTensDie() {
			rec.dice[len(rec.dice)-2].Dropped = true
		}
		face = r.face(d.die)
		rec.die(d.text, d.die, face, false)
		text += "→" + d.die.faceText(face)
	}
	*shown = append(*shown, text)
	return face
}

// total adds up, or counts, the values not dropped. Values that are scores
// already (each throw counted) are added.
func (p picking) total(values []int64, dropped []bool, scored bool) int64 {
	var total int64
	for i, v := range values {
		if dropped[i] {
			continue
		}
		if scored {
			total += v
		} else {
			total += p.score(v)
		}
	}
	return total
}

// showPicked writes the dice of a term for a breakdown: "kept 9 7, dropped
// 2" when a keep rule dropped some.
func showPicked(shown []string, dropped []bool) string {
	var kept, set []string
	for i, s := range shown {
		if dropped[i] {
			set = append(set, s)
		} else {
			kept = append(kept, s)
		}
	}
	if len(set) == 0 {
		return strings.Join(kept, " ")
	}
	return "kept " + strings.Join(kept, " ") + ", dropped " + strings.Join(set, " ")
}

// droppedDice marks the dice a keep rule sets aside: all but the kept highest
// (or lowest). Among equal values the later die is dropped first.
func droppedDice(values []int64, kept int, keepHighest bool) []bool {
	order := make([]int, len(values))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		if keepHighest {
			return values[order[i]] > values[order[j]]
		}
		return values[order[i]] < values[order[j]]
	})
	dropped := make([]bool, len(values))
	for _, i := range order[kept:] {
		dropped[i] = true
	}
	return dropped
}

// faceText writes a face for a breakdown, a decile die's with its tens and
// ones, a Fudge die's as +, 0 or −.
func (d die) faceText(face int64) string {
	switch {
	case d.fudge:
		return [...]string{"−", "0", "+"}[face+1]
	case d.hasTensDie():
		return strconv.FormatInt(face, 10) + " (tens " + strconv.FormatInt(face/10, 10) + ", ones " + strconv.FormatInt(face%10, 10) + ")"
	}
	return strconv.FormatInt(face, 10)
}

// show writes thrown faces for a breakdown, as showPicked does.
func (d die) show(faces []int64, dropped []bool) string {
	shown := make([]string, len(faces))
	for i, face := range faces {
		shown[i] = d.faceText(face)
	}
	return showPicked(shown, dropped)
}
