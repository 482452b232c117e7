package rules

import (
	"math/big"
	"testing"
)

// TestBonusFormulas checks seed 003's formulas against the examples it
// gives, and names the three it gets wrong.
func TestBonusFormulas(t *testing.T) {
	// "At levels 1-5, base=1. At levels 6-10, base=2, at levels 11-15,
	// base=3."
	for level := 1; level <= 15; level++ {
		if got, want := BaseBonus(level), (level+4)/5; got != want {
			t.Errorf("Base at level %d = %d, want %d", level, got, want)
		}
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"Stat of INT 18 (Bob: +4)", StatBonus(18), 4},
		{"Stat of WIS 15 (Alice: +2)", StatBonus(15), 2},
		{"Stat of WIS 20 (Aerith: +5)", StatBonus(20), 5},
		{"Stat of 11", StatBonus(11), 0},
		{"Stat of 8", StatBonus(8), -1}, // ⌈−1.5⌉
		{"Sup of 6 MP dice (Alice: 1)", PoolBonus(6), 1},
		{"Nat of 30 SP dice (the seed: 5)", PoolBonus(30), 5},
		// The seed's three wrong worked examples: it writes 2, 3 and 4.
		{"Sup of 14 MP dice (Bob; the seed says 2)", PoolBonus(14), 3},
		{"Sup of 19 MP dice (Aerith; the seed says 3)", PoolBonus(19), 4},
		{"Nat of 29 SP dice (the seed says 4)", PoolBonus(29), 5},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
	// Bob's DC: 12 + 2 + 3 + 4 = 21 (the seed's 20 takes Sup 2).
	if d := namedDist(t, "2d12 dc level=6 stat=18 sup=14"); d.Len() != 1 || d.Value(0) != 21 {
		t.Errorf("Bob's DC is 21")
	}
	// Alice's save bonus: 1 + 1 + 2 = 4, as the seed says.
	if d := namedDist(t, "2d12 bonus level=5 stat=15 sup=6"); d.Value(0) != 4 {
		t.Errorf("Alice's save bonus is 4")
	}
}

// bruteTwoD12 enumerates 2d12 and gives each fall's score with the ±2
// specials, written apart from the engine.
func bruteTwoD12(f func(score int) int64) map[int64]*big.Rat {
	want := map[int64]*big.Rat{}
	special := func(face int) int {
		switch face {
		case 12:
			return 14
		case 1:
			return -1
		}
		return face
	}
	for a := 1; a <= 12; a++ {
		for b := 1; b <= 12; b++ {
			v := f(special(a) + special(b))
			if want[v] == nil {
				want[v] = new(big.Rat)
			}
			want[v].Add(want[v], big.NewRat(1, 144))
		}
	}
	return want
}

func TestDifficultyClaimsAgainstBruteForce(t *testing.T) {
	// "12: ... your average person will fail half the time": a +1 fails
	// 49 times in 144, 34.0% (erratum). "16: a trained person will fail
	// half the time": a +3 fails 66 in 144, 45.8%, near enough.
	for _, c := range []struct {
		expr          string
		mod, target   int
		failures, all int64
	}{
		{"2d12 mod=+1 target=12", 1, 12, 49, 144},
		{"2d12 mod=+3 target=16", 3, 16, 66, 144},
		// The shoemaker, +5 against 10, who "doesn't destroy 25%" of
		// his shoes only by taking care: without it he fails 10 in 144,
		// 6.9% (erratum).
		{"2d12 mod=+5 target=10", 5, 10, 10, 144},
	} {
		want := bruteTwoD12(func(score int) int64 { return int64(boolIndex(score+c.mod < c.target)) })
		assertSameChances(t, c.expr, namedDist(t, c.expr), want)
		if want[1].Cmp(big.NewRat(c.failures, c.all)) != 0 {
			t.Errorf("%s fails %s of the time", c.expr, want[1].RatString())
		}
	}
	margin := bruteTwoD12(func(score int) int64 { return int64(score + 3 - 16) })
	assertSameChances(t, "margin", namedDist(t, "2d12 mod=+3 target=16 margin"), margin)
}

func TestFallAgainstBruteForce(t *testing.T) {
	// 30 feet: 3d8, the first negated by a save of +2 against 14.
	saves := bruteTwoD12(func(score int) int64 {
		natural := map[int]int{28: 1, -2: -1}[score]
		if natural != 0 {
			return int64(boolIndex(natural > 0))
		}
		return int64(boolIndex(score+2 >= 14))
	})
	want := map[int64]*big.Rat{}
	for saved, p := range saves {
		for a := 1; a <= 8; a++ {
			for b := 1; b <= 8; b++ {
				for c := 1; c <= 8; c++ {
					v := int64(a + b + c)
					if saved == 1 {
						v -= int64(a)
					}
					if want[v] == nil {
						want[v] = new(big.Rat)
					}
					want[v].Add(want[v], new(big.Rat).Mul(p, big.NewRat(1, 512)))
				}
			}
		}
	}
	assertSameChances(t, "fall", namedDist(t, "2d12 fall=35 mod=+2 target=14"), want)
	if d := namedDist(t, "2d12 fall=1000 huge"); d.Max() != 36*12 {
		t.Errorf("a fall caps at 36 dice")
	}
}
