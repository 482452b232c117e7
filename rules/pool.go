package rules

import (
	"strconv"
	"strings"
)

// The dice pool with degrees of seed 001 ("Nests & Insects: Metamorphosis"):
// a pool of d6, successes counted, the difficulty (or an opposing pool's
// successes) taken away, and the net read on a six-step scale.

// PoolDegree is a degree of success of the dice pool, worst first. The pool
// names its degrees "Total" where fd100 says "Complete".
type PoolDegree int

// The six degrees of the pool, worst first.
const (
	PoolCriticalFailure PoolDegree = iota
	PoolTotalFailure
	PoolPartialFailure
	PoolPartialSuccess
	PoolTotalSuccess
	PoolCriticalSuccess
)

var poolDegreeNames = []string{"Critical Failure", "Total Failure", "Partial Failure", "Partial Success", "Total Success", "Critical Success"}

// String spells the degree as seed 001's Net Hits table does.
func (d PoolDegree) String() string { return scaleName(poolDegreeNames, int(d)) }

// ParsePoolDegree returns the pool degree spelt exactly name.
func ParsePoolDegree(name string) (PoolDegree, error) {
	i, err := parseScaleName(poolDegreeNames, name, "pool degree of success")
	return PoolDegree(i), err
}

// PoolDegrees lists the pool's degrees best first, the order of its tables.
func PoolDegrees() []PoolDegree {
	return []PoolDegree{PoolCriticalSuccess, PoolTotalSuccess, PoolPartialSuccess, PoolPartialFailure, PoolTotalFailure, PoolCriticalFailure}
}

// PoolDegreeOf returns the degree of a net number of successes ("Net Hits"):
// +5 or more Critical Success, +3 and +4 Total Success, +1 and +2 Partial
// Success, 0 and −1 Partial Failure, −2 and −3 Total Failure, −4 or less
// Critical Failure.
func PoolDegreeOf(net int) PoolDegree {
	switch {
	case net >= 5:
		return PoolCriticalSuccess
	case net >= 3:
		return PoolTotalSuccess
	case net >= 1:
		return PoolPartialSuccess
	case net >= -1:
		return PoolPartialFailure
	case net >= -3:
		return PoolTotalFailure
	}
	return PoolCriticalFailure
}

// PoolSize returns the dice rolled for a base pool with positive and negative
// modifiers: the positive dice are added first, then the negative removed, so
// a pool can shrink to nothing but not below.
func PoolSize(base, positive, negative int) int { return max(0, base+positive-negative) }

// DefaultPoolSuccessFace is the lowest face that counts as a success unless
// a roll says otherwise.
//
// Reading: seed 001 contradicts itself. Its overview counts "4, 5 or 6" as
// successes, its system chapter "5 or 6" twice. The engine takes the success
// face as a parameter (PoolRoll.SuccessFace, success= in a named roll) and
// defaults to the system chapter's 5; the checker flags the contradiction.
const DefaultPoolSuccessFace = 5

// PoolRoll is one roll of the pool: Dice d6 against a Difficulty, or against
// an opposing pool of Opposing dice when Opposed.
type PoolRoll struct {
	Dice        int
	Difficulty  int
	Opposed     bool
	Opposing    int
	SuccessFace int // lowest face that is a success; 0 means DefaultPoolSuccessFace
	// Charging marks a roller at the Charging Disposition, whose every
	// action "receives one automatic success" (seed 001).
	Charging bool
	// Swarms is the defender's Current Swarms, which soak an attack's
	// Wounds one for one (see Wounds).
	Swarms int
}

// automaticSuccesses is what the roller's Disposition adds to the successes
// her dice roll: one while Charging.
func (p PoolRoll) automaticSuccesses() int { return boolIndex(p.Charging) }

func (p PoolRoll) successFace() int {
	if p.SuccessFace == 0 {
		return DefaultPoolSuccessFace
	}
	return p.SuccessFace
}

// Successes counts the faces that are successes.
func (p PoolRoll) Successes(faces []int64) int {
	n := 0
	for _, f := range faces {
		if f >= int64(p.successFace()) {
			n++
		}
	}
	return n
}

// Degree returns the degree of a roll given the successes of the pool and,
// when opposed, of the opposing pool.
func (p PoolRoll) Degree(successes, opposingSuccesses int) PoolDegree {
	return PoolDegreeOf(p.net(successes, opposingSuccesses))
}

// net is the net successes ("Net Hits") of a roll whose dice showed
// successes, automatic ones added.
func (p PoolRoll) net(successes, opposingSuccesses int) int {
	successes += p.automaticSuccesses()
	if p.Opposed {
		return successes - opposingSuccesses
	}
	return successes - p.Difficulty
}

// Dist returns the exact distribution of the degree, over PoolDegree values.
func (p PoolRoll) Dist() *Dist {
	return p.netDist().mapped(func(n int64) int64 { return int64(PoolDegreeOf(int(n))) })
}

// netDist is the exact distribution of the net successes.
func (p PoolRoll) netDist() *Dist {
	successes := p.successDist(p.Dice).mapped(func(s int64) int64 { return s + int64(p.automaticSuccesses()) })
	if !p.Opposed {
		return successes.mapped(func(s int64) int64 { return s - int64(p.Difficulty) })
	}
	return successes.plus(p.successDist(p.Opposing).negated())
}

// successDist is the exact distribution of the successes n dice roll.
func (p PoolRoll) successDist(n int) *Dist {
	hits := int64(7 - p.successFace())
	return binomialDist(n, hits, 6-hits)
}

// poolRoll is the named roll "pool dice=6 difficulty=2 success=5", or
// "pool dice=6 vs=4" against an opposing pool, "charging" adding the
// Charging Disposition's automatic success.
type poolRoll struct{ PoolRoll }

// poolRolls are the pool's named rolls other than the roll against a
// difficulty or an opposing pool.
var poolRolls = []variant{
	{"explore", parseExplore}, // it takes events= too
	{"events", parseEvents},
	{"initiative", parseStartingDisposition},
	{"wounds", parseWounds},
}

func parsePool(args *namedArgs) (namedRoll, error) {
	if r, given, err := args.variant(append(survivalVariants(), poolRolls...)); given {
		return r, err
	}
	var r poolRoll
	var err error
	if r.PoolRoll, err = parsePoolRoll(args); err != nil {
		return nil, err
	}
	return &r, args.finish("dice=, difficulty=, vs=, success=, mods=, charging, and an attack's close, ranged, area, carapace=, flight=, swarms=, room=, darkness= and blind=")
}

// parsePoolRoll reads the words of a roll of the pool.
func parsePoolRoll(args *namedArgs) (PoolRoll, error) {
	var p PoolRoll
	var err error
	if p.Dice, err = args.required("dice", "pool dice=6 difficulty=2", 0, MaxNamedDice); err != nil {
		return p, err
	}
	if p.Difficulty, _, err = args.integer("difficulty", 0, 0, MaxNamedDice); err != nil {
		return p, err
	}
	if p.Opposing, p.Opposed, err = args.integer("vs", 0, 0, MaxNamedDice); err != nil {
		return p, err
	}
	if p.SuccessFace, err = poolSuccessFace(args); err != nil {
		return p, err
	}
	if col, given := args.column("difficulty"); given && p.Opposed {
		return p, &SyntaxError{Col: col, Msg: "give difficulty= or vs= (an opposing pool), not both"}
	}
	p.Charging = args.flag("charging")
	positive, negative, err := poolModifiers(args)
	if err != nil {
		return p, err
	}
	if p.Opposed {
		var opposing int
		if positive, negative, opposing, err = attackDice(args, positive, negative, &p); err != nil {
			return p, err
		}
		p.Opposing = max(0, p.Opposing+opposing)
	}
	p.Dice = PoolSize(p.Dice, positive, negative)
	return p, nil
}

// poolModifiers reads mods=+2,-3, the modifiers of the roll: dice added
// and dice taken away, in that order (PoolSize).
func poolModifiers(args *namedArgs) (positive, negative int, err error) {
	for _, item := range args.items("mods") {
		n, up, err := signed(item, "a modifier", MaxNamedDice)
		if err != nil {
			return 0, 0, err
		}
		if up {
			positive += n
		} else {
			negative += n
		}
	}
	return positive, negative, nil
}

// attackDice reads what seed 001's Attack action adds to each side's pool
// and returns the attacker's modifiers with them, and the dice added to or
// taken from the defender's: her Carapace against a close attack and her
// Flight against a ranged one that is not an Area Attack, as positive
// modifiers; her Current Swarms as a negative one against an Area Attack
// (they also soak its Wounds); the Darkness of the room (room=) or the
// attacker's Blind (blind=), the greater, as a negative modifier to the
// attacker, less her own Darkness rating.
func attackDice(args *namedArgs, positive, negative int, p *PoolRoll) (int, int, int, error) {
	close, ranged, area := args.flag("close"), args.flag("ranged"), args.flag("area")
	words := map[string]int{}
	for _, key := range []string{"carapace", "flight", "swarms", "room", "darkness", "blind"} {
		n, _, err := args.integer(key, 0, 0, MaxNamedDice)
		if err != nil {
			return 0, 0, 0, err
		}
		words[key] = n
	}
	if close && (ranged || area) {
		col, _ := args.column("close")
		return 0, 0, 0, &SyntaxError{Col: col, Msg: "an attack is close or ranged (area is ranged), not both"}
	}
	opposing := 0
	if close {
		opposing += words["carapace"]
	}
	if ranged && !area {
		opposing += words["flight"]
	}
	if area {
		opposing -= words["swarms"]
	}
	p.Swarms = words["swarms"]
	negative += max(0, max(words["room"], words["blind"])-words["darkness"])
	return positive, negative, opposing, nil
}

// poolSuccessFace reads success=, the lowest face that is a success.
func poolSuccessFace(args *namedArgs) (int, error) {
	face, _, err := args.integer("success", DefaultPoolSuccessFace, 2, 6)
	return face, err
}

func (r *poolRoll) outcomes() []string {
	labels := make([]string, 0, len(poolDegreeNames))
	for _, d := range PoolDegrees() {
		labels = append(labels, d.String())
	}
	return labels
}

// poolDegreeIndex is the position of a degree in the best-first outcomes.
func poolDegreeIndex(d PoolDegree) int64 { return int64(PoolCriticalSuccess - d) }

func (r *poolRoll) dist() *Dist {
	return r.netDist().mapped(func(n int64) int64 { return poolDegreeIndex(PoolDegreeOf(int(n))) })
}

var d6 = die{sides: 6, first: 1}

func (r *poolRoll) roll(roller *Roller, rec *recorder) int64 {
	net := r.throw(roller, rec)
	degree := PoolDegreeOf(net)
	rec.line("net ", signedText(net), " → ", degree.String())
	return poolDegreeIndex(degree)
}

// throw rolls the pool, and the opposing pool if any, records what they
// came to and returns the net successes.
func (p PoolRoll) throw(roller *Roller, rec *recorder) int {
	successes := p.rollPool(roller, rec, "pool", p.Dice)
	opposing := 0
	against := "difficulty " + strconv.Itoa(p.Difficulty)
	if p.Opposed {
		opposing = p.rollPool(roller, rec, "opposing pool", p.Opposing)
		against = "opposing " + strconv.Itoa(opposing)
	}
	rolled := strconv.Itoa(successes)
	if p.Charging {
		rolled += " + 1 for Charging"
	}
	rec.line(rolled, " against ", against)
	return p.net(successes, opposing)
}

// rollPool throws n d6 and records them, returning the successes.
func (p PoolRoll) rollPool(roller *Roller, rec *recorder, term string, n int) int {
	faces := make([]int64, n)
	shown := make([]string, n)
	for i := range faces {
		faces[i] = roller.face(d6)
		rec.die(term, d6, faces[i], false)
		shown[i] = strconv.FormatInt(faces[i], 10)
	}
	successes := p.Successes(faces)
	if n == 0 {
		shown = []string{"no dice"}
	}
	rec.line(term, " ", strconv.Itoa(n), "d6: ", strings.Join(shown, " "), " → ",
		counted(int64(successes), "success", "successes"), " (", strconv.Itoa(p.successFace()), " or more)")
	return successes
}
