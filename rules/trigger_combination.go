package rules

import "strconv"

// MaxCombinationRolls is the most rolls a combination may chain: the seed
// speaks of two, and a few more cost nothing.
const MaxCombinationRolls = 4

// combinationRoll is the named roll "trigger dice=6,5 difficulty=2,3": a
// combination of rolls made in order (seed 004), each of which must succeed;
// if all do, their Triggers add up, which "quality" grades. The first roll
// that fails ends it, a Failure or a Botch as that roll is.
type combinationRoll struct {
	steps   []ActionRoll
	quality bool
}

func parseCombination(args *namedArgs, dice []int) (namedRoll, error) {
	col, _ := args.column("difficulty")
	difficulties, err := actionNumbers(args, "difficulty", MaxCombinationRolls)
	if err != nil {
		return nil, err
	}
	if len(difficulties) != len(dice) {
		return nil, &SyntaxError{Col: args.end, Msg: "a combination of " + strconv.Itoa(len(dice)) + " rolls needs as many difficulties, as in \"trigger dice=6,5 difficulty=2,3\""}
	}
	face, _, err := args.integer("success", DefaultTriggerSuccessFace, 2, 6)
	if err != nil {
		return nil, err
	}
	r := &combinationRoll{quality: args.flag("quality")}
	for i, n := range dice {
		if difficulties[i] < 0 {
			return nil, &SyntaxError{Col: col, Msg: "a difficulty must be 0 or more"}
		}
		r.steps = append(r.steps, ActionRoll{ActionNumber: n, Difficulty: difficulties[i], SuccessFace: face})
	}
	if err := refuse(args, "a combination", "vs", "complex", "helpers", "mods"); err != nil {
		return nil, err
	}
	return r, args.finish("dice=N,N, difficulty=N,N, success= and quality")
}

func (r *combinationRoll) outcomes() []string {
	if r.quality {
		return qualityNames
	}
	return triggerOutcomeNames
}

// Results of a step, as the combination's distribution carries them: the
// Triggers so far when every step has succeeded (at most four, as four are
// already Brilliant), or the failure that ended it.
const (
	stepFailed  = -1
	stepBotched = -2
)

// stepResult returns one step's result given its tally.
func (a ActionRoll) stepResult(t Tally) int64 {
	switch a.Outcome(t) {
	case TriggerFailure:
		return stepFailed
	case TriggerBotch:
		return stepBotched
	}
	return int64(min(t.Triggers, 4))
}

// stepDist returns the exact distribution of one step's result.
func stepDist(a ActionRoll) *Dist {
	return a.rolledDist().mapped(func(key int64) int64 { return a.stepResult(a.adjust(tallyOf(key))) })
}

// then is the result of a combination whose steps so far came to before and
// whose next step comes to next: the first failure stands, else the Triggers
// add up.
func then(before, next int64) int64 {
	switch {
	case before < 0:
		return before
	case next < 0:
		return next
	}
	return min(before+next, 4)
}

// dist chains the steps' distributions; the dice of the steps a failure
// spares are counted as thrown and ignored, which changes no chance.
func (r *combinationRoll) dist() *Dist {
	chain := constantDist(0)
	for _, step := range r.steps {
		chain = chain.joined(stepDist(step), then)
	}
	return chain.mapped(r.index)
}

// index turns a chain's result into an outcome.
func (r *combinationRoll) index(result int64) int64 {
	switch result {
	case stepFailed:
		return gradedIndex(TriggerFailure, 0, r.quality)
	case stepBotched:
		return gradedIndex(TriggerBotch, 0, r.quality)
	}
	return gradedIndex(TriggerSuccess, int(result), r.quality)
}

func (r *combinationRoll) roll(roller *Roller, rec *recorder) int64 {
	var result int64
	triggers := 0
	for i, step := range r.steps {
		term := "roll " + strconv.Itoa(i+1)
		t := step.adjust(step.throw(roller, rec, term))
		rec.line(term, ": ", tallyText(t), " against difficulty ", strconv.Itoa(step.Difficulty), " → ", step.Outcome(t).String())
		if result = then(result, step.stepResult(t)); result < 0 {
			return r.index(result)
		}
		triggers += t.Triggers
	}
	rec.line("every roll succeeds: ", counted(int64(triggers), "trigger", "triggers"), " in all")
	return r.index(result)
}
