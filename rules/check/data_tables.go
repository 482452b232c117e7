package check

import (
	"strings"

	"github.com/galleyhq/galley/rules"
)

// Tables that restate the engine's data: the decile dice, the starting
// disposition, the Feature an Effect is resisted with, the Features of the
// Suppress and Support actions.

func init() {
	register(&tableCheck{
		name:    "decile-dice",
		systems: []string{"fd100", "pool"},
		binds: func(h header, _ *checker) bool {
			return h.is("decile die", "range", "tens die", "numbered", "ones die", "numbered")
		},
		run: decileDice,
	})
	register(&tableCheck{
		name:    "starting-disposition",
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("initiative roll result", "starting disposition") },
		run:     startingDisposition,
	})
	register(&tableCheck{
		name:    "resist-with",
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("effect", "resist with") },
		run:     resistWith,
	})
	register(&tableCheck{
		name:    "action-features",
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("action", "effort", "resistance", "static modifiers") },
		run:     actionFeatures,
	})
}

// numbered writes a zero-based die's faces as the seed does: "0,1,...,9".
func numbered(sides int) string { return "0,1,...," + itoa(sides-1) }

func decileDice(t *tableRun) {
	for _, row := range t.table.Rows {
		dieCell := t.cell(row, 0)
		die, ok := rules.ParseDecileDie(dieCell.Text)
		if !ok {
			t.problem(dieCell, "table/decile-dice", `"`+dieCell.Text+`" is not a decile die (d20, d40, d60, d80, d100, d120, d200)`)
			continue
		}
		lo, hi := die.Range()
		t.expect(t.cell(row, 1), itoa(lo)+" to "+itoa(hi), "table/decile-dice")
		if tens := die.TensDie(); tens == "" {
			// The d20 has no tens die; any words saying so will do.
			if c := t.cell(row, 3); c != nil && c.Text != "" {
				t.mismatch(c, "", "table/decile-dice")
			}
		} else {
			t.expect(t.cell(row, 2), tens, "table/decile-dice")
			t.expect(t.cell(row, 3), numbered(die.TensSides), "table/decile-dice")
		}
		t.expect(t.cell(row, 4), die.OnesDie(), "table/decile-dice")
		t.expect(t.cell(row, 5), numbered(die.OnesSides()), "table/decile-dice")
	}
}

func startingDisposition(t *tableRun) {
	for _, row := range t.table.Rows {
		result := t.cell(row, 0)
		succeeded, ok := successWord(result.Text)
		if !ok {
			t.problem(result, "table/starting-disposition", `"`+result.Text+`" is not "Success" or "Failure"`)
			continue
		}
		t.expect(t.cell(row, 1), rules.StartingDisposition(succeeded).String(), "table/starting-disposition")
	}
}

func successWord(s string) (succeeded, ok bool) {
	switch strings.TrimSpace(s) {
	case "Success":
		return true, true
	case "Failure":
		return false, true
	}
	return false, false
}

func resistWith(t *tableRun) {
	for _, row := range t.table.Rows {
		effect := t.cell(row, 0)
		entry, ok := rules.LookupResistWith(effect.Text)
		if !ok {
			t.c.unknownFeature(effect.Text, effect.Pos, "table/resist-with")
			continue
		}
		cell := t.cell(row, 1)
		if cell == nil {
			continue
		}
		// "None (cannot resist!)": the words in parentheses are the
		// author's; the Feature, or None, is the rule.
		got := strings.TrimSpace(stripParenthetical(cell.Text))
		want := entry.Feature
		if want == "" {
			want = "None"
		}
		if got != want {
			t.mismatch(cell, entry.Cell(), "table/resist-with")
		}
	}
}

// actionFeatures checks that every Feature an action table names exists:
// the seed's Charm action has "Charm" for Effort, a Feature spelt "Charms".
func actionFeatures(t *tableRun) {
	for _, row := range t.table.Rows {
		for col := 1; col < len(row); col++ {
			cell := row[col]
			t.c.featureList(cell.Text, cell.Pos, "table/action-features")
		}
	}
}
