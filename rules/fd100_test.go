package rules

import (
	"math/big"
	"strings"
	"testing"
)

// TestDegreeOfSuccessTable checks the engine against the seed's own Degree
// of Success table, which has one misspelt cell: "Complete Succes".
func TestDegreeOfSuccessTable(t *testing.T) {
	rows := seedTable(t, "000_9527e596835b1710.txt", "Roll matches Effort")
	wrong := 0
	for _, row := range rows[1:] {
		got := DegreeOf(row[0] == "True", row[1] == "True").String()
		if got != row[2] {
			wrong++
			if row[2] != "Complete Succes" {
				t.Errorf("%v: engine says %s", row, got)
			}
		}
		if _, err := ParseDegree(row[2]); (err != nil) != (row[2] == "Complete Succes") {
			t.Errorf("ParseDegree(%q): %v", row[2], err)
		}
	}
	if wrong != 1 {
		t.Errorf("%d cells differ from the engine, want only the seed's misspelling", wrong)
	}
}

// TestSixDegreesTable checks the names and order of the seed's Six Degrees
// of Success table.
func TestSixDegreesTable(t *testing.T) {
	rows := seedTable(t, "000_9527e596835b1710.txt", "Degree of Success &    Action outcome")
	for i, d := range Degrees() {
		if rows[i+1][0] != d.String() {
			t.Errorf("row %d: seed %q, engine %q", i+1, rows[i+1][0], d)
		}
	}
}

func TestQualify(t *testing.T) {
	for _, c := range []struct {
		roll, effort, resistance int
		want                     Degree
	}{
		{50, 60, 40, CompleteSuccess},
		{30, 60, 40, PartialSuccess},
		{70, 60, 40, PartialFailure},
		{40, 60, 40, CompleteSuccess}, // equal to Resistance beats it
		{60, 60, 40, PartialFailure},  // equal to Effort does not match it
		{45, 40, 60, CompleteFailure}, // only when Effort ≤ Resistance
		{99, 100, 0, CompleteSuccess},
	} {
		if got := Qualify(c.roll, c.effort, c.resistance); got != c.want {
			t.Errorf("Qualify(%d, %d, %d) = %s, want %s", c.roll, c.effort, c.resistance, got, c.want)
		}
	}
}

func TestModifiersTable(t *testing.T) {
	rows := seedTable(t, "000_9527e596835b1710.txt", "D100 Roll...")
	change := map[int]string{1: "Shift Up", -1: "Shift Down", 0: "No change"}
	for _, row := range rows[1:] {
		m := Modifier{Rating: 50, Positive: row[1] == "Positive"}
		roll := 70 // beats the modifier
		if row[0] == "Matches Modifier" {
			roll = 20
		}
		if got := change[m.Shift(roll)]; got != row[2] {
			t.Errorf("%v: engine says %s", row, got)
		}
	}
}

func TestShiftClamps(t *testing.T) {
	if Shift(CompleteSuccess, 3) != CriticalSuccess || Shift(PartialFailure, -5) != CriticalFailure || Shift(PartialSuccess, 1) != CompleteSuccess {
		t.Error("shifts do not clamp at the critical degrees")
	}
}

// TestNetShiftReading documents the reading: modifiers' shifts add up to one
// net shift applied once. Applied one at a time with clamping, +1 +1 −1 on
// a Complete Success would end at Complete Success; the net shift +1 gives
// Critical Success.
func TestNetShiftReading(t *testing.T) {
	q := Qualification{Effort: 60, Resistance: 40, Static: []Modifier{{Rating: 90, Positive: true}, {Rating: 90, Positive: true}, {Rating: 90}}}
	got, err := q.Resolve(50, nil)
	if err != nil || got != CriticalSuccess {
		t.Errorf("Complete Success +1 +1 -1 = %v %v, want Critical Success", got, err)
	}
	oneAtATime := CompleteSuccess
	for _, m := range q.Static {
		oneAtATime = Shift(oneAtATime, m.Shift(50))
	}
	if oneAtATime != CompleteSuccess {
		t.Errorf("the other reading gives %s", oneAtATime)
	}
}

// TestQualificationAgainstBruteForce enumerates the qualification roll and
// every dramatic modifier's roll.
func TestQualificationAgainstBruteForce(t *testing.T) {
	for _, q := range []Qualification{
		{Effort: 60, Resistance: 40},
		{Effort: 40, Resistance: 60},
		{Effort: 60, Resistance: 40, Static: []Modifier{{30, true}, {20, false}}, Dramatic: []Modifier{{25, true}}},
		{Effort: 70, Resistance: 30, Static: []Modifier{{50, false}}, Dramatic: []Modifier{{40, true}, {60, false}}, Shift: -1},
		{Effort: 100, Resistance: 0, Dramatic: []Modifier{{100, true}, {0, false}}, Shift: 2},
	} {
		want := bruteDist(1+len(q.Dramatic), 0, 99, func(rolls []int64) int64 {
			dramatic := make([]int, len(q.Dramatic))
			for i := range dramatic {
				dramatic[i] = int(rolls[1+i])
			}
			d, err := q.Resolve(int(rolls[0]), dramatic)
			if err != nil {
				t.Fatal(err)
			}
			return int64(d)
		})
		assertSameDist(t, "qualification", q.Dist(), want)
	}
}

func TestRuleOfTwo(t *testing.T) {
	q := Qualification{Effort: 50, Resistance: 50, Dramatic: []Modifier{{10, true}, {20, false}}}
	if err := q.Validate(); err != nil {
		t.Errorf("two dramatic modifiers: %v", err)
	}
	q.Dramatic = append(q.Dramatic, Modifier{30, true})
	if err := q.Validate(); err == nil || !strings.Contains(err.Error(), "Rule of Two") {
		t.Errorf("three dramatic modifiers: %v", err)
	}
	if _, err := q.Resolve(10, []int{1}); err == nil {
		t.Error("Resolve accepted too few dramatic rolls")
	}
}

func TestBooleanRollTables(t *testing.T) {
	boolean := seedTable(t, "000_9527e596835b1710.txt", "Roll matches Feature")
	for _, row := range boolean[1:] {
		roll := 20 // matches a Feature of 50
		if row[0] == "False" {
			roll = 80
		}
		if got := map[bool]string{true: "Success", false: "Failure"}[BooleanRoll(roll, 50)]; got != row[1] {
			t.Errorf("%v: engine says %s", row, got)
		}
	}
	contested := seedTable(t, "000_9527e596835b1710.txt", "Roll matches Effort &   Roll beats")
	for _, row := range contested[1:] {
		if got := map[bool]string{true: "Success", false: "Failure"}[ContestedBoolean(row[0] == "True", row[1] == "True")]; got != row[2] {
			t.Errorf("%v: engine says %s", row, got)
		}
	}
	// Example 6: Strength 55 against 45, a roll of 15 fails.
	if ContestedBooleanRoll(15, 55, 45) {
		t.Error("example 6: 15 against 55/45 should fail")
	}
}

func TestNamedFD100Odds(t *testing.T) {
	for expr, want := range map[string]map[string]string{
		"fd100 effort=55":                         {"Success": "11/20", "Failure": "9/20"},
		"fd100 effort=55 resistance=45 contested": {"Success": "1/10", "Failure": "9/10"},
		"fd100 effort=45 resistance=55 contested": {"Success": "0", "Failure": "1"},
		"fd100 effort=60 resistance=40": {"Critical Success": "0", "Complete Success": "1/5", "Partial Success": "2/5",
			"Partial Failure": "2/5", "Complete Failure": "0", "Critical Failure": "0"},
		// The static +30 shifts rolls under 30 up: Partial Success 0–29 becomes Complete Success.
		"fd100 effort=60 resistance=40 static=+30": {"Complete Success": "1/2", "Partial Success": "1/10", "Partial Failure": "2/5"},
		"fd100 effort=60 resistance=40 shift=-2":   {"Critical Failure": "2/5", "Complete Failure": "2/5", "Partial Failure": "1/5"},
	} {
		table, err := Odds(expr, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range table.Rows {
			p := new(big.Rat)
			p.SetString(row.Num + "/" + row.Den)
			if w, ok := want[row.Outcome]; ok && p.RatString() != w {
				t.Errorf("%s: P(%s) = %s, want %s", expr, row.Outcome, p.RatString(), w)
			}
		}
	}
}

func TestQuantification(t *testing.T) {
	for _, c := range []struct {
		q            Quantification
		rating, roll int
		want         int
	}{
		{RollToSet, 40, 12, 12},
		{RollToIncrease, 40, 12, 40},
		{RollToIncrease, 40, 52, 52},
		{RollToDecrease, 40, 12, 12},
		{RollToDecrease, 40, 52, 40},
	} {
		if got := c.q.Apply(c.rating, c.roll); got != c.want {
			t.Errorf("%v.Apply(%d, %d) = %d, want %d", c.q, c.rating, c.roll, got, c.want)
		}
	}
	d60, _ := LookupDecileDie(60)
	for _, q := range []Quantification{RollToSet, RollToIncrease, RollToDecrease} {
		assertSameDist(t, "quantify with d60", q.Dist(30, d60), bruteDist(1, 0, 59, func(r []int64) int64 { return int64(q.Apply(30, int(r[0]))) }))
	}
}

func TestLuck(t *testing.T) {
	doubles := 0
	for roll := range 100 {
		if IsDouble(roll) {
			doubles++
		}
	}
	if doubles != 10 {
		t.Errorf("%d doubles on a d100, want 10", doubles)
	}
	for _, c := range []struct{ luck, roll, want int }{
		{StartingLuck, 37, StartingLuck}, {StartingLuck, 44, 44}, {99, 22, 22},
		{StartingLuck, 0, 100}, // reading: the 00 double is the top of the Luck box
	} {
		if got := LuckAfter(c.luck, c.roll); got != c.want {
			t.Errorf("LuckAfter(%d, %d) = %d, want %d", c.luck, c.roll, got, c.want)
		}
	}
}
