package rules

import "strconv"

// Complex rolls (seed 004): several actions, or one long one, whose
// Successes accumulate until they reach the required number, Triggers
// counting as Successes too; in a cooperative complex action every
// participant's Successes and Triggers accumulate.

// progress is what a participant's tally adds to a complex action.
func progress(t Tally) int64 { return int64(t.Successes + t.Triggers) }

// ComplexChance returns the exact probability that a complex action reaches
// required Successes within rolls rounds in which every participant rolls
// once.
func ComplexChance(participants []ActionRoll, required, rolls int) Ratio {
	return complexDist(participants, required, rolls).ProbAtLeast(int64(required))
}

// complexDist is the distribution of the progress of a complex action after
// rolls rounds, counted up to required: past it, how far past does not
// matter.
func complexDist(participants []ActionRoll, required, rolls int) *Dist {
	round := constantDist(0)
	for _, a := range participants {
		round = round.plus(a.rolledDist().mapped(func(key int64) int64 { return progress(a.effectiveTally(tallyOf(key))) }))
	}
	reached := constantDist(0)
	for range rolls {
		reached = reached.plus(round).mapped(func(p int64) int64 { return min(p, int64(required)) })
	}
	return reached
}

// MaxComplexRolls is the most rolls a complex action's odds may span: with
// every helper rolling a dozen dice, each roll adds sixty dice to the exact
// count of the ways.
const MaxComplexRolls = 50

// complexRoll is the named roll "trigger dice=6 complex=10 rolls=3": the
// chance of reaching 10 Successes within 3 rolls, and with helpers=4,3 with
// cooperating characters of those Action Numbers rolling beside.
//
// Reading: a complex action has no Difficulty, so it cannot botch (see
// conflictRoll); a roll at an Action Number of 0 or less adds nothing; the
// mods= apply to each of the acting character's rolls, and to no helper's.
type complexRoll struct {
	participants    []ActionRoll
	required, rolls int
}

func parseComplex(args *namedArgs, actionNumber int) (namedRoll, error) {
	acting, err := parseActionRoll(args, actionNumber)
	if err != nil {
		return nil, err
	}
	r := &complexRoll{participants: []ActionRoll{acting}}
	helpers, err := actionNumbers(args, "helpers", MaxHelpers)
	if err != nil {
		return nil, err
	}
	for _, n := range helpers {
		r.participants = append(r.participants, ActionRoll{ActionNumber: n, SuccessFace: acting.SuccessFace})
	}
	if r.required, err = args.required("complex", "trigger dice=6 complex=10 rolls=3", 1, MaxNamedDice); err != nil {
		return nil, err
	}
	if r.rolls, err = args.required("rolls", "trigger dice=6 complex=10 rolls=3", 1, MaxComplexRolls); err != nil {
		return nil, err
	}
	if err := refuse(args, "a complex action (complex=)", "difficulty", "vs", "quality"); err != nil {
		return nil, err
	}
	return r, args.finish("dice=, complex=, rolls=, helpers=, success= and mods=")
}

func (r *complexRoll) outcomes() []string { return successOrFailure }

func (r *complexRoll) dist() *Dist {
	return complexDist(r.participants, r.required, r.rolls).mapped(func(p int64) int64 { return int64(boolIndex(p < int64(r.required))) })
}

// roll rolls round after round until the Successes are reached or the rolls
// run out.
func (r *complexRoll) roll(roller *Roller, rec *recorder) int64 {
	reached := 0
	for round := 1; round <= r.rolls && reached < r.required; round++ {
		for i, a := range r.participants {
			term := "roll " + strconv.Itoa(round)
			if i > 0 {
				term += " helper " + strconv.Itoa(i)
			}
			reached += int(progress(a.effectiveTally(a.throw(roller, rec, term))))
		}
		rec.line("after roll ", strconv.Itoa(round), ": ", strconv.Itoa(reached), " of ", strconv.Itoa(r.required))
	}
	success := reached >= r.required
	rec.line(map[bool]string{true: "reached", false: "not reached"}[success], " → ", successOrFailure[boolIndex(!success)])
	return int64(boolIndex(!success))
}
