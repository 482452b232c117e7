package rules

import (
	"math/big"
	"testing"
)

// bruteTrigger enumerates n d6 and passes each fall's successes (5 or 6),
// triggers (6) and ones to f, written apart from the engine.
func bruteTrigger(n int, f func(successes, triggers, ones int) int64) map[int64]*big.Rat {
	want := map[int64]*big.Rat{}
	enumerate(n, 1, 6, func(faces []int64) {
		s, tr, ones := 0, 0, 0
		for _, face := range faces {
			if face >= 5 {
				s++
			}
			if face == 6 {
				tr++
			}
			if face == 1 {
				ones++
			}
		}
		v := f(s, tr, ones)
		if want[v] == nil {
			want[v] = new(big.Rat)
		}
		all := int64(1)
		for range n {
			all *= 6
		}
		want[v].Add(want[v], big.NewRat(1, all))
	})
	return want
}

func TestTriggerBattleRollsAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr string
		dice int
		f    func(s, tr, ones int) int64
	}{
		{"trigger dice=4 initiative", 4, func(s, _, _ int) int64 { return int64(s) }},
		{"trigger dice=4 initiative bonus", 4, func(_, tr, _ int) int64 { return int64(tr / 2) }},
		{"trigger dice=4 difficulty=2 damage=3 armor=2", 4, func(s, tr, _ int) int64 {
			if s < 2 {
				return 0
			}
			return int64(max(0, 3+tr-2))
		}},
		{"trigger dice=4 difficulty=1 heal", 4, func(s, tr, _ int) int64 {
			if s < 1 {
				return 0
			}
			return int64(1 + tr)
		}},
		// Ego adds dice and encumbrance over what one carries takes them:
		// 3 + 2 − (4 − 2) is 3 dice.
		{"trigger dice=3 difficulty=2 ego=2 encumbrance=4 carry=2", 3, func(s, _, ones int) int64 {
			switch {
			case s >= 2:
				return 0
			case ones > s:
				return 2
			}
			return 1
		}},
	} {
		assertSameChances(t, c.expr, namedDist(t, c.expr), bruteTrigger(c.dice, c.f))
	}

	// Active Defense: 2 attacking dice against 3 defending, close: every
	// fall of all five dice.
	want := map[int64]*big.Rat{}
	enumerate(5, 1, 6, func(faces []int64) {
		tally := func(fs []int64) (s, tr int) {
			for _, f := range fs {
				if f >= 5 {
					s++
				}
				if f == 6 {
					tr++
				}
			}
			return
		}
		as, at := tally(faces[:2])
		ds, dt := tally(faces[2:])
		outcome := int64(1)
		switch {
		case as > ds || as == ds && at > dt:
			outcome = 0
		case dt >= 3:
			outcome = 2
		}
		if want[outcome] == nil {
			want[outcome] = new(big.Rat)
		}
		want[outcome].Add(want[outcome], big.NewRat(1, 7776))
	})
	assertSameChances(t, "defense", namedDist(t, "trigger dice=2 defend=3 close"), want)
}
