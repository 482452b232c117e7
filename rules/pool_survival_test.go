package rules

import (
	"math/big"
	"testing"
)

// brutePool enumerates n d6 and passes the successes (5 or 6) to f.
func brutePool(n int, f func(successes int) int64) map[int64]*big.Rat {
	return bruteTrigger(n, func(s, _, _ int) int64 { return f(s) })
}

func TestSurvivalRollsAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr string
		dice int
		f    func(s int) int64
	}{
		// Hunger 8 paid at Level 3: +successes, at most 10.
		{"pool hunger=8 level=3", 3, func(s int) int64 { return int64(min(8+s, 10)) }},
		// Spoilage of a rating-3 Food: the successes, or 3 and Spoiled.
		{"pool spoilage=3", 3, func(s int) int64 {
			if s == 0 {
				return 3
			}
			return int64(s)
		}},
		// An Obstacle of Level 2 against 4 dice.
		{"pool obstacle dice=4 level=2", 4, func(s int) int64 {
			if s > 2 {
				return int64(max(0, 2-(s-2)))
			}
			return 2
		}},
		// Infection at Level 2 with 5 dice, Infected 1 taking one away.
		{"pool infection dice=5 level=2 infected=1", 4, func(s int) int64 { return int64(max(0, 2-s)) }},
		// Effects rated 3, 2 and 1, checked with 3 dice.
		{"pool effects=3,2,1", 3, func(s int) int64 {
			n := 0
			for _, r := range []int{3, 2, 1} {
				if s >= r {
					n++
				}
			}
			return int64(n)
		}},
		{"pool heal dice=5 wounds=2", 5, func(s int) int64 { return int64(min(2, max(0, s-2))) }},
		{"pool swarmlings dice=4 level=1", 4, func(s int) int64 { return int64(max(0, s-1)) }},
		// Level 3 rolls its 3 dice twice.
		{"pool encounter level=3", 6, func(s int) int64 { return int64(s) }},
		// Exploration at Level 1 with 4 dice: the Rewards of each degree.
		{"pool explore dice=4 level=1 events=rewards", 4, func(s int) int64 {
			return int64([]int{0, 0, 0, 1, 2, 3}[poolDegreeBrute(s-1)])
		}},
		// Ordered modifiers: 2 dice, +1 then -2, is 1 die.
		{"pool dice=2 mods=+1,-2 difficulty=0", 1, func(s int) int64 { return int64(5 - poolDegreeBrute(s)) }},
	} {
		assertSameChances(t, c.expr, namedDist(t, c.expr), brutePool(c.dice, c.f))
	}
}

// poolDegreeBrute reads seed 001's Net Hits table, worst first: 0 Critical
// Failure … 5 Critical Success.
func poolDegreeBrute(net int) int {
	switch {
	case net >= 5:
		return 5
	case net >= 3:
		return 4
	case net >= 1:
		return 3
	case net >= -1:
		return 2
	case net >= -3:
		return 1
	}
	return 0
}

func TestAttackDiceAgainstBruteForce(t *testing.T) {
	// 3 attacking dice in a Darkness 2 room with Darkness 1 (one die less:
	// 2), against 1 die with Carapace 1 in close combat (2 dice); the
	// Wounds, less 1 soaked by a Swarm — Swarms are no modifier unless the
	// attack is an Area Attack.
	want := map[int64]*big.Rat{}
	enumerate(4, 1, 6, func(faces []int64) {
		hits := func(fs []int64) int {
			n := 0
			for _, f := range fs {
				if f >= 5 {
					n++
				}
			}
			return n
		}
		net := hits(faces[:2]) - hits(faces[2:])
		v := int64(max(0, max(net, 0)-1))
		if want[v] == nil {
			want[v] = new(big.Rat)
		}
		want[v].Add(want[v], big.NewRat(1, 1296))
	})
	expr := "pool dice=3 vs=1 wounds close carapace=1 flight=3 swarms=1 room=2 darkness=1"
	assertSameChances(t, expr, namedDist(t, expr), want)
	if got, want := EncounterRolls(10), 4; got != want {
		t.Errorf("Level 10 rolls %d times, want %d", got, want)
	}
}

// TestDarknessExample checks seed 001's worked example of Darkness: an
// Insect rated 2 negates the whole penalty of a Darkness 2 Room and suffers
// a negative modifier of 1 in a Darkness 3 Room.
func TestDarknessExample(t *testing.T) {
	chances := func(d *Dist) map[int64]*big.Rat {
		m := map[int64]*big.Rat{}
		for i := range d.Len() {
			m[d.Value(i)] = rat(d.Chance(i))
		}
		return m
	}
	for _, c := range []struct{ dark, plain string }{
		{"pool dice=4 vs=2 wounds room=2 darkness=2", "pool dice=4 vs=2 wounds"},
		{"pool dice=4 vs=2 wounds room=3 darkness=2", "pool dice=3 vs=2 wounds"},
	} {
		assertSameChances(t, c.dark, namedDist(t, c.dark), chances(namedDist(t, c.plain)))
	}
}
