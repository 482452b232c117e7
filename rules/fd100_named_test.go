package rules

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCombatRollsAgainstBruteForce enumerates every d100 of qualification
// and Attack rolls with a character's condition. Each case spells out by hand
// what its words mean under the seed's rules and the engine's readings: the
// modifiers as signed ratings and the shifts that need no roll.
func TestCombatRollsAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr               string
		effort, resistance int
		static, dramatic   []int // signed ratings
		shift              int
	}{
		// Advancing is a +30 static modifier, Charging a shift up.
		{"fd100 effort=60 resistance=40 disposition=Advancing", 60, 40, []int{30}, nil, 0},
		{"fd100 effort=60 resistance=40 disposition=charging", 60, 40, nil, nil, 1},
		// Recoiling is −30; each Wound a shift down; Poisoned a negative
		// static modifier of its rating; Starving a shift down.
		{"fd100 effort=55 resistance=50 disposition=Recoiling wounds=2", 55, 50, []int{-30}, nil, -2},
		{"fd100 effort=55 resistance=50 poisoned=35 starving", 55, 50, []int{-35}, nil, -1},
		// A high Swarming ignores Wounds; a low one does not.
		{"fd100 effort=70 resistance=30 wounds=3 swarming=80", 70, 30, nil, nil, 0},
		{"fd100 effort=70 resistance=30 wounds=3 swarming=10", 70, 30, nil, nil, -3},
		{"fd100 effort=65 resistance=35 static=+20 dramatic=-40 wounds=1 disposition=Charging poisoned=15", 65, 35, []int{20, -15}, []int{-40}, 0},
		// The Attack: Threat Rate against Survival Rate, the target's Flying
		// always, its Carapace only against Crushing, Piercing and Shredding.
		{"fd100 attack threat=60 survival=40", 60, 40, nil, nil, 0},
		{"fd100 attack threat=45 survival=55 flying=20 carapace=70 keywords=Crushing disposition=Recoiling wounds=1", 45, 55, []int{-20, -70, -30}, nil, -1},
		{"fd100 attack threat=45 survival=55 carapace=70 keywords=Venomous,Noxious", 45, 55, nil, nil, 0},
		{"fd100 attack threat=50 survival=50 carapace=40 keywords=shredding dramatic=+30 disposition=Advancing starving", 50, 50, []int{-40, 30}, []int{30}, -1},
		{"fd100 attack threat=50 survival=30 flying=25 close flies wounds=4 swarming=90", 50, 30, []int{-25}, nil, 0},
	} {
		want := bruteDist(1+len(c.dramatic), 0, 99, func(rolls []int64) int64 {
			roll := int(rolls[0])
			degree := int(CompleteFailure)
			if roll < c.effort {
				degree = int(PartialSuccess)
			}
			if roll >= c.resistance {
				degree++
			}
			shift := c.shift
			for i, rating := range append(slices.Clone(c.static), c.dramatic...) {
				against := roll
				if i >= len(c.static) {
					against = int(rolls[1+i-len(c.static)])
				}
				switch {
				case rating > 0 && against < rating:
					shift++
				case rating < 0 && against < -rating:
					shift--
				}
			}
			return int64(CriticalSuccess) - int64(min(max(degree+shift, 0), 5)) // best first
		})
		got := parseDist(t, c.expr)
		assertSameDist(t, c.expr, got, want)
	}
}

// TestAttackOutcomeLabels checks an Attack names its outcomes by what they
// do to the Base and Special Attacks, best first.
func TestAttackOutcomeLabels(t *testing.T) {
	e, _ := Parse("fd100 attack threat=60 survival=40", GenericSystem)
	want := []string{"Base and Special Attacks Hit", "Special Attack Hits", "Base Attack Hits", "Base Attack Misses", "Special Attack Misses", "Base and Special Attacks Miss"}
	if got := e.Outcomes(); !slices.Equal(got, want) {
		t.Errorf("attack outcomes %q", got)
	}
	result := e.Roll(NewRoller(3))
	if !slices.Contains(want, result.Outcome) || !strings.Contains(result.Text, "Threat Rate 60") || !strings.Contains(result.Text, "Survival Rate 40") {
		t.Errorf("attack roll:\n%s", result.Text)
	}
}

func TestLuckRollAgainstBruteForce(t *testing.T) {
	for _, c := range []struct{ luck, rolls int }{{StartingLuck, 1}, {StartingLuck, 2}, {55, 3}, {100, 2}} {
		want := bruteDist(c.rolls, 0, 99, func(rolls []int64) int64 {
			luck := int64(c.luck)
			for _, roll := range rolls {
				switch {
				case roll == 0:
					luck = 100 // reading: a double 00 is the top of the track
				case roll/10 == roll%10:
					luck = roll
				}
			}
			return luck
		})
		e, err := Parse("fd100 luck="+strconv.Itoa(c.luck)+" rolls="+strconv.Itoa(c.rolls), GenericSystem)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := e.Dist()
		assertSameDist(t, "luck", got, want)
	}
}

func TestQuantificationRollAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr  string
		sides int64
		apply func(roll int64) int64
	}{
		{"fd100 set=d60", 60, func(roll int64) int64 { return roll }},
		{"fd100 increase=d40 rating=30", 40, func(roll int64) int64 { return max(roll, 30) }},
		{"fd100 decrease=D80 rating=50", 80, func(roll int64) int64 { return min(roll, 50) }},
		{"fd100 increase=d20 rating=0", 20, func(roll int64) int64 { return roll }},
		{"fd100 decrease=d140 rating=100", 140, func(roll int64) int64 { return min(roll, 100) }},
	} {
		got := parseDist(t, c.expr)
		assertSameDist(t, c.expr, got, bruteDist(1, 0, c.sides-1, func(r []int64) int64 { return c.apply(r[0]) }))
	}
}

// TestTurnOrderAgainstBruteForce enumerates every Combatant's Initiative
// roll, as succeeded or failed with its ways, and every order of the
// Combatants; an order is drawn uniformly among those that put higher
// Initiative first and, at equal Initiative, Holding before Recoiling.
func TestTurnOrderAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		initiative int
		rivals     []int
	}{
		{50, []int{50}}, {50, []int{50, 50, 50}}, {40, []int{60, 40, 20, 40}}, {70, []int{10, 20}}, {0, []int{0, 0}}, {100, []int{100, 30}},
	} {
		ratings := append([]int{c.initiative}, c.rivals...)
		n := len(ratings)
		want := map[int64]*big.Rat{}
		for outcomes := range 1 << n { // bit i: combatant i's roll succeeded
			p := big.NewRat(1, 1)
			for i, rating := range ratings {
				ways := int64(100 - rating)
				if outcomes>>i&1 == 1 {
					ways = int64(rating)
				}
				p.Mul(p, big.NewRat(ways, 100))
			}
			valid := map[int]int{} // her turn → valid orders that give it
			total := 0
			permute(n, func(order []int) {
				for k := 1; k < n; k++ {
					a, b := order[k-1], order[k]
					if ratings[a] < ratings[b] || ratings[a] == ratings[b] && outcomes>>a&1 < outcomes>>b&1 {
						return
					}
				}
				valid[slices.Index(order, 0)+1]++
				total++
			})
			for turn, orders := range valid {
				share := new(big.Rat).Mul(p, big.NewRat(int64(orders), int64(total)))
				if want[int64(turn)] == nil {
					want[int64(turn)] = new(big.Rat)
				}
				want[int64(turn)].Add(want[int64(turn)], share)
			}
		}
		rivals := make([]string, len(c.rivals))
		for i, rating := range c.rivals {
			rivals[i] = strconv.Itoa(rating)
		}
		expr := "fd100 initiative=" + strconv.Itoa(c.initiative) + " rivals=" + strings.Join(rivals, ",")
		got := parseDist(t, expr)
		assertSameChances(t, expr, got, want)
	}
}

// permute calls visit with every order of 0 … n−1.
func permute(n int, visit func(order []int)) {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	var walk func(k int)
	walk = func(k int) {
		if k == n {
			visit(order)
			return
		}
		for i := k; i < n; i++ {
			order[k], order[i] = order[i], order[k]
			walk(k + 1)
			order[k], order[i] = order[i], order[k]
		}
	}
	walk(0)
}
