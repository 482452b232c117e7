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
		columns: []string{"Decile die", "Range", "Tens die", "Numbered", "Ones die"},
		systems: []string{"fd100", "pool"},
		binds: func(h header, _ *checker) bool {
			return h.is("decile die", "range", "tens die", "numbered", "ones die", "numbered")
		},
		run: decileDice,
	})
	register(&tableCheck{
		name:    "starting-disposition",
		columns: []string{"Initiative Roll Result", "Starting Disposition"},
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("initiative roll result", "starting disposition") },
		run:     startingDisposition,
	})
	register(&tableCheck{
		name:    "resist-with",
		columns: []string{"Effect", "Resist with"},
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("effect", "resist with") },
		run:     resistWith,
	})
	register(&tableCheck{
		name:    "action-features",
		columns: []string{"Action", "Effort", "Resistance", "Static Modifiers"},
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("action", "effort", "resistance", "static modifiers") },
		run:     actionFeatures,
	})
}

// numbered writes a zero-based die's faces as the seed does: "0,1,...,9".
func numbered(sides int) string { return "0,1,...," + itoa(sides-1) }

// decileDieNames lists the decile dice for a message.
var decileDieNames = func() string {
	names := make([]string, len(rules.DecileDice))
	for i, d := range rules.DecileDice {
		names[i] = d.Name()
	}
	return strings.Join(names, ", ")
}()

func decileDice(t *tableRun) {
	for r := range t.table.Rows {
		dieCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		die, ok := rules.ParseDecileDie(dieCell.Text)
		if !ok {
			t.problem(dieCell, "table/decile-dice", `"`+dieCell.Text+`" is not a decile die (`+decileDieNames+`)`)
			continue
		}
		lo, hi := die.Range()
		t.expect(r, 1, itoa(lo)+" to "+itoa(hi), "table/decile-dice")
		if tens := die.TensDie(); tens == "" {
			// The d20 has no tens die; any words saying so will do.
			if c, ok := t.cell(r, 3); ok && c.Text != "" {
				t.mismatch(c, "", "table/decile-dice")
			}
		} else {
			t.expect(r, 2, tens, "table/decile-dice")
			t.expect(r, 3, numbered(die.TensSides), "table/decile-dice")
		}
		t.expect(r, 4, die.OnesDie(), "table/decile-dice")
		t.expect(r, 5, numbered(die.OnesSides()), "table/decile-dice")
	}
}

func startingDisposition(t *tableRun) {
	for r := range t.table.Rows {
		result, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		succeeded, ok := successWord(result.Text)
		if !ok {
			t.problem(result, "table/starting-disposition", `"`+result.Text+`" is not "Success" or "Failure"`)
			continue
		}
		t.expect(r, 1, rules.StartingDisposition(succeeded).String(), "table/starting-disposition")
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
	for r := range t.table.Rows {
		effect, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		entry, ok := rules.LookupResistWith(effect.Text)
		if !ok {
			t.c.unknownFeature(effect.Text, effect.Pos, "table/resist-with")
			continue
		}
		cell, ok := t.cell(r, 1)
		if !ok {
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
	for r := range t.table.Rows {
		for col := 1; col < len(t.header); col++ {
			cell, ok := t.cell(r, col)
			if !ok {
				break
			}
			t.c.featureList(cell.Text, cell.Pos, "table/action-features")
		}
	}
}
