package check

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// The pool's Encounter table by Level (seed 001): how many times the Level
// is rolled to generate an Encounter, for ranges of Levels ("1-2 & 1").
// Each row's count is the engine's for every Level of its range, and the
// rows cover Levels 1 to 10 once each, from the shallowest.

var encounterRollsCheck = &tableCheck{
	name:    "encounter-rolls",
	systems: []string{"pool"},
	columns: []string{"Level", "Encounter Rolls"},
	binds:   func(h header, _ *checker) bool { return h.is("level", "encounter rolls") },
	run:     encounterRolls,
}

// encounterLevels are the Levels seed 001's table gives rows for.
const encounterLevels = 10

func encounterRolls(t *tableRun) {
	var ranges []rules.FaceRange
	var cells []*ast.Cell
	for r := range t.table.Rows {
		levels, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		span, err := rules.ParseFaceRange(levels.Text)
		if err != nil {
			t.problem(levels, "table/encounter-rolls", `"`+levels.Text+`" is not a Level or a range of them, such as 3-4`)
			continue
		}
		ranges, cells = append(ranges, span), append(cells, levels)
		want := strconv.Itoa(rules.EncounterRolls(span.Lo))
		for level := span.Lo; level <= span.Hi; level++ {
			if rules.EncounterRolls(level) != rules.EncounterRolls(span.Lo) {
				t.problem(levels, "table/encounter-rolls", "Levels "+levels.Text+" do not all roll as often: Level "+
					strconv.Itoa(span.Lo)+" rolls "+want+" times, Level "+strconv.Itoa(level)+" "+strconv.Itoa(rules.EncounterRolls(level)))
				break
			}
		}
		t.expect(r, 1, want, "table/encounter-rolls")
	}
	coverage := rules.CheckCoverage(1, encounterLevels, ranges)
	for i, row := range coverage.Rows {
		if len(row.Repeated) > 0 || len(row.Outside) > 0 {
			t.problem(cells[i], "table/encounter-rolls", `"`+cells[i].Text+`" gives a Level another row gives, or one past 10: the rows give Levels 1 to 10 once each`)
		}
	}
	if len(coverage.Missing) > 0 {
		missing := strings.TrimPrefix(strings.TrimPrefix(faceList(coverage.Missing), "faces "), "face ")
		t.c.errorAt(t.table.Pos, "table/encounter-rolls", "no row gives Level "+missing+": the rows give Levels 1 to 10", "")
	}
}
