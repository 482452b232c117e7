package rules

import "strconv"

// opposedRoll is the named roll "2d12 mod=+3 vs=+5 adv": a 2d12 roll
// opposed by another's 2d12 with the modifier vs=, whose result it must meet
// or beat. adv and dis are the named roll's own.
//
// Reading: seed 003 makes the roll that keeps things as they are the
// threshold and the one that tries to change them the opposed roll, and
// "meeting (equalling) the target number of a roll beats it", so the named
// roll is the one trying to change things and wins ties. Both are ability
// rolls: the ±2 specials count on both sides, natural results on neither.
type opposedRoll struct {
	actor, threshold TwoD12Roll
}

func parseOpposed(args *namedArgs) (namedRoll, error) {
	r := &opposedRoll{}
	var err error
	if r.actor.Modifier, _, err = args.integer("mod", 0, -1000, 1000); err != nil {
		return nil, err
	}
	if r.threshold.Modifier, err = args.required("vs", "2d12 mod=+3 vs=+5", -1000, 1000); err != nil {
		return nil, err
	}
	r.actor.Advantage = parseAdvantage(args)
	if col, given := args.column("target", "kind"); given {
		return nil, &SyntaxError{Col: col, Msg: "an opposed roll (vs=) has no target= or kind=: the opposing roll is its target"}
	}
	return r, args.finish("mod=, vs=, adv, adv2, dis and dis2")
}

func (r *opposedRoll) outcomes() []string { return successOrFailure }

// dist compares the two rolls' scores through their difference.
func (r *opposedRoll) dist() *Dist {
	margin := r.actor.ScoreDist().plus(r.threshold.ScoreDist().negated())
	return margin.mapped(func(m int64) int64 {
		return int64(boolIndex(!r.meets(m + int64(r.actor.Modifier))))
	})
}

// meets reports whether the acting roll, ahead of the threshold's score by
// margin with its own modifier, meets or beats the threshold's total.
func (r *opposedRoll) meets(margin int64) bool { return margin >= int64(r.threshold.Modifier) }

func (r *opposedRoll) roll(roller *Roller, rec *recorder) int64 {
	mine := r.actor.throw(roller, rec, "")
	theirs := r.threshold.throw(roller, rec, "opposing ")
	score := keptScore(mine, r.actor.Kept(mine))
	opposing := keptScore(theirs, r.threshold.Kept(theirs))
	success := r.meets(score + int64(r.actor.Modifier) - opposing)
	total := func(t TwoD12Roll, faces []int64, score int64) string {
		return t.keptText(faces) + " modifier " + signedText(t.Modifier) + " = " + strconv.FormatInt(score+int64(t.Modifier), 10)
	}
	rec.line(total(r.actor, mine, score), map[bool]string{true: " meets or beats ", false: " does not meet "}[success],
		total(r.threshold, theirs, opposing), " → ", successOrFailure[boolIndex(!success)])
	return int64(boolIndex(!success))
}
