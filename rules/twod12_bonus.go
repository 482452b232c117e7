package rules

import "strconv"

// Seed 003's bonuses, which turn a character's level, stats and pools into
// the modifiers of 2d12 rolls and the Difficulty Class of her abilities, and
// its rules that read a roll's margin or pile up dice: falling.

// ceilDiv returns ⌈a/b⌉ for b > 0, negative a included.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a > 0 {
		q++
	}
	return q
}

// BaseBonus is the base proficiency bonus of a level: ⌈LEVEL/5⌉.
func BaseBonus(level int) int { return ceilDiv(level, 5) }

// StatBonus is the bonus of a stat: ⌈(STAT−11)/2⌉.
func StatBonus(stat int) int { return ceilDiv(stat-11, 2) }

// PoolBonus is the Natural (Nat) or Supernatural (Sup) bonus of a count of
// SP or MP dice: ⌈DICE/6⌉.
func PoolBonus(dice int) int { return ceilDiv(dice, 6) }

// SaveDCBase is what a Difficulty Class adds to the bonuses: "12 + Base +
// Nat (or Sup) + Stat".
const SaveDCBase = 12

// bonusParts are the words that add a bonus to a 2d12 roll, each with the
// formula that turns its value into the bonus.
var bonusParts = []struct {
	key     string
	lo, hi  int
	formula func(int) int
}{
	{"level", 1, 100, BaseBonus},
	{"stat", 0, 100, StatBonus},
	{"nat", 0, 1000, PoolBonus},
	{"sup", 0, 1000, PoolBonus},
}

// parseBonuses reads level=, stat=, nat= and sup= and returns the bonus
// they add up to, and whether any was given.
func parseBonuses(args *namedArgs) (int, bool, error) {
	total, given := 0, false
	for _, part := range bonusParts {
		v, ok, err := args.integer(part.key, 0, part.lo, part.hi)
		if err != nil {
			return 0, false, err
		}
		if ok {
			total += part.formula(v)
			given = true
		}
	}
	return total, given, nil
}

// bonusRoll is "2d12 bonus level=6 stat=18 sup=14" (the bonus a save or an
// attack adds: Base + Stat + Sup) or "2d12 dc level=6 stat=18 sup=14" (the
// Difficulty Class of an ability: 12 more): a number, certain.
type bonusRoll struct {
	value int
	dc    bool // a Difficulty Class, not a bonus
}

func parseBonus(word string) func(*namedArgs) (namedRoll, error) {
	return func(args *namedArgs) (namedRoll, error) {
		args.flag(word)
		total, given, err := parseBonuses(args)
		if err != nil {
			return nil, err
		}
		if !given {
			return nil, &SyntaxError{Col: args.end, Msg: "2d12 " + word + " needs level=, stat=, nat= or sup=, as in \"2d12 " + word + " level=6 stat=18 sup=14\""}
		}
		if word == "dc" {
			total += SaveDCBase
		}
		return &bonusRoll{value: total, dc: word == "dc"}, args.finish("level=, stat=, nat= and sup=")
	}
}

func (r *bonusRoll) outcomes() []string { return nil }
func (r *bonusRoll) dist() *Dist        { return constantDist(int64(r.value)) }
func (r *bonusRoll) roll(_ *Roller, rec *recorder) int64 {
	rec.line("no dice: the formula gives ", strconv.Itoa(r.value))
	return int64(r.value)
}

// marginRoll is "2d12 mod=+3 target=16 margin": by how much the roll beats
// its target (negative when it falls short), a number; seed 003's travel
// and harvesting read it in steps of 5.
//
// Reading: the margin counts the ±2 specials, as the roll's result does.
type marginRoll struct{ TwoD12Roll }

func parseMargin(args *namedArgs) (namedRoll, error) {
	args.flag("margin")
	t, err := parseTwoD12Roll(args)
	if err != nil {
		return nil, err
	}
	return &marginRoll{t}, args.finish("mod=, target=, level=, stat=, nat=, sup=, adv, adv2, dis and dis2")
}

func (r *marginRoll) outcomes() []string { return nil }

func (r *marginRoll) dist() *Dist {
	return r.ScoreDist().mapped(func(score int64) int64 { return score + int64(r.Modifier) - int64(r.Target) })
}

func (r *marginRoll) roll(roller *Roller, rec *recorder) int64 {
	faces := r.throw(roller, rec, "")
	margin := keptScore(faces, r.Kept(faces)) + int64(r.Modifier) - int64(r.Target)
	rec.line("margin over ", strconv.Itoa(r.Target), ": ", signedText(int(margin)))
	return margin
}

// fallRoll is "2d12 fall=60 [huge] [mod=+2 target=14]": the damage of a fall
// of that many feet, a number: 1d8 per 10 feet (1d12 for a huge entity or
// larger), at most 36 dice (360 feet, terminal velocity), the first die
// negated when the save given by mod= and target= succeeds.
//
// Reading: a fall's feet count in whole tens, so 15 feet is one die; the
// save is a 2d12 save, natural results and all, whose words the roll takes.
type fallRoll struct {
	dice, sides int
	save        *TwoD12Roll
}

// MaxFallDice is the most dice a fall deals: 360 feet.
const MaxFallDice = 36

func parseFall(args *namedArgs) (namedRoll, error) {
	feet, err := args.required("fall", "2d12 fall=60", 0, 100000)
	if err != nil {
		return nil, err
	}
	r := &fallRoll{dice: min(feet/10, MaxFallDice), sides: 8}
	if args.flag("huge") {
		r.sides = 12
	}
	if _, given := args.column("target"); given {
		save, err := parseTwoD12Roll(args)
		if err != nil {
			return nil, err
		}
		save.Kind = Save
		r.save = &save
	}
	return r, args.finish("fall=, huge, and a save's mod=, target=, adv and dis")
}

func (r *fallRoll) outcomes() []string { return nil }

func (r *fallRoll) damage(dice int) *Dist {
	if dice <= 0 {
		return constantDist(0)
	}
	return uniformSum(dice, 1, int64(r.sides))
}

func (r *fallRoll) dist() *Dist {
	if r.save == nil || r.dice == 0 {
		return r.damage(r.dice)
	}
	saved := r.save.ScoreDist().mapped(func(score int64) int64 { return int64(boolIndex(r.save.succeeds(score))) })
	return saved.mixture(func(s int64) *Dist {
		if s == 1 {
			return r.damage(r.dice - 1).scaled(natOf(uint64(r.sides))) // the negated die, counted unrolled
		}
		return r.damage(r.dice)
	})
}

func (r *fallRoll) roll(roller *Roller, rec *recorder) int64 {
	dice := r.dice
	if r.save != nil && dice > 0 {
		faces := r.save.throw(roller, rec, "save ")
		if r.save.judge(faces, rec) {
			dice--
			rec.line("the save negates the first die")
		}
	}
	d := die{sides: r.sides, first: 1}
	var total int64
	for range dice {
		face := roller.face(d)
		rec.die("fall", d, face, false)
		total += face
	}
	rec.line(strconv.Itoa(dice), "d", strconv.Itoa(r.sides), " of falling damage = ", strconv.FormatInt(total, 10))
	return total
}
