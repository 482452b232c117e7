package check

import (
	"github.com/galleyhq/galley/rules"
)

// The six degrees of success: any table whose first column is "Degree of
// Success" and has six rows lists them, best first, once each. fd100 and the
// dice pool spell the middle degrees differently ("Complete" and "Total").

func init() {
	register(&tableCheck{
		name:    "six-degrees",
		columns: []string{"Degree of Success"},
		systems: []string{"fd100", "pool"},
		binds: func(h header, _ *checker) bool {
			return len(h) >= 2 && h[0] == "degree of success" && h.index("net hits") < 0
		},
		run: sixDegrees,
	})
	register(&tableCheck{
		name:    "attack-outcomes",
		systems: []string{"fd100"},
		binds:   func(header, *checker) bool { return false }, // explicit only: "Outcome" columns say many things
		run:     attackOutcomes,
	})
}

// degreeNames returns the system's degrees, best first.
func degreeNames(system string) []string {
	var names []string
	if system == "pool" {
		for _, d := range rules.PoolDegrees() {
			names = append(names, d.String())
		}
		return names
	}
	for _, d := range rules.Degrees() {
		names = append(names, d.String())
	}
	return names
}

func sixDegrees(t *tableRun) {
	names := degreeNames(t.c.system)
	if len(t.table.Rows) != len(names) {
		t.c.errorAt(t.table.Pos, "table/six-degrees", "a Degree of Success table lists the six degrees; this one has "+
			itoa(len(t.table.Rows))+" rows", "")
	}
	determinedBy := t.header.index("determined by")
	for r := range t.table.Rows {
		if r >= len(names) {
			break
		}
		t.expect(r, 0, names[r], "table/six-degrees")
		if determinedBy >= 0 && t.c.system == "fd100" {
			// Only modifiers reach the critical degrees (RULES §1).
			want := "Qualification Roll"
			if r == 0 || r == len(names)-1 {
				want = "Modifiers"
			}
			t.expect(r, determinedBy, want, "table/six-degrees")
		}
	}
}

// attackOutcomes checks a Degree of Success / Outcome table of the Attack
// action: which attacks hit or miss at each degree.
func attackOutcomes(t *tableRun) {
	outcome := t.header.index("outcome")
	if len(t.header) < 2 || t.header[0] != "degree of success" || outcome < 0 {
		t.c.errorAt(t.table.Pos, "table/attack-outcomes", `an attack-outcomes table has the columns "Degree of Success" and "Outcome"`, "")
		return
	}
	for r := range t.table.Rows {
		degreeCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		d, err := rules.ParseDegree(degreeCell.Text)
		if err != nil {
			t.problem(degreeCell, "table/attack-outcomes", err.Error())
			continue
		}
		phrasings := rules.AttackOutcomeOf(d).Phrasings()
		if outcomeCell, ok := t.cell(r, outcome); ok && !anySame(outcomeCell.Text, phrasings) {
			t.mismatch(outcomeCell, phrasings[0], "table/attack-outcomes")
		}
	}
}

func anySame(text string, candidates []string) bool {
	for _, c := range candidates {
		if sameText(text, c) {
			return true
		}
	}
	return false
}
