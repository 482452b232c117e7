package rules

// PoolStartingDisposition returns the Disposition a Combatant of seed 001
// starts Combat in after an Initiative roll of that many successes: Holding
// advanced once for each success, or Recoiling when there is none, at most
// Charging.
//
// Reading: read as written, the rule never leaves a Combatant at Holding:
// one success already makes her Advancing. The engine keeps the words, and
// its odds give Holding no chance.
func PoolStartingDisposition(successes int) Disposition {
	if successes == 0 {
		return Recoiling
	}
	return Holding.Advance(successes)
}

// startingDispositionRoll is the named roll "pool dice=3 initiative": the
// Initiative roll of a pool of that many dice, and the Disposition it starts
// Combat in.
type startingDispositionRoll struct{ PoolRoll }

func parseStartingDisposition(args *namedArgs) (namedRoll, error) {
	args.flag("initiative")
	r := &startingDispositionRoll{}
	var err error
	if r.Dice, err = args.required("dice", "pool dice=3 initiative", 0, MaxNamedDice); err != nil {
		return nil, err
	}
	if r.SuccessFace, err = poolSuccessFace(args); err != nil {
		return nil, err
	}
	return r, args.finish("dice=, success= and initiative")
}

// outcomes lists the Dispositions best first, Charging to Retreating.
func (r *startingDispositionRoll) outcomes() []string {
	labels := make([]string, len(dispositionNames))
	for i, name := range dispositionNames {
		labels[len(labels)-1-i] = name
	}
	return labels
}

// dispositionIndex is the position of a Disposition in the best-first
// outcomes.
func dispositionIndex(d Disposition) int64 { return int64(Charging - d) }

func (r *startingDispositionRoll) dist() *Dist {
	return r.successDist(r.Dice).mapped(func(s int64) int64 { return dispositionIndex(PoolStartingDisposition(int(s))) })
}

func (r *startingDispositionRoll) roll(roller *Roller, rec *recorder) int64 {
	successes := r.rollPool(roller, rec, "initiative", r.Dice)
	d := PoolStartingDisposition(successes)
	how := "Holding advances once per success"
	if successes == 0 {
		how = "no success: Holding recoils once"
	}
	rec.line(how, " → ", d.String())
	return dispositionIndex(d)
}
