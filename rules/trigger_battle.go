package rules

import "strconv"

// Seed 004's rules beyond the action roll: Ego dice and encumbrance change
// the Action Number; Initiative, damage and healing read a roll's
// Successes and Triggers as numbers; Active Defense turns an attack into a
// conflict.

// MaxEgoDice is the most dice spending Ego adds: "up to (3) Ego Points ...
// to gain up to +3D".
const MaxEgoDice = 3

// parseDiceChanges reads ego= (+1D each, at most MaxEgoDice) and
// encumbrance= with carry= (−1D for each point of Encumbrance over what the
// character carries unhindered, BOD+Force) and returns the dice they add.
func parseDiceChanges(args *namedArgs) (int, error) {
	ego, _, err := args.integer("ego", 0, 0, MaxEgoDice)
	if err != nil {
		return 0, err
	}
	encumbrance, hasEncumbrance, err := args.integer("encumbrance", 0, 0, MaxNamedDice)
	if err != nil {
		return 0, err
	}
	carry, hasCarry, err := args.integer("carry", 0, 0, MaxNamedDice)
	if err != nil {
		return 0, err
	}
	if hasEncumbrance != hasCarry {
		return 0, &SyntaxError{Col: args.end, Msg: "encumbrance= and carry= go together: the penalty is -1D per point of Encumbrance over BOD+Force, as in \"encumbrance=5 carry=3\""}
	}
	return ego - max(0, encumbrance-carry), nil
}

// tallyRoll is a roll whose outcome is a number read off its tally:
// "trigger dice=5 initiative" (the Initiative score, its Successes),
// "trigger dice=5 initiative bonus" (bonus Actions, one per two Triggers),
// "trigger dice=6 difficulty=2 damage=4 armor=2" (the damage dealt: the
// weapon's with the Triggers added, the armour taken away, on a success),
// "trigger dice=5 difficulty=2 heal" (the Flesh Wounds or Trauma healed:
// one and the Triggers, on a success).
//
// Reading: damage and healing come only of a successful roll; damage is
// never below 0; Initiative rolls against no Difficulty, and an Action
// Number of 0 or less scores 0.
type tallyRoll struct {
	ActionRoll
	what  string
	value func(a ActionRoll, t Tally) int
	// weapon and armor are a damage roll's, bonus an Initiative roll's
	// counting bonus Actions, for the description.
	weapon, armor int
	bonus         bool
}

func parseTallyRoll(args *namedArgs, actionNumber int, what string) (namedRoll, error) {
	r := &tallyRoll{what: what}
	var err error
	if r.ActionRoll, err = parseActionRoll(args, actionNumber); err != nil {
		return nil, err
	}
	switch what {
	case "initiative":
		if err := refuse(args, "an Initiative roll", "difficulty"); err != nil {
			return nil, err
		}
		r.value = func(_ ActionRoll, t Tally) int { return t.Successes }
		if r.bonus = args.flag("bonus"); r.bonus {
			r.value = func(_ ActionRoll, t Tally) int { return t.Triggers / 2 }
		}
	case "damage":
		weapon, err := args.required("damage", "trigger dice=6 difficulty=2 damage=4 armor=2", 0, MaxNamedDice)
		if err != nil {
			return nil, err
		}
		armor, _, err := args.integer("armor", 0, 0, MaxNamedDice)
		if err != nil {
			return nil, err
		}
		r.weapon, r.armor = weapon, armor
		r.value = func(a ActionRoll, t Tally) int {
			if a.Outcome(t) != TriggerSuccess {
				return 0
			}
			return max(0, weapon+t.Triggers-armor)
		}
	case "heal":
		r.value = func(a ActionRoll, t Tally) int {
			if a.Outcome(t) != TriggerSuccess {
				return 0
			}
			return 1 + t.Triggers
		}
	}
	if what != "initiative" {
		if r.Difficulty, _, err = args.integer("difficulty", 0, 0, MaxNamedDice); err != nil {
			return nil, err
		}
	}
	return r, args.finish("dice=, difficulty=, success=, mods=, ego=, encumbrance=, carry=, and " + map[string]string{
		"initiative": "bonus", "damage": "damage= and armor=", "heal": "heal"}[what])
}

func (r *tallyRoll) outcomes() []string { return nil }

func (r *tallyRoll) number(rolled Tally) int64 {
	return int64(r.value(r.ActionRoll, r.effectiveTally(rolled)))
}

func (r *tallyRoll) dist() *Dist {
	return r.rolledDist().mapped(func(key int64) int64 { return r.number(tallyOf(key)) })
}

func (r *tallyRoll) roll(roller *Roller, rec *recorder) int64 {
	rolled := r.throw(roller, rec, r.what)
	n := r.number(rolled)
	rec.line(tallyText(r.effectiveTally(rolled)), " → ", strconv.FormatInt(n, 10))
	return n
}

// defenseRoll is "trigger dice=6 defend=5 [close]": an attack met by Active
// Defense, a conflict of the attacker's roll against the defender's
// Action Number. Its outcomes, best for the attacker first: Hit, Defended,
// and Defended with the attacker injured, when in close combat the
// defender wins with 3 Triggers or more.
//
// Reading: as in any conflict the acting side, the attacker, loses a tie
// in both Successes and Triggers; the defender's Triggers are counted
// after her modifiers.
type defenseRoll struct {
	attack, defense ActionRoll
	close           bool
}

// InjuringTriggers is how many Triggers a successful Active Defense in close
// combat needs to injure the attacker.
const InjuringTriggers = 3

var defenseOutcomes = []string{"Hit", "Defended", "Defended, attacker injured"}

func parseDefense(args *namedArgs, actionNumber int) (namedRoll, error) {
	r := &defenseRoll{}
	var err error
	if r.attack, err = parseActionRoll(args, actionNumber); err != nil {
		return nil, err
	}
	if r.defense.ActionNumber, err = args.required("defend", "trigger dice=6 defend=5", -MaxNamedDice, MaxNamedDice); err != nil {
		return nil, err
	}
	r.defense.SuccessFace = r.attack.SuccessFace
	r.close = args.flag("close")
	return r, args.finish("dice=, defend=, close, success=, mods=, ego=, encumbrance= and carry=")
}

func (r *defenseRoll) outcomes() []string { return defenseOutcomes }

func (r *defenseRoll) index(attack, defense Tally) int64 {
	switch {
	case ConflictWins(attack, defense):
		return 0
	case r.close && defense.Triggers >= InjuringTriggers:
		return 2
	}
	return 1
}

func (r *defenseRoll) dist() *Dist {
	mine, theirs := withoutOnes(r.attack.rolledDist()), withoutOnes(r.defense.rolledDist())
	return mine.joined(theirs, func(a, d int64) int64 {
		return r.index(r.attack.effectiveTally(tallyOf(a)), r.defense.effectiveTally(tallyOf(d)))
	})
}

func (r *defenseRoll) roll(roller *Roller, rec *recorder) int64 {
	attack := r.attack.effectiveTally(r.attack.throw(roller, rec, "attack"))
	defense := r.defense.effectiveTally(r.defense.throw(roller, rec, "defense"))
	outcome := r.index(attack, defense)
	rec.line(tallyText(attack), " against ", tallyText(defense), " → ", defenseOutcomes[outcome])
	return outcome
}
