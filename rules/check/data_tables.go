package check

import (
	"slices"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// Tables that restate the engine's data: the decile dice, the starting
// disposition, the Feature an Effect is resisted with, the Features of the
// Suppress and Support actions.

var (
	decileDiceCheck = &tableCheck{
		name:    "decile-dice",
		columns: []string{"Decile die", "Range", "Tens die", "Numbered", "Ones die"},
		systems: []string{"fd100", "pool"},
		binds: func(h header, _ *checker) bool {
			return h.is("decile die", "range", "tens die", "numbered", "ones die", "numbered")
		},
		run: decileDice,
	}

	startingDispositionCheck = &tableCheck{
		name:    "starting-disposition",
		columns: []string{"Initiative Roll Result", "Starting Disposition"},
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("initiative roll result", "starting disposition") },
		run:     startingDisposition,
	}

	resistWithCheck = &tableCheck{
		name:    "resist-with",
		columns: []string{"Effect", "Resist with"},
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("effect", "resist with") },
		run:     resistWith,
	}

	actionFeaturesCheck = &tableCheck{
		name:    "action-features",
		columns: []string{"Action", "Effort", "Resistance", "Static Modifiers"},
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("action", "effort", "resistance", "static modifiers") },
		run:     actionFeatures,
	}
)

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

// fd100Decile are the five decile dice of fd100, from the d20 to the d100:
// a decile dice table that lists one lists them all. Larger ones may follow
// (seed 001 adds the d120 and the d200), or have a table of their own.
var fd100Decile = []string{"d20", "d40", "d60", "d80", "d100"}

func decileDice(t *tableRun) {
	dice := t.rowKeys("decile die", "decile dice", "table/decile-dice")
	previous := 0
	for r := range t.table.Rows {
		dieCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		die, ok := rules.ParseDecileDie(dieCell.Text)
		if !ok {
			t.problem(dieCell, "table/decile-dice", `"`+dieCell.Text+`" is not a decile die (`+decileDieNames+`)`)
			dice.skip()
			continue
		}
		if !dice.add(die.Name(), dieCell) {
			continue
		}
		if die.Sides < previous {
			t.problem(dieCell, "table/decile-dice", "the "+die.Name()+" comes after the d"+itoa(previous)+": the table lists the dice from the smallest")
		}
		previous = max(previous, die.Sides)
		lo, hi := die.Range()
		t.expect(r, 1, itoa(lo)+" to "+itoa(hi), "table/decile-dice")
		if tens := die.TensDie(); tens == "" {
			// The d20 has no tens die: its cells say so, in any of the
			// usual words, or are empty.
			if c, ok := t.cell(r, 2); ok && !saysNone(c.Text) {
				t.problem(c, "table/decile-dice", `"`+c.Text+`" should say that the d20 has no tens die: "None", "Not any!", "—" or nothing`)
			}
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
	if slices.ContainsFunc(fd100Decile, dice.has) {
		dice.requireAll(fd100Decile)
	}
}

// saysNone reports a cell that says there is nothing: "None", "Not any!",
// "n/a", a dash, or nothing at all.
func saysNone(text string) bool {
	switch strings.ToLower(strings.TrimRight(strings.TrimSpace(text), "!.")) {
	case "", "none", "not any", "n/a", "-", "–", "—":
		return true
	}
	return false
}

func startingDisposition(t *tableRun) {
	results := t.rowKeys("result", "results", "table/starting-disposition")
	for r := range t.table.Rows {
		result, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		succeeded, ok := successWord(result.Text)
		if !ok {
			t.problem(result, "table/starting-disposition", `"`+result.Text+`" is not "Success" or "Failure"`)
			results.skip()
			continue
		}
		if results.add(successOrFailure(succeeded), result) {
			t.expect(r, 1, rules.StartingDisposition(succeeded).String(), "table/starting-disposition")
		}
	}
	results.requireAll([]string{"Success", "Failure"})
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

// resistWith checks the Feature each Effect is resisted with; the table
// lists every Effect once.
func resistWith(t *tableRun) {
	effects := t.rowKeys("Effect", "Effects", "table/resist-with")
	for r := range t.table.Rows {
		effect, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		entry, ok := rules.LookupResistWith(strings.TrimSpace(effect.Text))
		if !ok {
			t.c.unknownFeature(effect.Text, effect.Pos, "table/resist-with")
			effects.skip()
			continue
		}
		if !effects.add(entry.Effect, effect) {
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
	all := make([]string, len(rules.ResistWith))
	for i, entry := range rules.ResistWith {
		all[i] = entry.Effect
	}
	effects.requireAll(all)
}

// actionFeatures checks an action table against the engine's formulas: the
// Effort, Resistance and static modifiers of each action, each action once.
// A name that is no Feature at all is reported as such, with the closest:
// the seed's Charm action has "Charm" for Effort, a Feature spelt "Charms".
func actionFeatures(t *tableRun) {
	actions := t.rowKeys("action", "actions", "table/action-features")
	for r := range t.table.Rows {
		actionCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		formula, ok := rules.LookupActionFormula(strings.TrimSpace(actionCell.Text))
		if !ok {
			msg := `"` + actionCell.Text + `" is not an action of the Combat minigame`
			closest := ast.Closest(actionCell.Text, actionNames())
			if closest != "" {
				msg += ` (did you mean "` + closest + `"?)`
			}
			t.c.errorAt(actionCell.Pos, "table/action-features", msg, closest)
			continue
		}
		if !actions.add(formula.Action, actionCell) {
			continue
		}
		for col, want := range map[int]string{1: formula.Effort, 2: formula.Resistance, 3: strings.Join(formula.StaticModifiers, ", ")} {
			if cell, ok := t.cell(r, col); ok {
				t.actionFeatureCell(cell, want)
			}
		}
	}
}

// actionFeatureCell compares a cell naming Features with the engine's, in
// any order.
func (t *tableRun) actionFeatureCell(cell *ast.Cell, want string) {
	got := featureNames(cell.Text)
	for _, name := range got {
		if !t.c.vocabulary.isFeature(name) {
			t.c.featureList(cell.Text, cell.Pos, "table/action-features")
			return
		}
	}
	if !sameSet(got, featureNames(want)) {
		t.mismatch(cell, want, "table/action-features")
	}
}

// actionNames lists the engine's actions.
func actionNames() []string {
	names := make([]string, len(rules.ActionFormulas))
	for i, f := range rules.ActionFormulas {
		names[i] = f.Action
	}
	return names
}

// featureNames splits a list of Features, "Smarts, Confused", dropping any
// note in parentheses and a modifier's sign ("-Smarts, +Confused"), which
// the engine's formulas do not give.
func featureNames(list string) []string {
	var names []string
	for _, item := range strings.Split(list, ",") {
		if name := strings.TrimLeft(strings.TrimSpace(stripParenthetical(item)), "+-−"); name != "" {
			names = append(names, name)
		}
	}
	return names
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
