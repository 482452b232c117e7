package rules

// Conflict rolls (seed 004): both sides roll; more Successes win, Triggers
// decide a tie, and a tie in both is a draw where the situation allows one
// and a loss for the acting side where it does not.

// ConflictWins reports whether the acting side wins a conflict roll: more
// Successes win, then more Triggers. Each tally is what the side brings to
// the conflict (effectiveTally).
func ConflictWins(actor, opponent Tally) bool {
	if actor.Successes != opponent.Successes {
		return actor.Successes > opponent.Successes
	}
	return actor.Triggers > opponent.Triggers
}

// ConflictTied reports whether the sides tie in Successes and in Triggers.
func ConflictTied(actor, opponent Tally) bool {
	return actor.Successes == opponent.Successes && actor.Triggers == opponent.Triggers
}

// drawOutcomes are the outcomes of a conflict that allows a draw.
var drawOutcomes = []string{"Success", "Draw", "Failure"}

// conflictIndex is the acting side's outcome, an index into drawOutcomes
// when draws are allowed and into successOrFailure when not.
//
// Reading: a side at an Action Number of 0 or less brings nothing
// (effectiveTally), so an acting side at 0 or less never wins, and ties only
// an opponent who has nothing either.
func conflictIndex(actor, opponent Tally, draws bool) int64 {
	switch {
	case ConflictWins(actor, opponent):
		return 0
	case draws && ConflictTied(actor, opponent):
		return 1
	case draws:
		return 2
	}
	return 1
}

// ConflictChance returns the exact probability that actor wins a conflict
// against opponent.
func ConflictChance(actor, opponent ActionRoll) Ratio {
	return conflictDist(actor, opponent, false).Prob(0)
}

// conflictDist is the distribution of a conflict over conflictIndex.
func conflictDist(actor, opponent ActionRoll, draws bool) *Dist {
	mine, theirs := withoutOnes(actor.rolledDist()), withoutOnes(opponent.rolledDist())
	acc := newAccumulator(0, 2, 3)
	for i := range mine.values {
		for j := range theirs.values {
			outcome := conflictIndex(actor.effectiveTally(tallyOf(mine.values[i])), opponent.effectiveTally(tallyOf(theirs.values[j])), draws)
			acc.addProduct(outcome, mine.counts[i], theirs.counts[j])
		}
	}
	return acc.dist()
}

// withoutOnes merges the tallies of d that differ only in their ones, which
// do not matter in a conflict, leaving far fewer pairs to compare.
func withoutOnes(d *Dist) *Dist {
	return d.mapped(func(key int64) int64 {
		t := tallyOf(key)
		t.Ones = 0
		return t.key()
	})
}

// conflictRoll is the named roll "trigger dice=7 vs=5", a conflict against
// an opponent of Action Number 5, or "trigger dice=7 vs=5 draws" where the
// situation allows a draw.
//
// Reading: neither side botches. The seed defines a Botch as a Failure, a
// roll whose Successes fall short of its Difficulty, with more 1s than
// Successes; a conflict has no Difficulty.
type conflictRoll struct {
	actor, opponent ActionRoll
	draws           bool
}

func parseConflict(args *namedArgs, actionNumber int) (namedRoll, error) {
	r := &conflictRoll{}
	var err error
	if r.actor, err = parseActionRoll(args, actionNumber); err != nil {
		return nil, err
	}
	if r.opponent.ActionNumber, err = args.required("vs", "trigger dice=7 vs=5", -MaxNamedDice, MaxNamedDice); err != nil {
		return nil, err
	}
	r.opponent.SuccessFace = r.actor.SuccessFace
	r.draws = args.flag("draws")
	if err := refuse(args, "a conflict (vs=)", "difficulty", "helpers", "quality"); err != nil {
		return nil, err
	}
	return r, args.finish("dice=, vs=, success=, mods= and draws")
}

func (r *conflictRoll) outcomes() []string {
	if r.draws {
		return drawOutcomes
	}
	return successOrFailure
}

func (r *conflictRoll) dist() *Dist { return conflictDist(r.actor, r.opponent, r.draws) }

func (r *conflictRoll) roll(roller *Roller, rec *recorder) int64 {
	mine := r.actor.effectiveTally(r.actor.throw(roller, rec, "action"))
	theirs := r.opponent.effectiveTally(r.opponent.throw(roller, rec, "opponent"))
	outcome := conflictIndex(mine, theirs, r.draws)
	rec.line(tallyText(mine), " against ", tallyText(theirs), " → ", r.outcomes()[outcome])
	return outcome
}
