package rules

import (
	"strings"
	"testing"
)

// TestSeedGivesSameRoll pins the rolls of a seed: a change here changes
// every published roll, on every platform.
func TestSeedGivesSameRoll(t *testing.T) {
	for _, c := range []struct {
		expr, system string
		value        int64
		dice         []int64
	}{
		{"d60", "fd100", 50, []int64{5, 0}},
		{"3d12kh2", "", 22, []int64{12, 1, 10}},
		{"d20", "fd100", 19, []int64{19}},
		{"d20", "", 20, []int64{20}},
	} {
		for range 2 {
			result, err := Roll(c.expr, c.system, 7)
			if err != nil {
				t.Fatal(err)
			}
			var faces []int64
			for _, d := range result.Dice {
				faces = append(faces, d.Face)
			}
			if result.Value != c.value || !equalFaces(faces, c.dice) {
				t.Errorf("%s (%s) seed 7: %d %v, want %d %v", c.expr, c.system, result.Value, faces, c.value, c.dice)
			}
		}
	}
}

func equalFaces(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRollerIsUniform throws a d6 many times: each face should come up
// close to a sixth of the time.
func TestRollerIsUniform(t *testing.T) {
	r := NewRoller(42)
	counts := make([]int, 6)
	const throws = 60000
	for range throws {
		counts[r.face(d6)-1]++
	}
	for face, n := range counts {
		if n < throws/6-500 || n > throws/6+500 {
			t.Errorf("face %d came up %d times in %d", face+1, n, throws)
		}
	}
}

func TestRollBreakdown(t *testing.T) {
	for _, c := range []struct {
		expr  string
		parts []string
	}{
		{"3d12kh2+1", []string{"3d12kh2+1 = ", "\n  3d12kh2: kept ", ", dropped "}},
		{"8d6>4", []string{"8d6>4 = ", " dice > 4"}},
		{"fd100 effort=60 resistance=40 static=+30 dramatic=-25", []string{"→ ", "\n  d100 = ", "Effort 60", "Resistance 40", "static +30: ", "dramatic -25: d100 = ", "net shift "}},
		{"pool dice=6 vs=4", []string{"pool 6d6: ", "opposing pool 4d6: ", "net "}},
		{"2d12 mod=+3 target=16 adv kind=attack", []string{"3d12 with advantage", "damage dice"}},
		{"trigger dice=7 difficulty=2", []string{"action 7d6: ", "against difficulty 2"}},
	} {
		result, err := Roll(c.expr, "", 11)
		if err != nil {
			t.Fatal(err)
		}
		for _, part := range c.parts {
			if !strings.Contains(result.Text, part) {
				t.Errorf("%s: breakdown lacks %q:\n%s", c.expr, part, result.Text)
			}
		}
		if (result.Outcome == "") != !strings.Contains(c.expr, "=") {
			t.Errorf("%s: outcome %q", c.expr, result.Outcome)
		}
	}
}
