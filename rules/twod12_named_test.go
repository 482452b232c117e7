package rules

import (
	"math/big"
	"testing"
)

// bruteKept returns the two dice a 2d12 roll keeps: the highest with
// advantage (or none), the lowest with disadvantage.
func bruteKept(faces []int64, advantage int) []int64 {
	return sortedCopy(faces, advantage >= 0)[:2]
}

// bruteScore adds kept faces with the specials: +2 for a 12, −2 for a 1.
func bruteScore(kept []int64) int64 {
	var score int64
	for _, f := range kept {
		score += f + map[int64]int64{12: 2, 1: -2}[f]
	}
	return score
}

// TestOpposedAgainstBruteForce enumerates both rolls: the named roll wins
// when its total meets or beats the opposing one.
func TestOpposedAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr            string
		mod, vs         int64
		advantage, dice int
	}{
		{"2d12 mod=+3 vs=+3", 3, 3, 0, 2},
		{"2d12 vs=+4", 0, 4, 0, 2},
		{"2d12 mod=+5 vs=0 adv", 5, 0, 1, 3},
		{"2d12 mod=-2 vs=-6 dis", -2, -6, -1, 3},
		{"2d12 mod=+1 vs=+1 adv dis", 1, 1, 0, 2}, // they cancel
	} {
		want := bruteDist(c.dice+2, 1, 12, func(faces []int64) int64 {
			mine := bruteScore(bruteKept(faces[:c.dice], c.advantage)) + c.mod
			theirs := bruteScore(faces[c.dice:]) + c.vs
			return int64(boolIndex(mine < theirs))
		})
		got := parseDist(t, c.expr)
		assertSameDist(t, c.expr, got, want)
	}
}

func TestTaking(t *testing.T) {
	for expr, want := range map[string]int64{
		"2d12 mod=+3 target=16 take=13": 0, // 16 meets 16
		"2d12 mod=+2 target=16 take=13": 1,
		"2d12 mod=+6 target=30 take=24": 0,
		"2d12 mod=+6 target=30 take=20": 1,
	} {
		assertSameDist(t, expr, parseDist(t, expr), map[int64]int64{want: 1})
		if result, _ := Roll(expr, "", 1); len(result.Dice) != 0 || result.Outcome != successOrFailure[want] {
			t.Errorf("%s rolled %v → %s", expr, result.Dice, result.Outcome)
		}
	}
}

// TestTriesAgainstBruteForce enumerates one roll of the dice, faces alone,
// and raises its chance of falling short to the number of tries.
func TestTriesAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr            string
		taken, tries    int64
		advantage, dice int
	}{
		{"2d12 take=24 tries=100", 24, 100, 0, 2},
		{"2d12 take=20 tries=20", 20, 20, 0, 2},
		{"2d12 take=13 tries=1", 13, 1, 0, 2},
		{"2d12 take=24 tries=10 adv", 24, 10, 1, 3},
	} {
		reach := bruteDist(c.dice, 1, 12, func(faces []int64) int64 {
			kept := bruteKept(faces, c.advantage)
			return int64(boolIndex(kept[0]+kept[1] >= c.taken))
		})
		short := big.NewRat(reach[0], reach[0]+reach[1])
		miss := new(big.Rat).SetInt64(1)
		for range c.tries {
			miss.Mul(miss, short)
		}
		got := parseDist(t, c.expr)
		assertSameChances(t, c.expr, got, map[int64]*big.Rat{0: new(big.Rat).Sub(big.NewRat(1, 1), miss), 1: miss})
	}
	// Seed 003: "a 50% chance of [rolling a 24] after 100 rolls".
	if p := parseDist(t, "2d12 take=24 tries=100").Prob(0).Float64(); p < 0.495 || p >= 0.505 {
		t.Errorf("a 24 within 100 rolls: %.4f, which does not round to 50%%", p)
	}
}

// TestDamageAgainstBruteForce enumerates the attack's dice and three
// throws of the damage dice, of which a hit adds up one and one more per
// kept 12, and a miss none.
func TestDamageAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr                string
		mod, target         int64
		advantage, dice     int
		count, sides, bonus int
	}{
		{"2d12 mod=+3 target=16 damage=1d4", 3, 16, 0, 2, 1, 4, 0},
		{"2d12 mod=+8 target=14 kind=attack damage=2d3+1", 8, 14, 0, 2, 2, 3, 1},
		{"2d12 mod=-20 target=10 damage=d4-2", -20, 10, 0, 2, 1, 4, -2}, // only 12-12 hits
		{"2d12 mod=+4 target=18 damage=1d3 adv", 4, 18, 1, 3, 1, 3, 0},
		{"2d12 mod=+4 target=18 damage=1d3 dis", 4, 18, -1, 3, 1, 3, 0},
	} {
		want := make(map[int64]int64)
		enumerate(c.dice, 1, 12, func(attack []int64) {
			kept := bruteKept(attack, c.advantage)
			hit := bruteScore(kept)+c.mod >= c.target
			if kept[0] == kept[1] && (kept[0] == 1 || kept[0] == 12) {
				hit = kept[0] == 12 // an attack's natural result
			}
			throws := 1
			for _, f := range kept {
				if f == 12 {
					throws++
				}
			}
			enumerate(3*c.count, 1, int64(c.sides), func(damage []int64) {
				if !hit {
					want[0]++
					return
				}
				var sum int64
				for _, f := range damage[:throws*c.count] {
					sum += f
				}
				want[max(sum+int64(c.bonus), 0)]++
			})
		})
		got := parseDist(t, c.expr)
		assertSameDist(t, c.expr, got, want)
	}
}

// TestAdvantageCancels checks seed 003's "advantage and disadvantage, no
// matter from how many sources, always cancel each other out" and "never
// stack": any of each gives the plain roll, and several advantages the
// strongest.
func TestAdvantageCancels(t *testing.T) {
	for expr, same := range map[string]string{
		"2d12 mod=+3 target=16 adv dis":            "2d12 mod=+3 target=16",
		"2d12 mod=+3 target=16 adv2 dis":           "2d12 mod=+3 target=16",
		"2d12 mod=+3 target=16 adv dis2 kind=save": "2d12 mod=+3 target=16 kind=save",
		"2d12 mod=+3 target=16 adv adv2 adv":       "2d12 mod=+3 target=16 adv2",
		"2d12 mod=+1 vs=+2 dis dis2":               "2d12 mod=+1 vs=+2 dis2",
		"2d12 mod=+5 target=16 damage=1d6 adv dis": "2d12 mod=+5 target=16 damage=1d6",
	} {
		a, errA := Parse(expr, GenericSystem)
		b, errB := Parse(same, GenericSystem)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		da, _ := a.Dist()
		db, _ := b.Dist()
		if da.Len() != db.Len() {
			t.Fatalf("%s: %d outcomes, %s: %d", expr, da.Len(), same, db.Len())
		}
		for i := range da.Len() {
			if da.Value(i) != db.Value(i) || rat(da.Chance(i)).Cmp(rat(db.Chance(i))) != 0 {
				t.Errorf("%s and %s differ at %d: %s, %s", expr, same, da.Value(i), da.Chance(i), db.Chance(i))
			}
		}
		if n := len(a.Roll(NewRoller(1)).Dice); n != len(b.Roll(NewRoller(1)).Dice) {
			t.Errorf("%s threw %d dice", expr, n)
		}
	}
}
