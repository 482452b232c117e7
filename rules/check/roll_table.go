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
		name:  "roll-table",
		binds: func(h header, _ *checker) bool { _, ok := rollTableDie(h); return ok && len(h) >= 2 },
		run:   rollTable,
	})
}

// rollTableDie reads the die of a roll table's first column: "d20" or "d20
// result".
func rollTableDie(h header) (sides int, ok bool) {
	if len(h) == 0 {
		return 0, false
	}
	die := strings.TrimSuffix(h[0], " result")
	digits, found := strings.CutPrefix(die, "d")
	if !found {
		return 0, false
	}
	sides, err := strconv.Atoi(digits)
	return sides, err == nil && sides >= 2 && sides <= 1000
}

func rollTable(t *tableRun) {
	sides, _ := rollTableDie(t.header)
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
	lo, hi := rules.TableFaces(sides, ranges)
	if t.c.system == "fd100" {
		// fd100 dice are zero-based (RULES §1): a d10 reads 0–9.
		lo, hi = 0, sides-1
	}
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
