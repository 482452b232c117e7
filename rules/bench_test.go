package rules

import "testing"

func benchmarkOdds(b *testing.B, expr, system string) {
	for b.Loop() {
		if _, err := Odds(expr, system); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOdds16d10kh8 is the roll AnyDice gives up on: 10^16 falls of the
// dice, computed by the keep DP in about a millisecond.
func BenchmarkOdds16d10kh8(b *testing.B) { benchmarkOdds(b, "16d10kh8", "") }

// BenchmarkOdds100d6 is a sum of many dice, with counts of 6^100.
func BenchmarkOdds100d6(b *testing.B) { benchmarkOdds(b, "100d6", "") }

func BenchmarkOddsNamed(b *testing.B) {
	for _, expr := range []string{
		"fd100 effort=60 resistance=40 static=+30,-20 dramatic=+25,-10",
		"pool dice=8 vs=6 success=4",
		"2d12 mod=+3 target=16 adv2 kind=attack",
		"trigger dice=12 vs=12",
		"fd100 attack threat=60 survival=40 flying=20 carapace=30 keywords=Crushing disposition=Advancing wounds=1 dramatic=+25",
		"fd100 luck=11 rolls=100",
		"pool dice=8 vs=6 wounds charging",
		"2d12 mod=+5 target=16 damage=2d6+3 adv",
		"2d12 take=24 tries=100",
		"trigger dice=8 difficulty=4 helpers=5,5 quality",
		"trigger dice=6 complex=20 rolls=10 helpers=4",
	} {
		b.Run(expr, func(b *testing.B) { benchmarkOdds(b, expr, "") })
	}
}

func BenchmarkRoll(b *testing.B) {
	for _, c := range []struct{ expr, system string }{
		{"3d12kh2+1", ""}, {"d60", "fd100"}, {"fd100 effort=60 resistance=40 static=+30,-20 dramatic=+25", ""},
	} {
		e, err := Parse(c.expr, map[string]System{"": GenericSystem, "fd100": FD100System}[c.system])
		if err != nil {
			b.Fatal(err)
		}
		r := NewRoller(1)
		b.Run(c.expr, func(b *testing.B) {
			for b.Loop() {
				e.Roll(r)
			}
		})
	}
}
