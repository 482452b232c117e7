package check

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/rules"
)

// A roll table's first column is a die ("d6", "d10 Result"); its rows must
// cover every face of the die exactly once.

func init() {
	register(&tableCheck{
		name: "roll-table",
		binds: func(h header, _ *checker) bool {
			if len(h) < 2 {
				return false
			}
			_, ok := rules.ParseRollTableDie(h[0])
			return ok
		},
		run: rollTable,
	})
}

func rollTable(t *tableRun) {
	dieCell := t.table.Header[0]
	sides, ok := rules.ParseRollTableDie(dieCell.Text)
	if !ok {
		// Only check=roll-table binds a table whose header names no die.
		t.c.errorAt(dieCell.Pos, "table/roll-table", `"`+dieCell.Text+`" is not a die such as "d20" or "d10 Result": a roll table's first column is headed by its die`, "")
		return
	}
	var ranges []rules.FaceRange
	for row := range t.table.Rows {
		cell, ok := t.cell(row, 0)
		if !ok {
			continue
		}
		r, err := rules.ParseFaceRange(cell.Text)
		if err != nil {
			t.problem(cell, "table/roll-table", err.Error())
			continue
		}
		if r.Hi > 2*sides {
			t.problem(cell, "table/roll-table", `"`+cell.Text+`" runs past the faces of a d`+itoa(sides))
			continue
		}
		ranges = append(ranges, r)
	}
	system, _ := rules.ParseSystem(t.c.system)
	lo, hi := system.RollTableFaces(sides, ranges)
	coverage := rules.CheckCoverage(lo, hi, ranges)
	if coverage.Sound() {
		return
	}
	var problems []string
	if len(coverage.Missing) > 0 {
		problems = append(problems, "no row for "+faceList(coverage.Missing))
	}
	if len(coverage.Repeated) > 0 {
		problems = append(problems, "more than one row for "+faceList(coverage.Repeated))
	}
	if len(coverage.Outside) > 0 {
		problems = append(problems, "rows for "+faceList(coverage.Outside)+", which the die does not have")
	}
	t.c.errorAt(dieCell.Pos, "table/roll-table",
		"the rows do not cover the faces "+itoa(lo)+" to "+itoa(hi)+" of the d"+itoa(sides)+" once each: "+strings.Join(problems, "; "), "")
}

// faceList names faces: "face 7", "faces 3, 9".
func faceList(faces []int) string {
	words := make([]string, len(faces))
	for i, f := range faces {
		words[i] = itoa(f)
	}
	if len(faces) == 1 {
		return "face " + words[0]
	}
	return "faces " + strings.Join(words, ", ")
}

func itoa(n int) string { return strconv.Itoa(n) }
