package rules

import (
	"slices"
	"testing"
)

// TestNetHitsTable is seed 001's Net Hits table.
func TestNetHitsTable(t *testing.T) {
	for _, c := range []struct {
		nets []int
		want string
	}{
		{[]int{5, 6, 12}, "Critical Success"},
		{[]int{3, 4}, "Total Success"},
		{[]int{1, 2}, "Partial Success"},
		{[]int{-1, 0}, "Partial Failure"},
		{[]int{-2, -3}, "Total Failure"},
		{[]int{-4, -5, -12}, "Critical Failure"},
	} {
		for _, net := range c.nets {
			if got := PoolDegreeOf(net).String(); got != c.want {
				t.Errorf("net %+d: %s, want %s", net, got, c.want)
			}
		}
		if d, err := ParsePoolDegree(c.want); err != nil || d.String() != c.want {
			t.Errorf("ParsePoolDegree(%q) = %v, %v", c.want, d, err)
		}
	}
	if _, err := ParsePoolDegree("Complete Success"); err == nil {
		t.Error("the pool has no Complete Success")
	}
}

// TestPoolAgainstBruteForce enumerates both pools for each success face.
func TestPoolAgainstBruteForce(t *testing.T) {
	for _, face := range []int{4, 5} {
		for _, p := range []PoolRoll{
			{Dice: 0, Difficulty: 1},
			{Dice: 4, Difficulty: 2},
			{Dice: 6, Difficulty: 0},
			{Dice: 3, Opposed: true, Opposing: 3},
			{Dice: 4, Opposed: true, Opposing: 2},
		} {
			p.SuccessFace = face
			want := bruteDist(p.Dice+p.Opposing, 1, 6, func(faces []int64) int64 {
				return int64(p.Degree(p.Successes(faces[:p.Dice]), p.Successes(faces[p.Dice:])))
			})
			assertSameDist(t, "pool", p.Dist(), want)
		}
	}
}

// TestPoolSuccessFaceReading documents the reading: 5 or 6 by default, the
// system chapter's words; success=4 gives the overview's 4, 5 or 6.
func TestPoolSuccessFaceReading(t *testing.T) {
	if got := (PoolRoll{}).Successes([]int64{4, 5, 6}); got != 2 {
		t.Errorf("default: %d successes on 4 5 6, want 2", got)
	}
	if got := (PoolRoll{SuccessFace: 4}).Successes([]int64{4, 5, 6}); got != 3 {
		t.Errorf("success=4: %d successes on 4 5 6, want 3", got)
	}
	five, _ := Odds("pool dice=1 difficulty=0", "")
	four, _ := Odds("pool dice=1 difficulty=0 success=4", "")
	if five.Rows[2].P != 1.0/3 || four.Rows[2].P != 0.5 {
		t.Errorf("one die against 0: P(Partial Success) %v and %v, want 1/3 and 1/2", five.Rows[2].P, four.Rows[2].P)
	}
}

func TestPoolSize(t *testing.T) {
	if PoolSize(4, 2, 3) != 3 || PoolSize(2, 0, 5) != 0 || PoolSize(0, 3, 1) != 2 {
		t.Error("positive dice first, then negative, never below none")
	}
}

// TestSeedRollTables checks that every roll table of seed 001 covers its
// die exactly once.
func TestSeedRollTables(t *testing.T) {
	for _, table := range []RollTable{FoodColours, FoodTypes, ItemConditions, FoodAbilities, SpecialAbilities} {
		if c := table.Coverage(); !c.Sound() {
			t.Errorf("%s: %+v", table.Name, c)
		}
	}
	if lo, hi := ItemConditions.Faces(); lo != 0 || hi != 9 {
		t.Errorf("Item Conditions reads its d10 %d..%d, want 0..9", lo, hi)
	}
	r := NewRoller(3)
	for range 100 {
		face, result := FoodTypes.Roll(r)
		if face < 1 || face > 10 || result == "" {
			t.Fatalf("Food Types rolled %d %q", face, result)
		}
	}
}

func TestCoverage(t *testing.T) {
	ranges := func(cells ...string) []FaceRange {
		var list []FaceRange
		for _, c := range cells {
			r, err := ParseFaceRange(c)
			if err != nil {
				t.Fatal(err)
			}
			list = append(list, r)
		}
		return list
	}
	c := CheckCoverage(1, 6, ranges("1-2", "2–4", "6", "7"))
	if len(c.Missing) != 1 || c.Missing[0] != 5 || len(c.Rows) != 4 || !slices.Equal(c.Rows[1].Repeated, []int{2}) ||
		!slices.Equal(c.Rows[3].Outside, []int{7}) || len(c.Rows[0].Repeated)+len(c.Rows[2].Outside) != 0 || c.Sound() {
		t.Errorf("coverage %+v", c)
	}
	if !CheckCoverage(1, 20, ranges("1 - 10", "11-20")).Sound() {
		t.Error("1-10, 11-20 covers a d20")
	}
	for _, bad := range []string{"", "a", "4-2", "1-", "-3"} {
		if _, err := ParseFaceRange(bad); err == nil {
			t.Errorf("ParseFaceRange(%q) accepted", bad)
		}
	}
}

func TestEventChance(t *testing.T) {
	for _, c := range []struct {
		cell      string
		level     int
		chance    int
		numerator int64
	}{
		{"10", 3, 10, 10},
		{"5 + Level", 3, 8, 8},
		{"11 - Level", 3, 8, 8},
		{"Level - 5", 3, -2, 0},
		{"Level", 7, 7, 7},
		{"8 − Level", 9, -1, 0},
		{"3 + Level", 9, 12, 10},
	} {
		e, err := ParseEventChance(c.cell)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.At(c.level); got != c.chance {
			t.Errorf("%q at level %d = %d, want %d", c.cell, c.level, got, c.chance)
		}
		if p := rat(e.Prob(c.level)); p.Num().Int64()*10/p.Denom().Int64() != c.numerator {
			t.Errorf("%q at level %d: probability %s", c.cell, c.level, p.RatString())
		}
	}
	// The seed's example: a roll of 4 generates the Chance-10 events.
	if !EventOccurs(10, 4) || EventOccurs(3, 4) {
		t.Error("an event fires when the d10 is at most its Chance")
	}
	for _, bad := range []string{"", "Levels", "5 +"} {
		if _, err := ParseEventChance(bad); err == nil {
			t.Errorf("ParseEventChance(%q) accepted", bad)
		}
	}
}
