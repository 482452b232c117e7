package rules

import (
	"slices"
	"strings"
	"testing"
)

func TestStartingDispositionTable(t *testing.T) {
	rows := seedTable(t, "000_9527e596835b1710.txt", "Initiative Roll Result")
	for _, row := range rows[1:] {
		if got := StartingDisposition(row[0] == "Success").String(); got != row[1] {
			t.Errorf("%v: engine says %s", row, got)
		}
	}
}

func TestDispositionTrack(t *testing.T) {
	if Holding.Advance(5) != Charging || Recoiling.Advance(-3) != Retreating || Holding.Advance(-1) != Recoiling {
		t.Error("the track stops at its ends")
	}
	if Retreating.CanAttack() || !Recoiling.CanAttack() {
		t.Error("only a Retreating combatant cannot attack")
	}
	if m := Recoiling.Modifiers(); len(m) != 1 || m[0].String() != "-30" {
		t.Errorf("Recoiling: %v", m)
	}
	if m := Advancing.Modifiers(); len(m) != 1 || m[0].String() != "+30" {
		t.Errorf("Advancing: %v", m)
	}
	if Charging.Shift() != 1 || Holding.Shift() != 0 || len(Holding.Modifiers()) != 0 {
		t.Error("Charging shifts up; Holding does nothing")
	}
	for _, name := range dispositionNames {
		if d, err := ParseDisposition(name); err != nil || d.String() != name {
			t.Errorf("ParseDisposition(%q) = %v, %v", name, d, err)
		}
	}
}

func TestWoundsShiftDown(t *testing.T) {
	q := InCombat(Qualification{Effort: 60, Resistance: 40}, Holding, 2)
	if d, _ := q.Resolve(50, nil); d != PartialFailure {
		t.Errorf("Complete Success with 2 Wounds = %s, want Partial Failure", d)
	}
	q = InCombat(Qualification{Effort: 60, Resistance: 40}, Charging, 1)
	if d, _ := q.Resolve(50, nil); d != CompleteSuccess {
		t.Errorf("Charging with 1 Wound = %s, want Complete Success", d)
	}
}

func TestInitiativeOrder(t *testing.T) {
	combatants := []Combatant{
		{"Wasp", 60, Holding}, {"Ant", 70, Recoiling}, {"Beetle", 60, Advancing},
		{"Spider", 50, Holding}, {"Scorpion", 50, Holding}, {"Ladybug", 50, Holding},
	}
	firsts := make(map[string]int)
	for seed := range uint64(300) {
		order := InitiativeOrder(combatants, NewRoller(seed))
		if order[0].Name != "Ant" || order[1].Name != "Beetle" || order[2].Name != "Wasp" {
			t.Fatalf("order %v: Initiative, then Disposition", order)
		}
		firsts[order[3].Name]++
	}
	if len(firsts) != 3 {
		t.Errorf("the three tied at 50 should each sometimes go first: %v", firsts)
	}
}

// TestAttackOutcomeTables checks the engine against both of the seed's
// attack outcome tables: the overview's and the Combat chapter's.
func TestAttackOutcomeTables(t *testing.T) {
	checked := 0
	for _, rows := range seedTables(t, "000_9527e596835b1710.txt", "Degree of Success") {
		if len(rows) != 7 || len(rows[1]) != 2 || !strings.Contains(rows[1][1], "Attack") {
			continue
		}
		checked++
		for _, row := range rows[1:] {
			d, err := ParseDegree(row[0])
			if err != nil {
				t.Fatal(err)
			}
			if outcome := AttackOutcomeOf(d); !slices.Contains(outcome.Phrasings(), row[1]) {
				t.Errorf("%v: engine says %v", row, outcome.Phrasings())
			}
		}
	}
	if checked != 2 {
		t.Errorf("checked %d attack outcome tables, want the seed's 2", checked)
	}
}

func TestAttackRoll(t *testing.T) {
	target := AttackTarget{SurvivalRate: 55, Flying: 20, Carapace: 70}
	q, err := AttackRoll(Attacker{ThreatRate: 45, Keywords: []string{"Crushing"}, Disposition: Recoiling, Wounds: 1}, target)
	if err != nil {
		t.Fatal(err)
	}
	if q.Effort != 45 || q.Resistance != 55 || len(q.Static) != 3 || q.Shift != -1 {
		t.Errorf("attack roll %+v", q)
	}
	q, _ = AttackRoll(Attacker{ThreatRate: 45, Keywords: []string{"Projectile"}, Disposition: Holding}, target)
	if len(q.Static) != 1 || q.Static[0] != (Modifier{Rating: 20}) {
		t.Errorf("Carapace counts only against Crushing, Piercing and Shredding: %+v", q.Static)
	}
	if _, err := AttackRoll(Attacker{Disposition: Retreating}, target); err == nil {
		t.Error("a Retreating combatant attacked")
	}
}
