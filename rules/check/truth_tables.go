package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// Truth tables: rows of True/False conditions on a d100 roll and the result
// the rules give them. The qualification table catches the seed's "Complete
// Succes".

var (
	qualificationCheck = &tableCheck{
		name:    "qualification",
		columns: []string{"Roll matches Effort", "Roll beats Resistance", "Degree of Success"},
		systems: []string{"fd100"},
		binds: func(h header, _ *checker) bool {
			return h.is("roll matches effort", "roll beats resistance", "degree of success")
		},
		run: func(t *tableRun) {
			t.truthRows(2, func(c []bool) string { return rules.DegreeOf(c[0], c[1]).String() }, "table/qualification")
		},
	}

	modifiersCheck = &tableCheck{
		name:    "modifiers",
		columns: []string{"D100 Roll", "Modifier Sign", "Change to DoS"},
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("d100 roll", "modifier sign", "change to dos") },
		run:     modifierShifts,
	}

	booleanCheck = &tableCheck{
		name:    "boolean",
		columns: []string{"Roll matches Feature", "Roll matches Effort", "Action Outcome"},
		systems: []string{"fd100"},
		binds: func(h header, _ *checker) bool {
			return h.is("roll matches feature", "action outcome") || h.is("roll matches effort", "action outcome")
		},
		run: func(t *tableRun) {
			t.truthRows(1, func(c []bool) string { return successOrFailure(c[0]) }, "table/boolean")
		},
	}

	contestedBooleanCheck = &tableCheck{
		name:    "contested-boolean",
		columns: []string{"Roll matches Effort", "Roll beats Resistance", "Action Outcome"},
		systems: []string{"fd100"},
		binds: func(h header, _ *checker) bool {
			return h.is("roll matches effort", "roll beats resistance", "action outcome")
		},
		run: func(t *tableRun) {
			t.truthRows(2, func(c []bool) string { return successOrFailure(rules.ContestedBoolean(c[0], c[1])) }, "table/contested-boolean")
		},
	}
)

func successOrFailure(ok bool) string {
	if ok {
		return "Success"
	}
	return "Failure"
}

// truthRows reads each row's first n cells as True or False and compares the
// next cell with what rule makes of them. A truth table lists every
// combination of its conditions exactly once (see rowKeys).
func (t *tableRun) truthRows(n int, rule func([]bool) string, code string) {
	combinations := t.rowKeys("combination", "combinations", code)
	for r := range t.table.Rows {
		conditions := make([]bool, n)
		readable := true
		for i := range n {
			cell, ok := t.cell(r, i)
			if !ok {
				readable = false
				break
			}
			v, ok := truthValue(cell.Text)
			if !ok {
				t.problem(cell, code, `"`+cell.Text+`" is not True or False`)
				readable = false
			}
			conditions[i] = v
		}
		if !readable {
			combinations.skip()
			continue
		}
		if combinations.add(t.combination(conditions), t.table.Rows[r][0]) {
			t.expect(r, n, rule(conditions), code)
		}
	}
	var all []string
	conditions := make([]bool, n)
	for combination := range 1 << n {
		for i := range n {
			conditions[i] = combination&(1<<(n-1-i)) == 0
		}
		all = append(all, t.combination(conditions))
	}
	combinations.requireAll(all)
}

// combination names the conditions' values by their columns: "Roll matches
// Effort = True, Roll beats Resistance = False".
func (t *tableRun) combination(conditions []bool) string {
	parts := make([]string, len(conditions))
	for i, v := range conditions {
		value := "False"
		if v {
			value = "True"
		}
		// A table bound by check= may lack a condition's column.
		name := "column " + itoa(i+1)
		if i < len(t.table.Header) {
			name = t.table.Header[i].Text
		}
		parts[i] = name + " = " + value
	}
	return strings.Join(parts, ", ")
}

func truthValue(s string) (value, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes":
		return true, true
	case "false", "no":
		return false, true
	}
	return false, false
}

// modifierShifts checks the table of what a modifier does: whether the roll
// matches or beats it, the modifier's sign, and the change to the degree,
// for each of the four cases once.
func modifierShifts(t *tableRun) {
	cases := t.rowKeys("case", "cases", "table/modifiers")
	for r := range t.table.Rows {
		rollCell, ok := t.cell(r, 0)
		if !ok {
			cases.skip()
			continue
		}
		matched, ok := matchesOrBeats(rollCell.Text)
		if !ok {
			t.problem(rollCell, "table/modifiers", `"`+rollCell.Text+`" is not "Matches Modifier" or "Beats Modifier"`)
			cases.skip()
			continue
		}
		signCell, ok := t.cell(r, 1)
		if !ok {
			cases.skip()
			continue
		}
		positive, ok := modifierSign(signCell)
		if !ok {
			t.problem(signCell, "table/modifiers", `"`+signCell.Text+`" is not "Positive" or "Negative"`)
			cases.skip()
			continue
		}
		if cases.add(modifierCase(matched, positive), rollCell) {
			change := map[int]string{1: "Shift Up", 0: "No change", -1: "Shift Down"}
			t.expect(r, 2, change[rules.Modifier{Positive: positive}.ShiftIf(matched)], "table/modifiers")
		}
	}
	cases.requireAll([]string{modifierCase(true, true), modifierCase(false, true), modifierCase(true, false), modifierCase(false, false)})
}

// modifierCase names a row of the modifiers table: "Matches a Positive
// modifier".
func modifierCase(matched, positive bool) string {
	verb, sign := "Beats", "Negative"
	if matched {
		verb = "Matches"
	}
	if positive {
		sign = "Positive"
	}
	return verb + " a " + sign + " modifier"
}

func matchesOrBeats(s string) (matched, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "matches modifier", "matches":
		return true, true
	case "beats modifier", "beats":
		return false, true
	}
	return false, false
}

func modifierSign(cell *ast.Cell) (positive, ok bool) {
	switch strings.ToLower(strings.TrimSpace(cell.Text)) {
	case "positive", "+":
		return true, true
	case "negative", "-":
		return false, true
	}
	return false, false
}
