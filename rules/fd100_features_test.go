package rules

import (
	"testing"
)

func TestFeatureCatalogue(t *testing.T) {
	if len(Features) != 44 {
		t.Errorf("%d Features, want the sheet's 39 and 5 Dispositions", len(Features))
	}
	for _, name := range []string{"Speed", "Threat Rate", "Web Weaving", "Signalling", "Stunned", "Luck", "Charging"} {
		if _, ok := LookupFeature(name); !ok {
			t.Errorf("%s is missing", name)
		}
	}
	if f, _ := LookupFeature("Wounds"); !f.Count || f.Category != CombatCondition {
		t.Errorf("Wounds: %+v", f)
	}
	for _, name := range []string{"Charm", "speed", "Wound"} {
		if _, ok := LookupFeature(name); ok {
			t.Errorf("%q is not a Feature", name)
		}
	}
}

// TestResistWithTable checks the engine against the seed's table.
func TestResistWithTable(t *testing.T) {
	rows := seedTable(t, "000_9527e596835b1710.txt", "Effect      &  Resist with")
	for _, row := range rows[1:] {
		entry, ok := LookupResistWith(row[0])
		if !ok || entry.Cell() != row[1] {
			t.Errorf("%v: engine says %q", row, entry.Cell())
		}
		if _, ok := LookupFeature(row[0]); !ok {
			t.Errorf("%s is not an Effect Feature", row[0])
		}
	}
}

// TestActionFeatureTables checks the Suppress and Support tables against
// the engine; the only difference is the seed's "Charm" for Charms.
func TestActionFeatureTables(t *testing.T) {
	var rows [][]string
	for _, table := range seedTables(t, "000_9527e596835b1710.txt", "Action") {
		if len(table[0]) == 4 && table[0][3] == "Static Modifiers" {
			rows = append(rows, table[1:]...)
		}
	}
	if len(rows) != 7 {
		t.Fatalf("%d action rows, want 7", len(rows))
	}
	differences := 0
	for _, row := range rows {
		f, ok := LookupActionFormula(row[0])
		if !ok {
			t.Fatalf("no formula for %s", row[0])
		}
		modifiers := ""
		for i, m := range f.StaticModifiers {
			if i > 0 {
				modifiers += ", "
			}
			modifiers += m
		}
		for i, want := range []string{f.Effort, f.Resistance, modifiers} {
			if row[i+1] != want {
				differences++
				if row[0] != "Charm" || row[1] != "Charm" {
					t.Errorf("%s column %d: seed %q, engine %q", row[0], i+2, row[i+1], want)
				}
			}
		}
		for _, feature := range append([]string{f.Effort, f.Resistance}, f.StaticModifiers...) {
			if _, ok := LookupFeature(feature); !ok {
				t.Errorf("%s uses %q, which is not a Feature", f.Action, feature)
			}
		}
	}
	if differences != 1 {
		t.Errorf("%d cells differ, want only the seed's Charm", differences)
	}
}
