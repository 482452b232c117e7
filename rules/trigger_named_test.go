package rules

import (
	"slices"
	"testing"
)

// bruteGraded is an action's outcome graded by its Triggers: Brilliant (4
// or more) to Solid (1) by index 0 to 3, a success without a Trigger 4,
// Failure 5, Botch 6.
func bruteGraded(outcome TriggerOutcome, triggers int) int64 {
	switch outcome {
	case TriggerFailure:
		return 5
	case TriggerBotch:
		return 6
	}
	return int64(4 - min(triggers, 4))
}

func TestQualityAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr string
		a    ActionRoll
	}{
		{"trigger dice=4 difficulty=1 quality", ActionRoll{ActionNumber: 4, Difficulty: 1}},
		{"trigger dice=5 difficulty=2 success=4 mods=+1T quality", ActionRoll{ActionNumber: 5, Difficulty: 2, SuccessFace: 4, Modifier: TriggerModifier{Triggers: 1}}},
		{"trigger dice=0 difficulty=0 quality", ActionRoll{ActionNumber: 0}},
	} {
		want := bruteDist(c.a.Dice(), 1, 6, func(faces []int64) int64 {
			tally := bruteTally(c.a, faces)
			return bruteGraded(bruteOutcome(c.a, tally), tally.Triggers)
		})
		assertSameDist(t, c.expr, parseDist(t, c.expr), want)
	}
	for triggers := 1; triggers <= 4; triggers++ {
		if qualityNames[4-triggers] != TriggerQuality(triggers) {
			t.Errorf("%d triggers: %s, TriggerQuality says %s", triggers, qualityNames[4-triggers], TriggerQuality(triggers))
		}
	}
}

// TestCooperationAgainstBruteForce enumerates the helpers' dice and as many
// of the acting character's as the helpers could give her: she rolls her
// Action Number and, for each helper whose roll at one more Difficulty
// succeeds, one more die per Trigger of that helper's.
func TestCooperationAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr    string
		a       ActionRoll
		helpers []int
		quality bool
	}{
		{"trigger dice=2 difficulty=2 helpers=2", ActionRoll{ActionNumber: 2, Difficulty: 2}, []int{2}, false},
		{"trigger dice=1 difficulty=1 helpers=1,1 success=4 quality", ActionRoll{ActionNumber: 1, Difficulty: 1, SuccessFace: 4}, []int{1, 1}, true},
		{"trigger dice=1 difficulty=0 helpers=2 mods=-1D", ActionRoll{ActionNumber: 1, Modifier: TriggerModifier{Dice: -1}}, []int{2}, false},
	} {
		helped := 0
		for _, n := range c.helpers {
			helped += n
		}
		most := c.a.Dice() + helped
		want := bruteDist(helped+most, 1, 6, func(faces []int64) int64 {
			bonus, next := 0, 0
			for _, n := range c.helpers {
				h := ActionRoll{ActionNumber: n, Difficulty: c.a.Difficulty + 1, SuccessFace: c.a.SuccessFace}
				tally := bruteTally(h, faces[next:next+n])
				if bruteOutcome(h, tally) == TriggerSuccess {
					bonus += tally.Triggers
				}
				next += n
			}
			a := c.a
			a.Modifier.Dice += bonus
			tally := bruteTally(a, faces[next:next+a.Dice()])
			if c.quality {
				return bruteGraded(bruteOutcome(a, tally), tally.Triggers)
			}
			return int64(bruteOutcome(a, tally))
		})
		assertSameDist(t, c.expr, parseDist(t, c.expr), want)
	}
	// Bonus dice past the twelfth are automatic Successes.
	if a := (ActionRoll{ActionNumber: 11}).supported(3); a.Dice() != 12 || a.automaticSuccesses() != 2 {
		t.Errorf("11 dice and 3 bonus dice: %d dice, %d automatic successes", a.Dice(), a.automaticSuccesses())
	}
}

// TestCombinationAgainstBruteForce enumerates every step's dice: the first
// step that fails ends the combination as its Failure or Botch; if none
// does, their Triggers add up.
func TestCombinationAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr    string
		steps   []ActionRoll
		quality bool
	}{
		{"trigger dice=2,2 difficulty=1,1 quality", []ActionRoll{{ActionNumber: 2, Difficulty: 1}, {ActionNumber: 2, Difficulty: 1}}, true},
		{"trigger dice=3,2 difficulty=2,1", []ActionRoll{{ActionNumber: 3, Difficulty: 2}, {ActionNumber: 2, Difficulty: 1}}, false},
		{"trigger dice=1,2,1 difficulty=0,1,0 success=4 quality", []ActionRoll{{ActionNumber: 1, SuccessFace: 4}, {ActionNumber: 2, Difficulty: 1, SuccessFace: 4}, {ActionNumber: 1, SuccessFace: 4}}, true},
	} {
		dice := 0
		for _, s := range c.steps {
			dice += s.Dice()
		}
		want := bruteDist(dice, 1, 6, func(faces []int64) int64 {
			triggers, next := 0, 0
			for _, s := range c.steps {
				tally := bruteTally(s, faces[next:next+s.Dice()])
				next += s.Dice()
				if outcome := bruteOutcome(s, tally); outcome != TriggerSuccess {
					if c.quality {
						return bruteGraded(outcome, 0)
					}
					return int64(outcome)
				}
				triggers += tally.Triggers
			}
			if c.quality {
				return bruteGraded(TriggerSuccess, triggers)
			}
			return int64(TriggerSuccess)
		})
		assertSameDist(t, c.expr, parseDist(t, c.expr), want)
	}
}

// TestComplexWithHelpersAgainstBruteForce enumerates every round's dice of
// every participant: Successes and Triggers add up, except those of a roll
// at an Action Number of 0 or less, which fails automatically.
func TestComplexWithHelpersAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr            string
		participants    []ActionRoll
		required, rolls int
	}{
		{"trigger dice=2 complex=4 rolls=2 helpers=1", []ActionRoll{{ActionNumber: 2}, {ActionNumber: 1}}, 4, 2},
		{"trigger dice=1 complex=2 rolls=2 mods=-1D,+1S helpers=1", []ActionRoll{{ActionNumber: 1, Modifier: TriggerModifier{Dice: -1, Successes: 1}}, {ActionNumber: 1}}, 2, 2},
		{"trigger dice=3 complex=3 rolls=1 success=4", []ActionRoll{{ActionNumber: 3, SuccessFace: 4}}, 3, 1},
	} {
		perRound := 0
		for _, a := range c.participants {
			perRound += a.Dice()
		}
		want := bruteDist(perRound*c.rolls, 1, 6, func(faces []int64) int64 {
			reached, next := 0, 0
			for range c.rolls {
				for _, a := range c.participants {
					tally := bruteTally(a, faces[next:next+a.Dice()])
					next += a.Dice()
					if a.ActionNumber+a.Modifier.Dice > 0 {
						reached += tally.Successes + tally.Triggers
					}
				}
			}
			return int64(boolIndex(reached < c.required))
		})
		assertSameDist(t, c.expr, parseDist(t, c.expr), want)
	}
}

// TestConflictDrawsAgainstBruteForce enumerates both sides: with draws
// allowed, a tie in Successes and Triggers is a Draw.
func TestConflictDrawsAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr            string
		actor, opponent ActionRoll
	}{
		{"trigger dice=2 vs=2 draws", ActionRoll{ActionNumber: 2}, ActionRoll{ActionNumber: 2}},
		{"trigger dice=3 vs=2 success=4 mods=-1T draws", ActionRoll{ActionNumber: 3, SuccessFace: 4, Modifier: TriggerModifier{Triggers: -1}}, ActionRoll{ActionNumber: 2, SuccessFace: 4}},
		{"trigger dice=0 vs=1 draws", ActionRoll{}, ActionRoll{ActionNumber: 1}},
	} {
		want := bruteDist(c.actor.Dice()+c.opponent.Dice(), 1, 6, func(faces []int64) int64 {
			mine := bruteTally(c.actor, faces[:c.actor.Dice()])
			theirs := bruteTally(c.opponent, faces[c.actor.Dice():])
			if c.actor.ActionNumber+c.actor.Modifier.Dice <= 0 {
				mine = Tally{}
			}
			switch {
			case mine.Successes > theirs.Successes || mine.Successes == theirs.Successes && mine.Triggers > theirs.Triggers:
				return 0
			case mine.Successes == theirs.Successes && mine.Triggers == theirs.Triggers:
				return 1
			}
			return 2
		})
		e, _ := Parse(c.expr, GenericSystem)
		if !slices.Equal(e.Outcomes(), []string{"Success", "Draw", "Failure"}) {
			t.Errorf("%s: outcomes %q", c.expr, e.Outcomes())
		}
		assertSameDist(t, c.expr, parseDist(t, c.expr), want)
	}
}
