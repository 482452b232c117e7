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
	q := Condition{Disposition: Holding, Wounds: 2}.Apply(Qualification{Effort: 60, Resistance: 40})
	if d, _ := q.Resolve(50, nil); d != PartialFailure {
		t.Errorf("Complete Success with 2 Wounds = %s, want Partial Failure", d)
	}
	q = Condition{Disposition: Charging, Wounds: 1}.Apply(Qualification{Effort: 60, Resistance: 40})
	if d, _ := q.Resolve(50, nil); d != CompleteSuccess {
		t.Errorf("Charging with 1 Wound = %s, want Complete Success", d)
	}
}

// TestSwarmingReading documents the reading: a Swarming of HighSwarming or
// more ignores Wound penalties, as the seed's swarms rated 80% and 90% do;
// its 45% soldiers, which "do not swarm", and the Wasp's low 10% do not.
func TestSwarmingReading(t *testing.T) {
	for _, c := range []struct{ swarming, want int }{{90, 0}, {80, 0}, {HighSwarming, 0}, {45, -3}, {10, -3}, {0, -3}} {
		if got := WoundShift(3, c.swarming); got != c.want {
			t.Errorf("3 Wounds at Swarming %d: shift %d, want %d", c.swarming, got, c.want)
		}
	}
}

// TestConditionApplies checks each part of a condition: the Disposition's
// modifier or shift, Poisoned as a negative static modifier of its rating,
// Starving as one shift down.
func TestConditionApplies(t *testing.T) {
	base := Qualification{Effort: 60, Resistance: 40, Static: []Modifier{{10, true}}}
	q := Condition{Disposition: Recoiling, Wounds: 1, Poisoned: 25, Starving: true}.Apply(base)
	want := []Modifier{{10, true}, {DispositionModifierRating, false}, {25, false}}
	if !slices.Equal(q.Static, want) || q.Shift != -1+StarvingShift {
		t.Errorf("condition applied: %+v", q)
	}
	if len(base.Static) != 1 {
		t.Error("Apply changed the qualification it was given")
	}
	if q := NeutralCondition.Apply(base); !slices.Equal(q.Static, base.Static) || q.Shift != 0 {
		t.Errorf("the neutral condition changed the roll: %+v", q)
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
	q, err := AttackRoll(Attacker{ThreatRate: 45, Keywords: []string{"Crushing"}, Condition: Condition{Disposition: Recoiling, Wounds: 1}}, target)
	if err != nil {
		t.Fatal(err)
	}
	if q.Effort != 45 || q.Resistance != 55 || len(q.Static) != 3 || q.Shift != -1 {
		t.Errorf("attack roll %+v", q)
	}
	q, _ = AttackRoll(Attacker{ThreatRate: 45, Keywords: []string{"Projectile"}, Condition: NeutralCondition}, target)
	if len(q.Static) != 1 || q.Static[0] != (Modifier{Rating: 20}) {
		t.Errorf("Carapace counts only against Crushing, Piercing and Shredding: %+v", q.Static)
	}
	q, _ = AttackRoll(Attacker{ThreatRate: 45, Keywords: []string{"piercing"}, Condition: NeutralCondition}, AttackTarget{Carapace: 30})
	if len(q.Static) != 1 || q.Static[0] != (Modifier{Rating: 30}) {
		t.Errorf("a keyword counts in any case: %+v", q.Static)
	}
	if _, err := AttackRoll(Attacker{}, target); err == nil {
		t.Error("a Retreating combatant attacked")
	}
	if _, err := AttackRoll(Attacker{Close: true, Condition: NeutralCondition}, target); err == nil {
		t.Error("a Close attack reached a flying target from the ground")
	}
	if _, err := AttackRoll(Attacker{Close: true, Flies: true, Condition: NeutralCondition}, target); err != nil {
		t.Errorf("a flying attacker's Close attack: %v", err)
	}
}

// TestFlyingCountsAgainstFliers holds the reading of AttackRoll: a flying
// target's Flying is a modifier against an attacker that flies too, as
// against one that does not.
func TestFlyingCountsAgainstFliers(t *testing.T) {
	target := AttackTarget{SurvivalRate: 40, Flying: 30}
	grounded, err := AttackRoll(Attacker{ThreatRate: 60, Condition: NeutralCondition}, target)
	if err != nil {
		t.Fatal(err)
	}
	flier, err := AttackRoll(Attacker{ThreatRate: 60, Flies: true, Close: true, Condition: NeutralCondition}, target)
	if err != nil {
		t.Fatal(err)
	}
	if len(flier.Static) != 1 || flier.Static[0] != grounded.Static[0] || flier.Static[0].Rating != 30 {
		t.Errorf("an attacker that flies meets %v, one that does not %v; want Flying 30 against both", flier.Static, grounded.Static)
	}
}
