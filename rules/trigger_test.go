package rules

import (
	"math/big"
	"testing"
)

// bruteTally counts thrown faces the way the seed describes it.
func bruteTally(a ActionRoll, faces []int64) Tally {
	face := a.SuccessFace
	if face == 0 {
		face = 5
	}
	var t Tally
	for _, f := range faces {
		if f >= int64(face) {
			t.Successes++
		}
		if f == 6 {
			t.Triggers++
		}
		if f == 1 {
			t.Ones++
		}
	}
	n := a.ActionNumber + a.Modifier.Dice
	t.Successes = max(t.Successes+max(n-12, 0)+a.Modifier.Successes, 0)
	t.Triggers = max(t.Triggers+a.Modifier.Triggers, 0)
	return t
}

func bruteOutcome(a ActionRoll, t Tally) TriggerOutcome {
	switch {
	case a.ActionNumber+a.Modifier.Dice <= 0:
		return TriggerFailure
	case t.Successes >= a.Difficulty:
		return TriggerSuccess
	case t.Ones > t.Successes:
		return TriggerBotch
	}
	return TriggerFailure
}

func TestActionRollAgainstBruteForce(t *testing.T) {
	for _, a := range []ActionRoll{
		{ActionNumber: 0, Difficulty: 1},
		{ActionNumber: -2, Difficulty: 1},
		{ActionNumber: 1, Difficulty: 1},
		{ActionNumber: 4, Difficulty: 2},
		{ActionNumber: 5, Difficulty: 4, SuccessFace: 4},
		{ActionNumber: 3, Difficulty: 2, Modifier: TriggerModifier{Dice: 2, Successes: -1}},
		{ActionNumber: 6, Difficulty: 6, Modifier: TriggerModifier{Dice: -1, Successes: 1, Triggers: 1}},
	} {
		want := bruteDist(a.Dice(), 1, 6, func(faces []int64) int64 { return int64(bruteOutcome(a, bruteTally(a, faces))) })
		assertSameDist(t, "action roll", a.Dist(), want)
	}
}

// TestTwelveDiceCap checks that dice beyond twelve are automatic successes.
func TestTwelveDiceCap(t *testing.T) {
	a := ActionRoll{ActionNumber: 15, Difficulty: 3}
	if a.Dice() != 12 {
		t.Errorf("15 dice throws %d", a.Dice())
	}
	if got := rat(a.Dist().Prob(int64(TriggerSuccess))); got.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("3 automatic successes against 3: P(Success) = %s", got.RatString())
	}
	if tally := a.Count(make([]int64, 12)); tally.Successes != 3 {
		t.Errorf("12 blank dice and 3 over the cap: %d successes", tally.Successes)
	}
}

// TestTriggerSuccessFaceReading documents the reading: by default a die is a
// Success when greater than 4; success=4 counts 4 and up.
func TestTriggerSuccessFaceReading(t *testing.T) {
	faces := []int64{4, 5, 6}
	if got := (ActionRoll{ActionNumber: 3}).Count(faces).Successes; got != 2 {
		t.Errorf("default: %d successes on 4 5 6, want 2", got)
	}
	if got := (ActionRoll{ActionNumber: 3, SuccessFace: 4}).Count(faces).Successes; got != 3 {
		t.Errorf("success face 4: %d successes on 4 5 6, want 3", got)
	}
}

func TestBotch(t *testing.T) {
	a := ActionRoll{ActionNumber: 4, Difficulty: 2}
	for _, c := range []struct {
		faces []int64
		want  TriggerOutcome
	}{
		{[]int64{1, 1, 5, 2}, TriggerBotch},
		{[]int64{1, 3, 5, 2}, TriggerFailure},
		{[]int64{1, 1, 5, 6}, TriggerSuccess},
		{[]int64{2, 2, 3, 4}, TriggerFailure},
	} {
		if got := a.Outcome(a.Count(c.faces)); got != c.want {
			t.Errorf("%v: %s, want %s", c.faces, got, c.want)
		}
	}
}

func TestConflictAgainstBruteForce(t *testing.T) {
	for _, pair := range [][2]ActionRoll{
		{{ActionNumber: 2}, {ActionNumber: 2}},
		{{ActionNumber: 3, Modifier: TriggerModifier{Triggers: 1}}, {ActionNumber: 2, SuccessFace: 4}},
		{{ActionNumber: 1}, {ActionNumber: 0}},
		// A side at an Action Number of 0 or less fails automatically,
		// whatever Successes its modifiers would add.
		{{ActionNumber: 0, Modifier: TriggerModifier{Successes: 2}}, {ActionNumber: 0}},
		{{ActionNumber: 2, Modifier: TriggerModifier{Dice: -2, Successes: 3}}, {ActionNumber: 1}},
		{{ActionNumber: 1}, {ActionNumber: 0, Modifier: TriggerModifier{Successes: 1, Triggers: 1}}},
	} {
		actor, opponent := pair[0], pair[1]
		want := bruteDist(actor.Dice()+opponent.Dice(), 1, 6, func(faces []int64) int64 {
			mine := bruteTally(actor, faces[:actor.Dice()])
			theirs := bruteTally(opponent, faces[actor.Dice():])
			if actor.ActionNumber+actor.Modifier.Dice <= 0 {
				mine = Tally{}
			}
			if opponent.ActionNumber+opponent.Modifier.Dice <= 0 {
				theirs = Tally{}
			}
			won := mine.Successes > theirs.Successes || mine.Successes == theirs.Successes && mine.Triggers > theirs.Triggers
			return int64(boolIndex(!won))
		})
		got := conflictDist(actor, opponent, false)
		assertSameDist(t, "conflict", got, want)
		if rat(ConflictChance(actor, opponent)).Cmp(rat(got.Prob(0))) != 0 {
			t.Error("ConflictChance disagrees with the conflict's odds")
		}
	}
	// Reading: a full tie loses for the acting side.
	if ConflictWins(Tally{Successes: 2, Triggers: 1}, Tally{Successes: 2, Triggers: 1}) {
		t.Error("a tie in Successes and Triggers should lose")
	}
}

func TestComplexChanceAgainstBruteForce(t *testing.T) {
	a := ActionRoll{ActionNumber: 2}
	for _, c := range []struct{ required, rolls int }{{1, 1}, {3, 2}, {4, 3}, {0, 0}, {2, 0}} {
		want := bruteDist(a.Dice()*c.rolls, 1, 6, func(faces []int64) int64 {
			progress := 0
			for i := range c.rolls {
				t := bruteTally(a, faces[i*a.Dice():(i+1)*a.Dice()])
				progress += t.Successes + t.Triggers
			}
			return int64(boolIndex(progress >= c.required))
		})
		var total int64
		for _, w := range want {
			total += w
		}
		if got, exact := rat(ComplexChance([]ActionRoll{a}, c.required, c.rolls)), big.NewRat(want[1], total); got.Cmp(exact) != 0 {
			t.Errorf("%d successes in %d rolls: %s, want %s", c.required, c.rolls, got.RatString(), exact.RatString())
		}
	}
}

func TestTriggerModifiersAndQualities(t *testing.T) {
	m, err := ParseTriggerModifier("+3D")
	if err != nil || m != (TriggerModifier{Dice: 3}) {
		t.Errorf("+3D: %+v %v", m, err)
	}
	m, err = ParseTriggerModifier("-2s")
	if err != nil || m != (TriggerModifier{Successes: -2}) {
		t.Errorf("-2s: %+v %v", m, err)
	}
	for _, bad := range []string{"3D", "+D", "+3X", ""} {
		if _, err := ParseTriggerModifier(bad); err == nil {
			t.Errorf("ParseTriggerModifier(%q) accepted", bad)
		}
	}
	for triggers, want := range []string{"", "Solid", "Remarkable", "Excellent", "Brilliant", "Brilliant"} {
		if got := TriggerQuality(triggers); got != want {
			t.Errorf("%d triggers: %q, want %q", triggers, got, want)
		}
	}
}

// TestModifiedTallyReading holds the reading of adjust and Outcome:
// Successes and Triggers a modifier takes away stop at 0, and a Botch
// counts the 1s against the Successes the modifiers leave.
func TestModifiedTallyReading(t *testing.T) {
	a := ActionRoll{ActionNumber: 4, Difficulty: 1, Modifier: TriggerModifier{Successes: -2, Triggers: -3}}
	tally := a.Count([]int64{6, 1, 2, 3})
	if tally.Successes != 0 || tally.Triggers != 0 {
		t.Errorf("one Success and one Trigger less two and three: %+v, want none below 0", tally)
	}
	// One 1 against the no Success left: a Botch, though the dice rolled
	// a Success.
	if got := a.Outcome(tally); got != TriggerBotch {
		t.Errorf("%s, want a Botch", got)
	}
}
