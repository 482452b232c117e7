package rules

import (
	"math/big"
	"testing"
)

// Brute force for the Combat actions and the Nest's rules: every d100 (and
// every face of any die rolled after it) enumerated, the rules applied as
// seed 000 states them, written here apart from the engine.

// bruteDegree is an unmodified qualification: 0 Complete Failure … 3
// Complete Success.
func bruteDegree(roll, effort, resistance int) int {
	match, beat := roll < effort, roll >= resistance
	switch {
	case match && beat:
		return 3
	case match:
		return 2
	case beat:
		return 1
	}
	return 0
}

// bruteNumeric enumerates a d100 then n faces of a die with sides faces
// (zero-based), and counts the outcome f gives.
func bruteNumeric(sides int, f func(roll, face int) int64) map[int64]*big.Rat {
	want := map[int64]*big.Rat{}
	for roll := range 100 {
		for face := range sides {
			v := f(roll, face)
			if want[v] == nil {
				want[v] = new(big.Rat)
			}
			want[v].Add(want[v], big.NewRat(1, int64(100*sides)))
		}
	}
	return want
}

func namedDist(t *testing.T, expr string) *Dist {
	t.Helper()
	e, err := Parse(expr, FD100System)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	d, err := e.Dist()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCombatActionsAgainstBruteForce(t *testing.T) {
	// Seed 000's Suppress table, Intimidate column, from Complete Failure
	// up (the critical degrees need modifiers): Advances, Holds, Recoils,
	// Recoils, as steps of the target.
	intimidate := [4]int{+1, 0, -1, -1}
	places := []string{"Retreating", "Recoiling", "Holding", "Advancing", "Charging"}
	for _, c := range []struct {
		effort, resistance, at int
	}{{60, 40, 2}, {35, 70, 1}, {90, 10, 4}} {
		expr := "fd100 intimidate effort=" + itoa(c.effort) + " resistance=" + itoa(c.resistance) + " at=" + places[c.at]
		d := namedDist(t, expr)
		want := map[int64]*big.Rat{}
		for roll := range 100 {
			after := min(max(c.at+intimidate[bruteDegree(roll, c.effort, c.resistance)], 0), 4)
			i := int64(after) // the labels run from Retreating, best for the one intimidating
			if want[i] == nil {
				want[i] = new(big.Rat)
			}
			want[i].Add(want[i], big.NewRat(1, 100))
		}
		assertSameChances(t, expr, d, want)
	}

	// Charm: a success bestows Charmed by a Roll to Increase with d60
	// (Complete) or d40 (Partial); a failure bestows Confused on an ally.
	for _, ally := range []bool{false, true} {
		expr := "fd100 charm effort=60 resistance=40 rating=10"
		if ally {
			expr += " ally"
		}
		d := namedDist(t, expr)
		want := map[int64]*big.Rat{}
		for roll := range 100 {
			deg := bruteDegree(roll, 60, 40)
			sides := [4]int{60, 40, 40, 60}[deg]
			bestowed := deg >= 2 != ally // the target on a success, the ally on a failure
			for face := range sides {
				v := int64(10)
				if bestowed {
					v = int64(max(10, face))
				}
				if want[v] == nil {
					want[v] = new(big.Rat)
				}
				want[v].Add(want[v], big.NewRat(1, int64(100*sides)))
			}
		}
		assertSameChances(t, expr, d, want)
	}

	// Resist: Remove (Complete), Reduce with a d100 (Partial), remains
	// (Partial Failure), enhance with a d100 (Complete Failure).
	d := namedDist(t, "fd100 resist effort=55 effect=40")
	want := bruteNumeric(100, func(roll, face int) int64 {
		switch bruteDegree(roll, 55, 40) {
		case 3:
			return 0
		case 2:
			return int64(min(40, face))
		case 1:
			return 40
		}
		return int64(max(40, face))
	})
	assertSameChances(t, "fd100 resist effort=55 effect=40", d, want)
}

func TestEffectTurnsAgainstBruteForce(t *testing.T) {
	// Two Turns of Bleeding 30 resisted with 50, every d100 of each Turn
	// enumerated: the resistance roll, then the quantification die. The
	// ways to reach each rating and count of Wounds are gathered Turn by
	// Turn.
	type state struct{ rating, wounds int }
	states := map[state]*big.Rat{{30, 0}: big.NewRat(1, 1)}
	for range 2 {
		next := map[state]*big.Rat{}
		add := func(s state, p *big.Rat) {
			if next[s] == nil {
				next[s] = new(big.Rat)
			}
			next[s].Add(next[s], p)
		}
		for s, p := range states {
			if s.rating == 0 {
				add(s, p)
				continue
			}
			for roll := range 100 {
				deg := bruteDegree(roll, 50, s.rating)
				for face := range 100 {
					after := [4]int{max(s.rating, face), s.rating, min(s.rating, face), 0}[deg]
					add(state{after, s.wounds + map[bool]int{true: 1}[deg < 2]}, new(big.Rat).Mul(p, big.NewRat(1, 10000)))
				}
			}
		}
		states = next
	}
	want := map[int64]*big.Rat{}
	for s, p := range states {
		if want[int64(s.wounds)] == nil {
			want[int64(s.wounds)] = new(big.Rat)
		}
		want[int64(s.wounds)].Add(want[int64(s.wounds)], p)
	}
	assertSameChances(t, "fd100 bleeding=30 resist=50 turns=2", namedDist(t, "fd100 bleeding=30 resist=50 turns=2"), want)
	if d := namedDist(t, "fd100 infected=40 turns=3"); d.Len() != 1 || d.Value(0) != 3 {
		t.Errorf("unresisted Infected acts every Turn")
	}
	if d := namedDist(t, "fd100 stunned=40 turns=3"); d.Len() != 1 || d.Value(0) != 1 {
		t.Errorf("Stunned loses one Turn, then is spent")
	}
}

func TestNestRulesAgainstBruteForce(t *testing.T) {
	// The Workers' alarm: a d100 under Swarming 90, then the lowest Chance
	// above the roll; 80 to 89 succeed and summon nothing.
	want := map[int64]*big.Rat{}
	for roll := range 100 {
		v := int64(0)
		if roll < 90 {
			for _, c := range []int{25, 30, 60, 80} {
				if c > roll {
					v = int64(c)
					break
				}
			}
		}
		if want[v] == nil {
			want[v] = new(big.Rat)
		}
		want[v].Add(want[v], big.NewRat(1, 100))
	}
	assertSameChances(t, "alarm", namedDist(t, "fd100 alarm swarming=90 chances=80,60,30,25"), want)

	// The Alarm Gun among 3 Nasutes: every pair of d100s.
	chain := map[int64]*big.Rat{}
	for a := range 100 {
		for b := range 100 {
			n := int64(1)
			if a < 40 {
				n++
				if b < 40 {
					n++
				}
			}
			if chain[n] == nil {
				chain[n] = new(big.Rat)
			}
			chain[n].Add(chain[n], big.NewRat(1, 10000))
		}
	}
	assertSameChances(t, "alarm gun", namedDist(t, "fd100 alarmgun nasutes=3"), chain)

	// Hunger 95 after one Roll to Increase on a d100: never 100.
	hunger := bruteNumeric(1, func(roll, _ int) int64 { return int64(max(95, roll)) })
	assertSameChances(t, "hunger", namedDist(t, "fd100 hunger=95 rises=1"), hunger)
}

func TestLuckSavesACriticalFailure(t *testing.T) {
	// A static −50 makes every roll under 50 a shift down; Luck 33 saves
	// a Critical Failure on a second d100 under 33.
	want := map[int64]*big.Rat{}
	for roll := range 100 {
		deg := bruteDegree(roll, 30, 60) + 1 // on the six-step scale, Critical Failure 0
		if roll < 50 {
			deg--
		}
		for luck := range 100 {
			final := deg
			if final == 0 && luck < 33 {
				final = 1
			}
			i := int64(5 - final) // best first
			if want[i] == nil {
				want[i] = new(big.Rat)
			}
			want[i].Add(want[i], big.NewRat(1, 10000))
		}
	}
	assertSameChances(t, "luck", namedDist(t, "fd100 effort=30 resistance=60 static=-50 luck=33"), want)
}

func TestDecileReadingsAsNamedRolls(t *testing.T) {
	// Alternative 3 reads a one-based d6 tens die's 6 as 0 unless the d10
	// shows 0: a d60 gives 1 to 60.
	d := namedDist(t, "fd100 set=d60 reading=3")
	if d.Min() != 1 || d.Max() != 60 {
		t.Errorf("reading 3: d60 gives %d to %d, want 1 to 60", d.Min(), d.Max())
	}
	d = namedDist(t, "fd100 set=d60 reading=2")
	if d.Min() != 0 || d.Max() != 59 {
		t.Errorf("reading 2: d60 gives %d to %d, want 0 to 59", d.Min(), d.Max())
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }
