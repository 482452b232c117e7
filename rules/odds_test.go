package rules

import (
	"math/big"
	"slices"
	"strconv"
	"testing"
)

// namedRolls is a sample of every system's named rolls and options.
var namedRolls = []string{
	"fd100 effort=60 resistance=40",
	"fd100 effort=60 resistance=40 static=+30,-20 dramatic=+25",
	"fd100 effort=35 resistance=70 static=-50 dramatic=-25,+80 shift=1",
	"fd100 effort=55",
	"fd100 effort=55 resistance=45 contested",
	"pool dice=6 difficulty=2",
	"pool dice=6 difficulty=2 success=4",
	"pool dice=5 vs=7",
	"pool dice=0 difficulty=3",
	"2d12 mod=+3 target=16",
	"2d12 mod=+3 target=16 adv kind=save",
	"2d12 mod=-1 target=12 dis2 kind=attack",
	"trigger dice=7 difficulty=2",
	"trigger dice=15 difficulty=6 success=4 mods=-2S",
	"trigger dice=0 difficulty=1",
	"trigger dice=6 vs=6 mods=+1T",
	"fd100 effort=60 resistance=40 disposition=Advancing wounds=1 poisoned=20 starving",
	"fd100 attack threat=60 survival=40 flying=20 carapace=30 keywords=Piercing",
	"fd100 luck=11 rolls=20",
	"fd100 increase=d60 rating=25",
	"fd100 initiative=50 rivals=50,60,50",
	"pool dice=5 difficulty=2 charging",
	"pool dice=6 vs=4 wounds",
	"pool dice=3 initiative",
	"pool events=risks level=5",
	"2d12 mod=+3 vs=+3 adv",
	"2d12 mod=+3 target=16 take=13",
	"2d12 take=24 tries=100",
	"2d12 mod=+5 target=16 damage=1d8+2",
	"trigger dice=7 difficulty=2 quality helpers=3",
	"trigger dice=5,4 difficulty=2,1 quality",
	"trigger dice=6 complex=8 rolls=3 helpers=4",
	"trigger dice=6 vs=6 draws",
	"fd100 intimidate effort=60 resistance=40 static=+30",
	"fd100 intimidate effort=60 resistance=40 at=Recoiling track=soldier",
	"fd100 rally effort=60 resistance=40 dramatic=+50",
	"fd100 encourage effort=60 resistance=40 at=Advancing",
	"fd100 charm effort=60 resistance=40 static=+30,-20",
	"fd100 confuse effort=60 resistance=40 rating=20 ally",
	"fd100 resist effort=55 effect=40 static=-30 die=d40",
	"fd100 bleeding=40 resist=55 turns=3",
	"fd100 infected=40 turns=2",
	"fd100 stunned=40 turns=2",
	"fd100 alarm swarming=90 chances=80,60,30,25",
	"fd100 alarmgun nasutes=4",
	"fd100 guardians specials=3",
	"fd100 hunger=60 rises=2",
	"fd100 effort=30 resistance=60 static=-50 luck=33",
	"fd100 set=d60 reading=3",
	"fd100 increase=d40 rating=20 reading=2",
	"2d12 bonus level=6 stat=18 sup=14",
	"2d12 dc level=6 stat=18 sup=14",
	"2d12 level=5 stat=15 sup=6 target=20 kind=save",
	"2d12 mod=+3 target=16 margin adv",
	"2d12 fall=60 mod=+2 target=14",
	"2d12 fall=45 huge",
	"trigger dice=5 initiative ego=1",
	"trigger dice=5 initiative bonus",
	"trigger dice=6 difficulty=2 damage=4 armor=2",
	"trigger dice=5 difficulty=2 heal encumbrance=4 carry=3",
	"trigger dice=6 defend=5 close",
	"pool hunger=7 level=3",
	"pool hunger=10 level=3",
	"pool spoilage=4",
	"pool obstacle dice=5 level=3",
	"pool infection dice=5 level=3 infected=1",
	"pool effects=3,2,1",
	"pool heal dice=6 wounds=3",
	"pool swarmlings dice=5 level=3",
	"pool encounter level=5",
	"pool explore dice=5 level=3 events=costs",
	"pool dice=3 mods=+2,-4 difficulty=1",
	"pool dice=6 vs=4 wounds area swarms=2",
	"pool dice=6 vs=3 ranged flight=2 blind=2 darkness=1",
}

// TestNamedOddsSumToOne checks every named roll's outcomes, listed best
// first (or, for a roll that comes to a number, ascending) with a common
// denominator, add up to exactly 1.
func TestNamedOddsSumToOne(t *testing.T) {
	for _, expr := range namedRolls {
		table, err := Odds(expr, "")
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		e, _ := Parse(expr, GenericSystem)
		labels := e.Outcomes()
		sum := new(big.Rat)
		for i, row := range table.Rows {
			p, ok := new(big.Rat).SetString(row.Num + "/" + row.Den)
			if !ok || row.Den != table.Rows[0].Den {
				t.Fatalf("%s: %s/%s", expr, row.Num, row.Den)
			}
			switch {
			case labels != nil && (row.Outcome != labels[i] || row.Value != int64(i)):
				t.Errorf("%s row %d: %+v", expr, i, row)
			case labels == nil && (i > 0 && row.Value <= table.Rows[i-1].Value || p.Sign() == 0):
				t.Errorf("%s row %d: %+v", expr, i, row)
			}
			sum.Add(sum, p)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 || table.Named != (labels != nil) || (table.Mean == nil) != table.Named {
			t.Errorf("%s: outcomes sum to %s (named %v, mean %v)", expr, sum.RatString(), table.Named, table.Mean)
		}
	}
}

// TestNamedRollsStayInSupport rolls every named roll many times: each
// result must be one the exact odds allow.
func TestNamedRollsStayInSupport(t *testing.T) {
	r := NewRoller(5)
	for _, expr := range namedRolls {
		e, _ := Parse(expr, GenericSystem)
		d, _ := e.Dist()
		for range 300 {
			result := e.Roll(r)
			v := result.Value
			if labels := e.Outcomes(); labels != nil {
				v = int64(slices.Index(labels, result.Outcome))
			}
			if d.Prob(v).Sign() == 0 {
				t.Fatalf("%s rolled %d (%q), which cannot happen:\n%s", expr, v, result.Outcome, result.Text)
			}
		}
	}
}

func TestNumericOddsTable(t *testing.T) {
	table, err := Odds("3d12kh2", "")
	if err != nil {
		t.Fatal(err)
	}
	if table.Named || table.Mean == nil || len(table.Rows) != 23 {
		t.Fatalf("3d12kh2: %+v", table)
	}
	for i, row := range table.Rows {
		if row.Value != int64(i+2) || row.Outcome != big.NewInt(row.Value).String() || row.Den != "1728" {
			t.Errorf("row %d: %+v", i, row)
		}
	}
	if _, err := Odds("2d6", "d20"); err == nil {
		t.Error("an unknown system was accepted")
	}
}

// TestOddsRefusesRunaways checks that too much work is refused at once,
// pointing at the part of the expression to blame.
func TestOddsRefusesRunaways(t *testing.T) {
	for expr, col := range map[string]int{"1000d1000": 1, "2d6 + 300d6*300d6": 12, "d1000000+d1000000": 9} {
		_, err := Odds(expr, "")
		limit, ok := err.(*LimitError)
		if !ok || limit.Col != col {
			t.Errorf("%s: %v, want a limit error at column %d", expr, err, col)
		}
	}
}

// TestOddsMemo holds Odds to the table it computed for the same roll, and
// its memo to its bound however many rolls are asked for.
func TestOddsMemo(t *testing.T) {
	first, err := Odds("3d6+1", "")
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := Odds("3d6+1", ""); again != first {
		t.Errorf("the second Odds of 3d6+1 computed a new table rather than keep the first")
	}
	if other, _ := Odds("3d6+1", "fd100"); other == first {
		t.Errorf("the odds of 3d6+1 in fd100 came from the generic context's memo")
	}
	// 1d2 … 1d500 hold some 125,000 rows, about twice the bound.
	for sides := 2; sides <= 500; sides++ {
		if _, err := Odds("1d"+strconv.Itoa(sides), ""); err != nil {
			t.Fatal(err)
		}
		oddsMemo.Lock()
		rows := oddsMemo.rows
		oddsMemo.Unlock()
		if rows > maxMemoRows {
			t.Fatalf("after 1d%d the memo holds %d rows, past its bound of %d", sides, rows, maxMemoRows)
		}
	}
}
