package rules

import (
	"testing"
)

// TestTwoD12AveragesThirteen is seed 003's claim behind "take 13": 2d12
// averages 13, with or without the ±2 specials, which cancel out.
func TestTwoD12AveragesThirteen(t *testing.T) {
	e, _ := Parse("2d12", GenericSystem)
	d, _ := e.Dist()
	if got := lowest(d.Mean()); got != "13" {
		t.Errorf("2d12 averages %s", got)
	}
	if got := lowest((TwoD12Roll{}).ScoreDist().Mean()); got != "13" || TakeCareBonus != 13 {
		t.Errorf("2d12 with specials averages %s", got)
	}
}

// TestTwentyFourWithinAHundredRolls is seed 003's claim behind "taking 24":
// a 24 on 2d12 comes within 100 rolls about half the time.
func TestTwentyFourWithinAHundredRolls(t *testing.T) {
	e, _ := Parse("2d12", GenericSystem)
	d, _ := e.Dist()
	p := ChanceWithin(d.Prob(24), 100).Float64()
	if p < 0.49 || p > 0.51 {
		t.Errorf("P(a 24 within 100 rolls) = %.4f, want about 0.5", p)
	}
	if exact := lowest(ChanceWithin(ratio(natOf(1), natOf(2)), 2)); exact != "3/4" {
		t.Errorf("ChanceWithin(1/2, 2) = %s", exact)
	}
}

// TestTwoD12AgainstBruteForce enumerates every throw for every advantage
// and kind of roll.
func TestTwoD12AgainstBruteForce(t *testing.T) {
	for _, advantage := range []int{-2, -1, 0, 1, 2} {
		for _, kind := range []TwoD12Kind{AbilityCheck, Save, Attack} {
			for _, c := range []struct{ mod, target int }{{3, 16}, {-10, 4}, {20, 40}, {0, 13}} {
				roll := TwoD12Roll{Modifier: c.mod, Target: c.target, Advantage: advantage, Kind: kind}
				want := bruteDist(roll.Dice(), 1, 12, func(faces []int64) int64 {
					kept := sortedCopy(faces, advantage >= 0)[:2]
					if kind != AbilityCheck && kept[0] == kept[1] && (kept[0] == 1 || kept[0] == 12) {
						return int64(boolIndex(kept[0] != 12))
					}
					total := int64(c.mod)
					for _, f := range kept {
						total += f + map[int64]int64{12: 2, 1: -2}[f]
					}
					return int64(boolIndex(total < int64(c.target)))
				})
				named := &twoD12Roll{roll}
				got := named.dist()
				assertSameDist(t, "2d12", got, want)
				if p := roll.SuccessChance(); rat(p).Cmp(rat(got.Prob(0))) != 0 {
					t.Errorf("SuccessChance %s, odds %s", p, got.Prob(0))
				}
			}
		}
	}
}

// TestSpecialsOnlyOnKeptDice documents the reading: with advantage a dropped
// 1 takes nothing away; with disadvantage a dropped 12 adds nothing.
func TestSpecialsOnlyOnKeptDice(t *testing.T) {
	advantage := TwoD12Roll{Target: 14, Advantage: 1}
	if !advantage.Succeeds([]int64{7, 1, 7}) {
		t.Error("advantage: 7 7 with a dropped 1 is 14, which succeeds")
	}
	disadvantage := TwoD12Roll{Target: 15, Advantage: -1}
	if disadvantage.Succeeds([]int64{7, 12, 7}) {
		t.Error("disadvantage: 7 7 with a dropped 12 is 14, which fails")
	}
	attack := TwoD12Roll{Kind: Attack, Advantage: -1}
	if n := attack.DamageRerolls([]int64{12, 12, 3}); n != 1 {
		t.Errorf("disadvantage keeps 12 and 3: %d damage rerolls, want 1", n)
	}
}

func TestNaturalResults(t *testing.T) {
	save := TwoD12Roll{Modifier: 50, Target: 10, Kind: Save}
	if save.Succeeds([]int64{1, 1}) {
		t.Error("1-1 on a save always fails")
	}
	check := TwoD12Roll{Modifier: 50, Target: 10}
	if !check.Succeeds([]int64{1, 1}) {
		t.Error("an ability check has no natural failure")
	}
	attack := TwoD12Roll{Modifier: -50, Target: 10, Kind: Attack}
	if !attack.Succeeds([]int64{12, 12}) {
		t.Error("12-12 on an attack always succeeds")
	}
}

func TestNetAdvantage(t *testing.T) {
	for _, c := range []struct {
		adv, dis []int
		want     int
	}{
		{nil, nil, 0}, {[]int{1}, nil, 1}, {[]int{1, 2}, nil, 2}, {nil, []int{1, 1}, -1},
		{[]int{2}, []int{1}, 0}, {[]int{1}, []int{2}, 0},
	} {
		if got := NetAdvantage(c.adv, c.dis); got != c.want {
			t.Errorf("NetAdvantage(%v, %v) = %d, want %d", c.adv, c.dis, got, c.want)
		}
	}
	e, err := Parse("2d12 target=13 adv dis2", GenericSystem)
	if err != nil || e.named.(*twoD12Roll).Advantage != 0 {
		t.Errorf("adv and dis2 cancel: %v", err)
	}
}
