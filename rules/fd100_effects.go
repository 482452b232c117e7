package rules

import "strconv"

// Effects that act each Combat Turn (seed 000's Effects table): Bleeding
// takes a Wound, Infected bestows a random Effect, Stunned loses a Turn.
// A character may take a Resistance action against the Effect first.

// turnEffects are the Effects that act each Turn, with what each one costs
// its subject, for the breakdown.
var turnEffects = map[string]string{"bleeding": "a Wound", "infected": "a random Effect", "stunned": "the Turn"}

// effectTurnsRoll is "fd100 bleeding=40 resist=55 turns=3" (or infected=,
// stunned=): how many times the Effect acts on its subject over that many
// Turns, a number: Wounds taken, random Effects acquired, Turns lost.
//
// Reading: each Turn the subject may resist first, with a Resistance action
// whose Effort is resist= and whose Resistance is the Effect's rating; a
// Partial Success or better ignores the Effect for the Turn, and every
// degree changes its rating as the Resistance table says (the Rolls to
// Decrease and Increase on a d100). An Effect at 0% acts no more. Without
// resist=, the Effect acts every Turn. Stunned "cannot" be resisted and
// "loses her next Turn": the engine reads it as lost once, the Effect then
// spent.
type effectTurnsRoll struct {
	effect   string
	rating   int
	resist   int // the Effort of the Resistance action; 0 for none
	resisted bool
	turns    int
}

func parseEffectTurns(effect string) func(*namedArgs) (namedRoll, error) {
	return func(args *namedArgs) (namedRoll, error) {
		r := &effectTurnsRoll{effect: effect}
		var err error
		example := "fd100 " + effect + "=40 turns=3"
		if r.rating, err = args.required(effect, example, 0, 100); err != nil {
			return nil, err
		}
		if r.resist, r.resisted, err = args.integer("resist", 0, 0, 100); err != nil {
			return nil, err
		}
		if r.resisted && effect == "stunned" {
			col, _ := args.column("resist")
			return nil, &SyntaxError{Col: col, Msg: "Stunned cannot be resisted"}
		}
		if r.turns, err = args.required("turns", example, 1, 20); err != nil {
			return nil, err
		}
		return r, args.finish(effect + "=, resist= and turns=")
	}
}

func (r *effectTurnsRoll) outcomes() []string { return nil }

// effectState is the Effect's rating and the times it has acted.
type effectState struct{ rating, acted int }

func (r *effectTurnsRoll) dist() *Dist {
	states := map[effectState]nat{{rating: r.rating}: natOf(1)}
	total := natOf(1)
	for range r.turns {
		next := map[effectState]nat{}
		add := func(s effectState, ways nat) { next[s] = next[s].plus(ways) }
		// The ways of a Turn: the Resistance action's d100 and the d100 of
		// its Roll to Decrease or Increase, rolled or not.
		turnWays := natOf(1)
		if r.resisted {
			turnWays = natOf(100 * 100)
		}
		total = total.times(turnWays)
		for s, ways := range states {
			switch {
			case s.rating == 0:
				add(s, ways.times(turnWays))
			case r.effect == "stunned":
				add(effectState{rating: 0, acted: s.acted + 1}, ways)
			case !r.resisted:
				add(effectState{rating: s.rating, acted: s.acted + 1}, ways)
			default:
				for roll := range 100 {
					d := Qualify(roll, r.resist, s.rating)
					acted := s.acted + boolIndex(d < PartialSuccess)
					change := EffectChangeOf(d)
					for quantity := range 100 {
						add(effectState{rating: change.Apply(s.rating, quantity), acted: acted}, ways)
					}
				}
			}
		}
		states = next
	}
	acc := newSparseAccumulator()
	for s, ways := range states {
		acc.add(int64(s.acted), ways)
	}
	return acc.distOver(total)
}

func (r *effectTurnsRoll) roll(roller *Roller, rec *recorder) int64 {
	rating, acted := r.rating, 0
	for turn := 1; turn <= r.turns; turn++ {
		prefix := "Turn " + strconv.Itoa(turn) + ": "
		switch {
		case rating == 0:
			rec.line(prefix, "the Effect is gone")
			continue
		case r.effect == "stunned":
			rec.line(prefix, "Stunned: loses the Turn; the Effect is spent")
			rating, acted = 0, acted+1
			continue
		case !r.resisted:
			rec.line(prefix, "costs ", turnEffects[r.effect])
			acted++
			continue
		}
		roll := int(roller.face(d100))
		rec.die("resist", d100, int64(roll), false)
		d := Qualify(roll, r.resist, rating)
		quantity := int(roller.face(d100))
		rec.die("quantify", d100, int64(quantity), !EffectChangeOf(d).rolls())
		rating = EffectChangeOf(d).Apply(rating, quantity)
		line := prefix + "resist d100 = " + strconv.Itoa(roll) + " → " + d.String()
		if d < PartialSuccess {
			acted++
			line += ", costs " + turnEffects[r.effect]
		} else {
			line += ", ignored"
		}
		rec.line(line, "; the Effect is at ", strconv.Itoa(rating), "%")
	}
	return int64(acted)
}
