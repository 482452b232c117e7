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
	sides, _ := rules.ParseRollTableDie(t.header[0])
	var ranges []rules.FaceRange
	for _, row := range t.table.Rows {
		cell := t.cell(row, 0)
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
	t.c.errorAt(t.table.Header[0].Pos, "table/roll-table",
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
