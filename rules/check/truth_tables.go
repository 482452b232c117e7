package check

import (
	"strings"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/rules"
)

// Truth tables: rows of True/False conditions on a d100 roll and the result
// the rules give them. The qualification table catches the seed's "Complete
// Succes".

func init() {
	register(&tableCheck{
		name:    "qualification",
		columns: []string{"Roll matches Effort", "Roll beats Resistance", "Degree of Success"},
		systems: []string{"fd100"},
		binds: func(h header, _ *checker) bool {
			return h.is("roll matches effort", "roll beats resistance", "degree of success")
		},
		run: func(t *tableRun) {
			t.truthRows(2, func(c []bool) string { return rules.DegreeOf(c[0], c[1]).String() }, "table/qualification")
		},
	})
	register(&tableCheck{
		name:    "modifiers",
		columns: []string{"D100 Roll", "Modifier Sign", "Change to DoS"},
		systems: []string{"fd100"},
		binds:   func(h header, _ *checker) bool { return h.is("d100 roll", "modifier sign", "change to dos") },
		run:     modifierShifts,
	})
	register(&tableCheck{
		name:    "boolean",
		columns: []string{"Roll matches Feature", "Roll matches Effort", "Action Outcome"},
		systems: []string{"fd100"},
		binds: func(h header, _ *checker) bool {
			return h.is("roll matches feature", "action outcome") || h.is("roll matches effort", "action outcome")
		},
		run: func(t *tableRun) {
			t.truthRows(1, func(c []bool) string { return successOrFailure(c[0]) }, "table/boolean")
		},
	})
	register(&tableCheck{
		name:    "contested-boolean",
		columns: []string{"Roll matches Effort", "Roll beats Resistance", "Action Outcome"},
		systems: []string{"fd100"},
		binds: func(h header, _ *checker) bool {
			return h.is("roll matches effort", "roll beats resistance", "action outcome")
		},
		run: func(t *tableRun) {
			t.truthRows(2, func(c []bool) string { return successOrFailure(rules.ContestedBoolean(c[0], c[1])) }, "table/contested-boolean")
		},
	})
}

func successOrFailure(ok bool) string {
	if ok {
		return "Success"
	}
	return "Failure"
}

// truthRows reads each row's first n cells as True or False and compares the
// next cell with what rule makes of them. A truth table lists every
// combination of its conditions exactly once: a row that repeats another's
// is an error at the row, and a combination no row has is an error at the
// table, once every row could be read.
func (t *tableRun) truthRows(n int, rule func([]bool) string, code string) {
	firstRow := map[string]int{}
	complete := true
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
			complete = false
			continue
		}
		key := t.combination(conditions)
		if first, seen := firstRow[key]; seen {
			t.c.errorAt(t.table.Rows[r][0].Pos, code, "this row repeats the combination of row "+itoa(first+1)+": "+key, "")
			continue
		}
		firstRow[key] = r
		t.expect(r, n, rule(conditions), code)
	}
	if !complete {
		return
	}
	conditions := make([]bool, n)
	for combination := range 1 << n {
		for i := range n {
			conditions[i] = combination&(1<<(n-1-i)) == 0
		}
		if key := t.combination(conditions); !hasKey(firstRow, key) {
			t.c.errorAt(t.table.Pos, code, "no row for the combination "+key+": a truth table lists each once", "")
		}
	}
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

func hasKey(m map[string]int, key string) bool {
	_, ok := m[key]
	return ok
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
// matches or beats it, the modifier's sign, and the change to the degree.
func modifierShifts(t *tableRun) {
	for r := range t.table.Rows {
		rollCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		matched, ok := matchesOrBeats(rollCell.Text)
		if !ok {
			t.problem(rollCell, "table/modifiers", `"`+rollCell.Text+`" is not "Matches Modifier" or "Beats Modifier"`)
			continue
		}
		signCell, ok := t.cell(r, 1)
		if !ok {
			continue
		}
		positive, ok := modifierSign(signCell)
		if !ok {
			t.problem(signCell, "table/modifiers", `"`+signCell.Text+`" is not "Positive" or "Negative"`)
			continue
		}
		change := map[int]string{1: "Shift Up", 0: "No change", -1: "Shift Down"}
		t.expect(r, 2, change[rules.Modifier{Positive: positive}.ShiftIf(matched)], "table/modifiers")
	}
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

func modifierSign(cell *parser.Cell) (positive, ok bool) {
	switch strings.ToLower(strings.TrimSpace(cell.Text)) {
	case "positive", "+":
		return true, true
	case "negative", "-":
		return false, true
	}
	return false, false
}
