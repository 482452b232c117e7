package rules

import (
	"strconv"
	"testing"
)

// TestDecileDiceTable checks the engine against the seed's Decile dice
// table: range, tens die and ones die with their numbering.
func TestDecileDiceTable(t *testing.T) {
	rows := seedTable(t, "000_9527e596835b1710.txt", "Decile die&")
	numbered := func(lo, hi int) string {
		if hi < lo {
			return ""
		}
		return strconv.Itoa(lo) + ",1,...," + strconv.Itoa(hi)
	}
	for _, row := range rows[1:] {
		d, ok := ParseDecileDie(row[0])
		if !ok {
			t.Fatalf("%s is not a decile die", row[0])
		}
		lo, hi := d.Range()
		tens := d.TensDie()
		if tens == "" {
			tens = "Not any!"
		}
		tensLo, tensHi := PaintedZeroBased.TensFaces(d)
		onesLo, onesHi := PaintedZeroBased.OnesFaces(d)
		got := []string{d.Name(), strconv.Itoa(lo) + " to " + strconv.Itoa(hi), tens, numbered(tensLo, tensHi), d.OnesDie(), numbered(onesLo, onesHi)}
		for i := range got {
			if got[i] != row[i] {
				t.Errorf("%s column %d: seed %q, engine %q", row[0], i+1, row[i], got[i])
			}
		}
	}
}

// TestDecileReadings rolls every decile die every way the seed allows and
// checks the ranges, including the reading that alternative 3 gives 1–60
// for a d60.
func TestDecileReadings(t *testing.T) {
	for _, d := range DecileDice {
		for _, r := range []DecileReading{PaintedZeroBased, SubtractTen, HighestTensAsZero} {
			dist := r.Dist(d)
			lo, hi := int64(0), int64(d.Sides-1)
			if r == HighestTensAsZero && d.TensSides != 0 && d.TensSides != 10 {
				lo, hi = 1, int64(d.Sides)
			}
			if dist.Min() != lo || dist.Max() != hi || dist.Len() != d.Sides {
				t.Errorf("%s read %s: %d..%d over %d values, want %d..%d", d.Name(), r, dist.Min(), dist.Max(), dist.Len(), lo, hi)
			}
			assertSumsToOne(t, d.Name(), dist) // and uniform:
			if p := dist.Prob(lo); rat(p).Cmp(rat(d.Dist().Prob(0))) != 0 {
				t.Errorf("%s read %s is not uniform", d.Name(), r)
			}
		}
	}
	d60, _ := LookupDecileDie(60)
	for _, c := range []struct {
		r           DecileReading
		tens, ones  int
		want        int
		description string
	}{
		{PaintedZeroBased, 3, 8, 38, "the seed's example"},
		{SubtractTen, 4, 8, 38, "one-based 4 and 8, less 10"},
		{HighestTensAsZero, 6, 5, 5, "the seed's example: 6 and 5 reads 05"},
		{HighestTensAsZero, 6, 0, 60, "the seed's example: 6 and 0 reads 60"},
		{HighestTensAsZero, 3, 8, 38, "other tens read as they are"},
	} {
		if got := c.r.Read(d60, c.tens, c.ones); got != c.want {
			t.Errorf("%s: %s reads %d %d as %d, want %d", c.description, c.r, c.tens, c.ones, got, c.want)
		}
	}
	d20, _ := LookupDecileDie(20)
	if HighestTensAsZero.Read(d20, 0, 20) != 0 || SubtractTen.Read(d20, 0, 20) != 19 || SubtractTen.Read(d20, 0, 1) != 0 {
		t.Error("the one-based d20 readings")
	}
}

func TestRolledDecileDice(t *testing.T) {
	e, _ := Parse("d60", FD100System)
	result := e.Roll(NewRoller(7))
	if len(result.Dice) != 2 || result.Dice[0].Sides != 6 || result.Dice[1].Sides != 10 ||
		result.Dice[0].Face*10+result.Dice[1].Face != result.Value {
		t.Errorf("d60 rolled as %+v for %d", result.Dice, result.Value)
	}
	e, _ = Parse("d20", FD100System)
	if result := e.Roll(NewRoller(7)); len(result.Dice) != 1 || result.Dice[0].Sides != 20 {
		t.Errorf("d20 rolled as %+v", result.Dice)
	}
}
