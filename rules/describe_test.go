package rules

import "testing"

func TestDescribe(t *testing.T) {
	for _, tt := range []struct{ expr, system, want string }{
		{"2d12 mod=+3 target=16 adv", "", "+3 against 16, with advantage"},
		{"mod=-1 target=14 kind=save", "2d12", "a save at -1 against 14"},
		{"2d12 mod=+0 target=12 dis", "", "+0 against 12, with disadvantage"},
		{"fd100 effort=60 resistance=40", "", "Effort 60% against Resistance 40%"},
		{"fd100 effort=70", "", "Effort 70%"},
		{"fd100 effort=60 resistance=40 static=+30,-20", "", "Effort 60% against Resistance 40%, +30% static, −20% static"},
		{"pool dice=6 difficulty=2", "", "6 dice against difficulty 2"},
		{"pool dice=1 vs=4", "", "1 die against a pool of 4"},
		{"trigger dice=7 difficulty=2", "", "Action Number 7 against difficulty 2"},
		// Dice notation, a roll with no words yet, and what the engine
		// cannot read are printed as written.
		{"2d6+1", "", ""},
		{"fd100 luck=11 rolls=10", "", ""},
		{"2d12 mod=", "", ""},
	} {
		if got := Describe(tt.expr, tt.system); got != tt.want {
			t.Errorf("Describe(%q, %q) = %q, want %q", tt.expr, tt.system, got, tt.want)
		}
	}
}
