package rules

import "strconv"

// Cooperation (seed 004): a supporter makes the same roll at one more
// Difficulty, and if it succeeds her Triggers become bonus dice for the
// character she supports.

// MaxHelpers is the most supporters a named roll may name: each adds a
// dozen dice to the exact odds, a complex action's every round.
const MaxHelpers = 4

// helper returns the roll of a supporter with the given Action Number: the
// supported roll's, at one more Difficulty, without its modifiers.
func (a ActionRoll) helper(actionNumber int) ActionRoll {
	return ActionRoll{ActionNumber: actionNumber, Difficulty: a.Difficulty + 1, SuccessFace: a.SuccessFace}
}

// help returns the bonus dice a supporter's tally gives: her Triggers when
// her roll succeeds, none when it fails.
func (a ActionRoll) help(t Tally) int {
	if a.Outcome(t) != TriggerSuccess {
		return 0
	}
	return t.Triggers
}

// supported returns the roll with bonus dice added to its Action Number.
//
// Reading: the bonus dice are dice like any others, so beyond MaxActionDice
// they become automatic Successes.
func (a ActionRoll) supported(bonus int) ActionRoll {
	a.Modifier.Dice += bonus
	return a
}

// bonusDist returns the exact distribution of the bonus dice all the
// helpers give together.
func (r *actionRoll) bonusDist() *Dist {
	bonus := constantDist(0)
	for _, n := range r.helpers {
		h := r.helper(n)
		bonus = bonus.plus(h.rolledDist().mapped(func(key int64) int64 { return int64(h.help(h.adjust(tallyOf(key)))) }))
	}
	return bonus
}

// throwHelpers rolls each helper's dice and returns the bonus dice they
// give together.
func (r *actionRoll) throwHelpers(roller *Roller, rec *recorder) int {
	bonus := 0
	for i, n := range r.helpers {
		h := r.helper(n)
		term := "helper " + strconv.Itoa(i+1)
		t := h.adjust(h.throw(roller, rec, term))
		given := h.help(t)
		rec.line(term, ": ", tallyText(t), " against difficulty ", strconv.Itoa(h.Difficulty), " → ", h.Outcome(t).String(), ", ", counted(int64(given), "bonus die", "bonus dice"))
		bonus += given
	}
	return bonus
}
