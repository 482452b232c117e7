package rules

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// Expr is a parsed dice expression: a numeric expression such as 3d12kh2+1
// or a named roll such as "fd100 effort=60 resistance=40". Parse it once and
// ask for its exact odds or roll it as often as needed.
type Expr struct {
	source      string
	system      System
	numeric     node      // set for a numeric expression
	named       namedRoll // set for a named roll
	namedSystem string    // the system whose named roll it is
	depth       int       // explosions each exploding die is followed through; 0 until chosen
}

// Parse reads source in the given system context. Errors are *SyntaxError
// for an expression galley cannot read and *LimitError for one too large to
// roll; both carry the column to point at.
func Parse(source string, system System) (*Expr, error) {
	if utf8.RuneCountInString(source) > MaxLength {
		return nil, &LimitError{Col: MaxLength + 1, Msg: "an expression longer than " + strconv.Itoa(MaxLength) + " characters"}
	}
	e := &Expr{source: source, system: system}
	named, namedSystem, err := parseNamed(source, system)
	if err != nil {
		return nil, err
	}
	if named != nil {
		e.named, e.namedSystem = named, namedSystem
		return e, nil
	}
	if e.numeric, err = parseNotation(source, system); err != nil {
		return nil, err
	}
	return e, nil
}

// Source returns the expression as written.
func (e *Expr) Source() string { return e.source }

// System returns the context the expression was read in.
func (e *Expr) System() System { return e.system }

// RollSystem names the system whose rules roll the expression: a named
// roll's own ("pool dice=6 difficulty=2" is pool's in any book), else the
// context's.
func (e *Expr) RollSystem() string {
	if e.named != nil {
		return e.namedSystem
	}
	return e.system.String()
}

// Outcomes returns the labels of a named roll, best first; Dist and Roll
// number the outcomes by their index in this list. It is nil for an
// expression whose outcomes are numbers: dice notation, or a named roll that
// comes to a number.
func (e *Expr) Outcomes() []string {
	if e.named == nil {
		return nil
	}
	return e.named.outcomes()
}

// Dist returns the exact distribution of the expression: over values for a
// numeric expression, over indices into Outcomes for a named roll. The error
// is a *LimitError when the exact odds would take too long to compute.
//
// Exploding dice are followed through Depth explosions each; the rolls of
// more lie beyond the distribution (Dist.Beyond).
func (e *Expr) Dist() (*Dist, error) {
	if e.named != nil {
		return e.named.dist(), nil
	}
	var work workTally
	e.numeric.estimate(&work, e.Depth())
	if err := work.refuse(); err != nil {
		return nil, err
	}
	return e.numeric.dist(e.Depth()), nil
}

// Explodes reports whether the expression has exploding dice, whose odds
// are exact to a depth.
func (e *Expr) Explodes() bool { return e.numeric != nil && len(explodingDice(e.numeric)) > 0 }

// DefaultDepth is the least depth galley follows exploding dice through:
// Icepool's default.
const DefaultDepth = 9

// MaxDepth is the deepest galley follows exploding dice.
const MaxDepth = 100

// beyondBound is the chance past the depth that galley's default depth
// leaves at most, for each exploding die: below what any table prints.
const beyondBound = 1e-12

// Depth returns the number of explosions each exploding die is followed
// through for the exact odds: as SetDepth set it, or else the least depth
// from DefaultDepth at which each die's chance of exploding further is at
// most one in 10¹², so that what lies beyond is below what any table
// prints. It is 0 for an expression without exploding dice.
func (e *Expr) Depth() int {
	if e.depth > 0 || e.numeric == nil {
		return e.depth
	}
	for _, d := range explodingDice(e.numeric) {
		depth := DefaultDepth
		if p := d.explodeChance(); p > 0 {
			// The chance of more than depth explosions is p^(depth+1).
			depth = max(depth, int(math.Ceil(math.Log(beyondBound)/math.Log(p)))-1)
		}
		e.depth = min(max(e.depth, depth), MaxDepth)
	}
	return e.depth
}

// SetDepth sets the number of explosions each exploding die is followed
// through, 1 to MaxDepth.
func (e *Expr) SetDepth(depth int) { e.depth = min(max(depth, 1), MaxDepth) }

// explodingDice lists the dice terms of n that explode.
func explodingDice(n node) []*dice {
	var found []*dice
	walkDice(n, func(d *dice) {
		if d.explosion != nil {
			found = append(found, d)
		}
	})
	return found
}

// walkDice visits every dice term of n, in the order they are written.
func walkDice(n node, visit func(*dice)) {
	switch n := n.(type) {
	case *dice:
		visit(n)
	case *negation:
		walkDice(n.operand, visit)
	case *binary:
		walkDice(n.left, visit)
		walkDice(n.right, visit)
	case *group:
		for _, m := range n.members {
			walkDice(m, visit)
		}
	}
}

// Mean returns the expression's mean and whether it is exact. It is exact
// but for a roll whose exploding dice are kept or whose compounded totals
// are counted: then it is the mean of the rolls within the depth, which is
// as close as Dist.Beyond says.
func (e *Expr) Mean() (Ratio, bool, error) {
	d, err := e.Dist()
	if err != nil {
		return Ratio{}, false, err
	}
	mean, exact := e.meanOf(d)
	return mean, exact, nil
}

// meanOf is Mean for the expression's distribution d.
func (e *Expr) meanOf(d *Dist) (Ratio, bool) {
	if d.Complete() {
		return d.Mean(), true
	}
	if mean, ok := e.numeric.linearMean(); ok {
		return mean, true
	}
	return d.Mean().over(ratio(d.resolved(), d.total)), false
}

// node is one part of a numeric expression.
type node interface {
	// bounds returns the least and greatest values the node can take; the
	// parser checks them so that evaluation never overflows.
	bounds() (lo, hi int64)
	// estimate bounds what dist will give and adds what it will take to
	// work, without doing it; exploding dice are followed through depth
	// explosions each.
	estimate(work *workTally, depth int) estimate
	dist(depth int) *Dist
	// linearMean returns the exact mean where a formula gives it,
	// exploding dice and all; ok is false where none does.
	linearMean() (mean Ratio, ok bool)
	roll(r *Roller, rec *recorder) int64
}

// number is a constant.
type number struct{ value int64 }

func (n *number) bounds() (int64, int64)            { return n.value, n.value }
func (n *number) estimate(*workTally, int) estimate { return estimate{outcomes: 1, bits: 1} }
func (n *number) dist(int) *Dist                    { return constantDist(n.value) }
func (n *number) linearMean() (Ratio, bool)         { return whole(n.value), true }
func (n *number) roll(*Roller, *recorder) int64     { return n.value }

// negation is unary minus.
type negation struct{ operand node }

func (n *negation) roll(r *Roller, rec *recorder) int64 { return -n.operand.roll(r, rec) }

func (n *negation) bounds() (int64, int64) {
	lo, hi := n.operand.bounds()
	return -hi, -lo
}

func (n *negation) estimate(work *workTally, depth int) estimate {
	return n.operand.estimate(work, depth)
}

func (n *negation) dist(depth int) *Dist { return n.operand.dist(depth).negated() }

func (n *negation) linearMean() (Ratio, bool) {
	mean, ok := n.operand.linearMean()
	return whole(-1).times(mean), ok
}

// binary is a sum, difference or product of two independent parts.
type binary struct {
	col         int // the operator's column
	op          tokenKind
	left, right node
	lo, hi      int64
}

// newBinary combines two parts, refusing a result that could leave the
// range galley computes with.
func newBinary(op token, left, right node) (node, error) {
	lo1, hi1 := left.bounds()
	lo2, hi2 := right.bounds()
	n := &binary{col: op.col, op: op.kind, left: left, right: right}
	switch op.kind {
	case tokenPlus:
		n.lo, n.hi = lo1+lo2, hi1+hi2
	case tokenMinus:
		n.lo, n.hi = lo1-hi2, hi1-lo2
	case tokenTimes:
		// Check in floating point first: the int64 product may overflow.
		for _, a := range [...]int64{lo1, hi1} {
			for _, b := range [...]int64{lo2, hi2} {
				if float64(a)*float64(b) > MaxMagnitude || float64(a)*float64(b) < -MaxMagnitude {
					return nil, tooLarge(op.col)
				}
			}
		}
		n.lo, n.hi = productBounds(lo1, hi1, lo2, hi2)
	}
	if n.lo < -MaxMagnitude || n.hi > MaxMagnitude {
		return nil, tooLarge(op.col)
	}
	return n, nil
}

func tooLarge(col int) error {
	return &LimitError{Col: col, Msg: "the result can exceed " + strconv.FormatInt(MaxMagnitude, 10) + " in size"}
}

func (n *binary) bounds() (int64, int64) { return n.lo, n.hi }

func (n *binary) estimate(work *workTally, depth int) estimate {
	left, right := n.left.estimate(work, depth), n.right.estimate(work, depth)
	perPair := 1.0
	if n.op == tokenTimes {
		perPair = productPairCost
	}
	work.add(n.col, pairCost(left.outcomes, right.outcomes, left.bits+right.bits, perPair))
	return estimate{outcomes: min(left.outcomes*right.outcomes, float64(n.hi-n.lo+1)), bits: left.bits + right.bits}
}

func (n *binary) dist(depth int) *Dist {
	left, right := n.left.dist(depth), n.right.dist(depth)
	switch n.op {
	case tokenPlus:
		return left.plus(right)
	case tokenMinus:
		return left.plus(right.negated())
	}
	return left.times(right)
}

// linearMean adds, subtracts or multiplies the means: the parts are
// independent, so the mean of a product is the product of the means.
func (n *binary) linearMean() (Ratio, bool) {
	left, ok := n.left.linearMean()
	right, ok2 := n.right.linearMean()
	if !ok || !ok2 {
		return Ratio{}, false
	}
	switch n.op {
	case tokenPlus:
		return left.plus(right), true
	case tokenMinus:
		return left.plus(whole(-1).times(right)), true
	}
	return left.times(right), true
}

func (n *binary) roll(r *Roller, rec *recorder) int64 {
	left, right := n.left.roll(r, rec), n.right.roll(r, rec)
	switch n.op {
	case tokenPlus:
		return left + right
	case tokenMinus:
		return left - right
	}
	return left * right
}
