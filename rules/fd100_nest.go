package rules

import (
	"slices"
	"strconv"
)

// The Nest's special rules in seed 000's enemy chapter (the Termites'
// alarms) and the rise of Hunger, as named rolls that come to a number.

// alarmRoll is "fd100 alarm swarming=90 chances=80,60,30,25": the Worker
// Termites' Alarm Pheromones. At the start of each Combat Turn a Boolean
// roll against Swarming; on a success, the summons table's row with the
// lowest Chance to Summon above the roll arrives. Its outcome is that row's
// Chance, 0 when none arrives.
//
// Reading: the seed says to "roll on the table" and choose by "the roll
// value"; the engine reads the summons off the Boolean roll itself, so a
// roll that succeeds against Swarming but is no lower than every Chance
// summons nothing (seed 000's Workers, Swarming 90% and Chances up to 80%,
// summon nothing on 80 to 89).
type alarmRoll struct {
	swarming int
	chances  []int
}

func parseAlarm(args *namedArgs) (namedRoll, error) {
	args.flag("alarm")
	r := &alarmRoll{}
	var err error
	example := "fd100 alarm swarming=90 chances=80,60,30,25"
	if r.swarming, err = args.required("swarming", example, 0, 100); err != nil {
		return nil, err
	}
	for _, item := range args.items("chances") {
		chance, err := parseBounded(item.text, item.col, "a Chance to Summon", 1, 100)
		if err != nil {
			return nil, err
		}
		r.chances = append(r.chances, chance)
	}
	if len(r.chances) == 0 {
		return nil, &SyntaxError{Col: args.end, Msg: "the alarm needs its table's Chances to Summon, as in " + strconv.Quote(example)}
	}
	slices.Sort(r.chances)
	return r, args.finish("swarming= and chances=")
}

func (r *alarmRoll) outcomes() []string { return nil }

// summoned returns the Chance of the row a d100 roll summons, 0 for none.
func (r *alarmRoll) summoned(roll int) int {
	if !BooleanRoll(roll, r.swarming) {
		return 0
	}
	for _, c := range r.chances {
		if c > roll {
			return c
		}
	}
	return 0
}

func (r *alarmRoll) dist() *Dist {
	return d100Dist.mapped(func(roll int64) int64 { return int64(r.summoned(int(roll))) })
}

func (r *alarmRoll) roll(roller *Roller, rec *recorder) int64 {
	roll := int(roller.face(d100))
	rec.die("d100", d100, int64(roll), false)
	line := "d100 = " + strconv.Itoa(roll) + ": "
	switch c := r.summoned(roll); {
	case !BooleanRoll(roll, r.swarming):
		rec.line(line, "does not match Swarming ", strconv.Itoa(r.swarming), " → no alarm")
	case c == 0:
		rec.line(line, "matches Swarming, but no Chance to Summon is above it → nothing arrives")
	default:
		rec.line(line, "matches Swarming → the row with Chance ", strconv.Itoa(c), " arrives")
		return int64(c)
	}
	return 0
}

// chainRoll is "fd100 alarmgun nasutes=4": how many Nasute Soldiers fire at
// one target in a Turn when each discharge makes another, who has not yet
// attacked, fire too with a chance of 40% (chance= for another); or "fd100
// guardians specials=3": how many tunnel entrances the Nest Guardians'
// Special Attacks block, each with a chance of 60%. Both are numbers.
type chainRoll struct {
	chained bool // each success leads to the next try; else every try is made
	tries   int  // the Nasutes there are, or the Special Attacks made
	chance  int
}

func parseChain(word, countKey string, chained bool, chance int) func(*namedArgs) (namedRoll, error) {
	return func(args *namedArgs) (namedRoll, error) {
		args.flag(word)
		r := &chainRoll{chained: chained}
		var err error
		if r.tries, err = args.required(countKey, "fd100 "+word+" "+countKey+"=3", 1, MaxNamedDice); err != nil {
			return nil, err
		}
		if r.chance, _, err = args.integer("chance", chance, 0, 100); err != nil {
			return nil, err
		}
		return r, args.finish(countKey + "= and chance=")
	}
}

func (r *chainRoll) outcomes() []string { return nil }

func (r *chainRoll) dist() *Dist {
	if !r.chained {
		return binomialDist(r.tries, int64(r.chance), int64(100-r.chance))
	}
	// The first Nasute fires; each further one with the chance, until one
	// does not or none is left. Every d100 is counted, rolled or not.
	acc := newSparseAccumulator()
	chain := natOf(1) // the ways for the Nasutes so far to have fired
	unrolled := powers(100, r.tries)
	for fired := 1; fired < r.tries; fired++ {
		acc.add(int64(fired), chain.times(natOf(uint64(100-r.chance))).times(unrolled[r.tries-1-fired]))
		chain = chain.times(natOf(uint64(r.chance)))
	}
	acc.add(int64(r.tries), chain)
	return acc.distOver(unrolled[r.tries-1])
}

func (r *chainRoll) roll(roller *Roller, rec *recorder) int64 {
	n, tries := int64(0), r.tries
	if r.chained {
		n, tries = 1, r.tries-1 // the first Nasute fires
	}
	for range tries {
		roll := int(roller.face(d100))
		rec.die("d100", d100, int64(roll), false)
		hit := Matches(roll, r.chance)
		rec.line("d100 = ", strconv.Itoa(roll), map[bool]string{true: " matches ", false: " does not match "}[hit], strconv.Itoa(r.chance), "%")
		if hit {
			n++
		} else if r.chained {
			break
		}
	}
	return n
}

// hungerRoll is "fd100 hunger=60 rises=2": the Hunger rating after that
// many Rolls to Increase (on the d100, or die=), a number.
//
// Reading: seed 000 says Starving is ticked "when Hunger reaches 100%" but
// not how Hunger rises; the engine rises it as fd100 quantifies every
// rating, by a Roll to Increase. No decile die shows 100, so no roll makes
// a character Starving: only a rule that sets Hunger to 100% can.
type hungerRoll struct {
	hunger, rises int
	die           DecileDie
}

func parseHunger(args *namedArgs) (namedRoll, error) {
	r := &hungerRoll{}
	var err error
	if r.hunger, err = args.required("hunger", "fd100 hunger=60 rises=2", 0, 100); err != nil {
		return nil, err
	}
	if r.rises, _, err = args.integer("rises", 1, 1, MaxNamedDice); err != nil {
		return nil, err
	}
	if r.die, err = decileWord(args, "die"); err != nil {
		return nil, err
	}
	return r, args.finish("hunger=, rises= and die=")
}

func (r *hungerRoll) outcomes() []string { return nil }

func (r *hungerRoll) dist() *Dist {
	d := constantDist(int64(r.hunger))
	for range r.rises {
		d = d.mixture(func(h int64) *Dist { return RollToIncrease.Dist(int(h), r.die) })
	}
	return d
}

func (r *hungerRoll) roll(roller *Roller, rec *recorder) int64 {
	hunger := r.hunger
	for range r.rises {
		d := FD100System.die(r.die.Sides)
		face := roller.face(d)
		rec.die(r.die.Name(), d, face, false)
		hunger = RollToIncrease.Apply(hunger, int(face))
		rec.line(r.die.Name(), " = ", strconv.FormatInt(face, 10), " → Hunger ", strconv.Itoa(hunger), "%")
	}
	return int64(hunger)
}
