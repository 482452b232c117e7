package rules

import (
	"math/big"
	"testing"
)

// TestPublishedResults compares galley's exact odds of a dozen mechanics
// with results others have published, each with its source; README.md
// ("Dice notation") tabulates them. Where the source prints a rounded
// number, the exact value is given and the source's rounding noted.
func TestPublishedResults(t *testing.T) {
	for _, c := range []struct {
		mechanic, expr, quantity string
		want                     string // exact, as a fraction
		source                   string
	}{
		// AnyDice's well-known figures for the classic rolls.
		{"3d6 reaches 11", "3d6", ">=11", "1/2", "AnyDice: 3d6 at least 11, 50%"},
		{"4d6 drop the lowest (ability scores)", "4d6dl1", "mean", "15869/1296", "AnyDice: 4d6 drop lowest, mean 12.24"},
		{"advantage", "2d20kh1", "mean", "553/40", "AnyDice: highest 1 of 2d20, mean 13.82"},
		{"disadvantage", "2d20kl1", "mean", "287/40", "AnyDice: lowest 1 of 2d20, mean 7.17"},
		// Savage Worlds exploding dice, as tabulated by swdiceprob.py
		// (gist dmdavis/5304503): the chance to reach each target.
		{"Savage Worlds d6 reaches 8", "d6!", ">=8", "5/36", "swdiceprob: d6, target 8, 0.138888889"},
		{"Savage Worlds d6 reaches 12", "d6!", ">=12", "1/36", "swdiceprob: d6, target 12, 0.027777778"},
		{"Savage Worlds d4 reaches 6", "d4!", ">=6", "3/16", "swdiceprob: d4, target 6, 0.1875"},
		{"Savage Worlds d8 reaches 10", "d8!", ">=10", "7/64", "swdiceprob: d8, target 10, 0.109375"},
		{"Savage Worlds d12 reaches 13", "d12!", ">=13", "1/12", "swdiceprob: d12, target 13, 0.083333333"},
		// Icepool's own tests (tests/reroll_test.py).
		{"reroll 1s until none shows", "d6r1", "=2", "1/5", "Icepool: d6.reroll([1], depth='inf') == d5 + 1"},
		{"reroll a 1 once, d4", "d4ro1", "=1", "1/16", "Icepool: d4.reroll([1], depth=1) has weights 1, 5, 5, 5"},
		{"reroll a 1 once, d4", "d4ro1", "=4", "5/16", "Icepool: d4.reroll([1], depth=1) has weights 1, 5, 5, 5"},
		// Fate's dice, whose odds the Fate SRD tabulates.
		{"Fate: four Fudge dice show 0", "4dF", "=0", "19/81", "Fate SRD: 4dF, 0, 23.5%"},
		{"Fate: four Fudge dice show +2 or better", "4dF", ">=2", "5/27", "Fate SRD: 4dF, +2 or more, 18.5%"},
		// World of Darkness: a d10 pool, 8 or more a success, 10s again.
		{"World of Darkness, 10-again: successes per die", "d10!10>7", "mean", "1/3", "the 10-again rule: 0.3 successes a throw, 1/0.9 throws a die"},
	} {
		e, err := Parse(c.expr, GenericSystem)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		got := publishedQuantity(t, e, c.quantity)
		want, _ := new(big.Rat).SetString(c.want)
		// Exploding dice are exact to the depth; what lies beyond is under
		// one chance in 10^12.
		diff := new(big.Rat).Sub(got, want)
		if diff.Abs(diff).Cmp(big.NewRat(1, 1_000_000_000_000)) > 0 {
			t.Errorf("%s (%s %s): %s, want %s (%s)", c.mechanic, c.expr, c.quantity, got.RatString(), c.want, c.source)
		}
	}
}

// publishedQuantity computes "mean", ">=N" or "=N" of e.
func publishedQuantity(t *testing.T, e *Expr, quantity string) *big.Rat {
	t.Helper()
	if quantity == "mean" {
		mean, _, err := e.Mean()
		if err != nil {
			t.Fatal(err)
		}
		return rat(mean)
	}
	d, err := e.Dist()
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	if quantity[0] == '>' {
		n = parseInt(quantity[2:])
		return rat(d.ProbAtLeast(n))
	}
	return rat(d.Prob(parseInt(quantity[1:])))
}

func parseInt(s string) int64 {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic("bad number " + s)
	}
	return n.Int64()
}
