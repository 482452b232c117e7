package rules

import (
	"slices"
	"strconv"
)

// TakingBonuses are the results seed 003 lets a character take instead of
// rolling: 13, taking care, the average of 2d12; 24, the best the dice can
// show, at a hundred times the time; and 20, its cheaper alternative, at
// twenty times.
var TakingBonuses = []int{TakeCareBonus, 20, TakeTwentyFourBonus}

// takenRoll is the named roll "2d12 mod=+3 target=16 take=13": no dice are
// rolled; the result is the modifier plus the number taken, which meets the
// target or not.
type takenRoll struct {
	TwoD12Roll
	taken int
}

// parseTaken reads a taken roll, or with tries= a triesRoll.
func parseTaken(args *namedArgs) (namedRoll, error) {
	w, err := args.value("take", "2d12 mod=+3 target=16 take=13")
	if err != nil {
		return nil, err
	}
	taken, err := strconv.Atoi(w.value)
	if err != nil || !slices.Contains(TakingBonuses, taken) {
		return nil, &SyntaxError{Col: w.valueCol, Msg: "take= must be 13 (taking care), 20 or 24, not " + strconv.Quote(w.value)}
	}
	if _, given := args.column("tries"); given {
		return parseTries(args, taken)
	}
	r := &takenRoll{taken: taken}
	if r.Modifier, _, err = args.integer("mod", 0, -1000, 1000); err != nil {
		return nil, err
	}
	if r.Target, err = args.required("target", "2d12 mod=+3 target=16 take=13", -1000, 1000); err != nil {
		return nil, err
	}
	return r, args.finish("take=, mod=, target= and tries=")
}

func (r *takenRoll) outcomes() []string { return successOrFailure }

func (r *takenRoll) success() bool { return r.Modifier+r.taken >= r.Target }

func (r *takenRoll) dist() *Dist { return constantDist(int64(boolIndex(!r.success()))) }

func (r *takenRoll) roll(_ *Roller, rec *recorder) int64 {
	comparison := map[bool]string{true: " ≥ ", false: " < "}[r.success()]
	rec.line("no roll: taking ", strconv.Itoa(r.taken), " modifier ", signedText(r.Modifier), " = ",
		strconv.Itoa(r.taken+r.Modifier), comparison, strconv.Itoa(r.Target), " → ", successOrFailure[boolIndex(!r.success())])
	return int64(boolIndex(!r.success()))
}

// triesRoll is the named roll "2d12 take=24 tries=100": the chance that so
// many rolls of the dice would reach, once at least, the number taking
// gives without them, which is what seed 003 says taking stands for ("a 50%
// chance of doing so after 100 rolls"). adv and dis apply to every roll.
//
// Reading: the dice alone are counted, faces without the ±2 specials, as
// the seed's "roll a 24" counts them: a 24 is 12-12. With the specials a
// roll scores 24 or more on 5 throws of 144 (12-12, 12-11, 12-10 either way
// round), and 100 rolls would reach it 97% of the time, not 50%.
type triesRoll struct {
	taken, tries int
	advantage    int
}

// MaxTries is the most rolls a tries roll may stand for: seed 003's hundred,
// and room to show what more would give.
const MaxTries = 1000

func parseTries(args *namedArgs, taken int) (namedRoll, error) {
	r := &triesRoll{taken: taken}
	var err error
	if r.tries, err = args.required("tries", "2d12 take=24 tries=100", 1, MaxTries); err != nil {
		return nil, err
	}
	r.advantage = parseAdvantage(args)
	return r, args.finish("take=, tries=, adv, adv2, dis and dis2")
}

func (r *triesRoll) outcomes() []string { return successOrFailure }

// faces is one roll of the dice, faces alone, as the tries count them.
func (r *triesRoll) faces() *Dist {
	roll := TwoD12Roll{Advantage: r.advantage}
	return keepDist(roll.Dice(), 2, d12.faces(r.advantage >= 0), func(face int64) int64 { return face })
}

func (r *triesRoll) dist() *Dist {
	within := ChanceWithin(r.faces().ProbAtLeast(int64(r.taken)), r.tries)
	return denseDist(0, []nat{within.num, within.den.clone().minus(within.num)})
}

// roll throws until a roll reaches the number taken or the tries run out,
// recording every die but writing only the roll that reached it.
func (r *triesRoll) roll(roller *Roller, rec *recorder) int64 {
	roll := TwoD12Roll{Advantage: r.advantage}
	for try := 1; try <= r.tries; try++ {
		faces, dropped := roll.throwDice(roller, rec, "try "+strconv.Itoa(try))
		var sum int64
		for i, face := range faces {
			if !dropped[i] {
				sum += face
			}
		}
		if sum >= int64(r.taken) {
			rec.line("try ", strconv.Itoa(try), ": ", d12.show(faces, dropped), " = ", strconv.FormatInt(sum, 10), " reaches ", strconv.Itoa(r.taken), " → Success")
			return 0
		}
	}
	rec.line("none of ", counted(int64(r.tries), "try", "tries"), " reaches ", strconv.Itoa(r.taken), " → Failure")
	return 1
}
