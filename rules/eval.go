package rules

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Expr is a parsed dice expression: a numeric expression such as 3d12kh2+1
// or a named roll such as "fd100 effort=60 resistance=40". Parse it once and
// ask for its exact odds or roll it as often as needed.
type Expr struct {
	source  string
	system  System
	numeric node      // set for a numeric expression
	named   namedRoll // set for a named roll
}

// Parse reads source in the given system context. Errors are *SyntaxError
// for an expression galley cannot read and *LimitError for one too large to
// roll; both carry the column to point at.
func Parse(source string, system System) (*Expr, error) {
	if utf8.RuneCountInString(source) > MaxLength {
		return nil, &LimitError{Col: MaxLength + 1, Msg: "an expression longer than " + strconv.Itoa(MaxLength) + " characters"}
	}
	e := &Expr{source: source, system: system}
	named, err := parseNamed(source, system)
	if err != nil {
		return nil, err
	}
	if named != nil {
		e.named = named
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
func (e *Expr) Dist() (*Dist, error) {
	if e.named != nil {
		return e.named.dist(), nil
	}
	var work workTally
	e.numeric.estimate(&work)
	if err := work.refuse(); err != nil {
		return nil, err
	}
	return e.numeric.dist(), nil
}

// node is one part of a numeric expression.
type node interface {
	// bounds returns the least and greatest values the node can take; the
	// parser checks them so that evaluation never overflows.
	bounds() (lo, hi int64)
	// estimate bounds what dist will give and adds what it will take to
	// work, without doing it.
	estimate(work *workTally) estimate
	dist() *Dist
	roll(r *Roller, rec *recorder) int64
}

// number is a constant.
type number struct{ value int64 }

func (n *number) bounds() (int64, int64)        { return n.value, n.value }
func (n *number) estimate(*workTally) estimate  { return estimate{outcomes: 1, bits: 1} }
func (n *number) dist() *Dist                   { return constantDist(n.value) }
func (n *number) roll(*Roller, *recorder) int64 { return n.value }

// negation is unary minus.
type negation struct{ operand node }

func (n *negation) roll(r *Roller, rec *recorder) int64 { return -n.operand.roll(r, rec) }

func (n *negation) bounds() (int64, int64) {
	lo, hi := n.operand.bounds()
	return -hi, -lo
}

func (n *negation) estimate(work *workTally) estimate { return n.operand.estimate(work) }

func (n *negation) dist() *Dist { return n.operand.dist().negated() }

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

func (n *binary) estimate(work *workTally) estimate {
	left, right := n.left.estimate(work), n.right.estimate(work)
	perPair := 1.0
	if n.op == tokenTimes {
		perPair = productPairCost
	}
	work.add(n.col, pairCost(left.outcomes, right.outcomes, left.bits+right.bits, perPair))
	return estimate{outcomes: min(left.outcomes*right.outcomes, float64(n.hi-n.lo+1)), bits: left.bits + right.bits}
}

func (n *binary) dist() *Dist {
	left, right := n.left.dist(), n.right.dist()
	switch n.op {
	case tokenPlus:
		return left.plus(right)
	case tokenMinus:
		return left.plus(right.negated())
	}
	return left.times(right)
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

// dice is a dice term: count dice, of which kept are kept (the highest or the
// lowest), summed or, when counting, counted where their face passes the
// comparison.
type dice struct {
	col         int
	text        string // the term as written, for the breakdown
	count       int
	die         die
	kept        int
	keepHighest bool
	counting    bool
	comparison  string // > >= < <=
	threshold   int64
}

func (d *dice) bounds() (int64, int64) {
	if d.counting {
		return 0, int64(d.kept)
	}
	return int64(d.kept) * d.die.first, int64(d.kept) * d.die.last()
}

// score is what one kept die adds to the term.
func (d *dice) score(face int64) int64 {
	if !d.counting {
		return face
	}
	if d.passes(face) {
		return 1
	}
	return 0
}

func (d *dice) passes(face int64) bool {
	switch d.comparison {
	case ">":
		return face > d.threshold
	case ">=":
		return face >= d.threshold
	case "<":
		return face < d.threshold
	}
	return face <= d.threshold
}

func (d *dice) estimate(work *workTally) estimate {
	switch {
	case d.kept < d.count:
		width := d.die.sides - 1
		if d.counting {
			width = 1
		}
		work.add(d.col, keepCost(d.count, d.kept, d.die.sides, width))
	case d.counting:
		work.add(d.col, binomialCost(d.count, d.die.sides))
	default:
		work.add(d.col, uniformSumCost(d.count, d.die.sides))
	}
	lo, hi := d.bounds()
	return estimate{outcomes: float64(hi - lo + 1), bits: d.count * bitLen(d.die.sides)}
}

func (d *dice) dist() *Dist {
	switch {
	case d.kept < d.count:
		return keepDist(d.count, d.kept, d.die.faces(d.keepHighest), d.score)
	case d.counting:
		var hits int64
		for _, face := range d.die.faces(true) {
			hits += d.score(face)
		}
		return binomialDist(d.count, hits, int64(d.die.sides)-hits)
	}
	return uniformSum(d.count, d.die.first, d.die.last())
}

func (d *dice) roll(r *Roller, rec *recorder) int64 {
	faces := make([]int64, d.count)
	for i := range faces {
		faces[i] = r.face(d.die)
	}
	dropped := droppedDice(faces, d.kept, d.keepHighest)
	var total int64
	for i, face := range faces {
		rec.die(d.text, d.die, face, dropped[i])
		if !dropped[i] {
			total += d.score(face)
		}
	}
	var line strings.Builder
	line.WriteString(d.text + ": " + d.die.show(faces, dropped))
	if d.counting {
		line.WriteString(" → " + counted(total, "die ", "dice ") + d.comparison + " " + strconv.FormatInt(d.threshold, 10))
	} else if d.count > 1 {
		line.WriteString(" = " + strconv.FormatInt(total, 10))
	}
	rec.line(line.String())
	return total
}

// droppedDice marks the dice a keep rule sets aside: all but the kept highest
// (or lowest). Among equal faces the later die is dropped first.
func droppedDice(faces []int64, kept int, keepHighest bool) []bool {
	order := make([]int, len(faces))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		if keepHighest {
			return faces[order[i]] > faces[order[j]]
		}
		return faces[order[i]] < faces[order[j]]
	})
	dropped := make([]bool, len(faces))
	for _, i := range order[kept:] {
		dropped[i] = true
	}
	return dropped
}

// show writes rolled faces for a breakdown: "kept 9 7, dropped 2" when a
// keep rule dropped some, and each decile die with its tens and ones.
func (d die) show(faces []int64, dropped []bool) string {
	var kept, set []string
	for i, face := range faces {
		text := strconv.FormatInt(face, 10)
		if d.hasTensDie() {
			text += " (tens " + strconv.FormatInt(face/10, 10) + ", ones " + strconv.FormatInt(face%10, 10) + ")"
		}
		if dropped[i] {
			set = append(set, text)
		} else {
			kept = append(kept, text)
		}
	}
	if len(set) == 0 {
		return strings.Join(kept, " ")
	}
	return "kept " + strings.Join(kept, " ") + ", dropped " + strings.Join(set, " ")
}
