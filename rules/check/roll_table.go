package check

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A roll table's first column is a die ("d6", "d10 Result"); its rows must
// cover every face of the die exactly once, from the lowest face to the
// highest. What each face gives is the author's to say.

var rollTableCheck = &tableCheck{
	name: "roll-table",
	binds: func(h header, _ *checker) bool {
		if len(h) < 2 {
			return false
		}
		_, ok := rules.ParseRollTableDie(h[0])
		return ok
	},
	run: rollTable,
}

// rollTable reports a row that repeats a face or names one the die lacks at
// that row, and a face no row has at the table, naming the face: the place
// to fix is the row, or the gap between two.
func rollTable(t *tableRun) {
	dieCell := t.table.Header[0]
	sides, ok := rules.ParseRollTableDie(dieCell.Text)
	if !ok {
		// Only check=roll-table binds a table whose header names no die.
		t.c.errorAt(dieCell.Pos, "table/roll-table", `"`+dieCell.Text+`" is not a die such as "d20" or "d10 Result": a roll table's first column is headed by its die`, "")
		return
	}
	var ranges []rules.FaceRange
	var cells []*ast.Cell
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
		if len(ranges) > 0 && r.Lo < ranges[len(ranges)-1].Lo {
			t.problem(cell, "table/roll-table", `"`+cell.Text+`" comes after "`+cells[len(cells)-1].Text+`": a roll table runs from its lowest face to its highest`)
		}
		ranges = append(ranges, r)
		cells = append(cells, cell)
	}
	system, _ := rules.ParseSystem(t.c.system)
	lo, hi := system.RollTableFaces(sides, ranges)
	die := "the d" + itoa(sides) + " (" + itoa(lo) + " to " + itoa(hi) + ")"
	coverage := rules.CheckCoverage(lo, hi, ranges)
	for i, row := range coverage.Rows {
		if len(row.Outside) > 0 {
			t.problem(cells[i], "table/roll-table", `"`+cells[i].Text+`" has `+faceList(row.Outside)+", which "+die+" does not have")
		}
		if len(row.Repeated) > 0 {
			first := slices.IndexFunc(ranges, func(r rules.FaceRange) bool { return r.Lo <= row.Repeated[0] && row.Repeated[0] <= r.Hi })
			t.problem(cells[i], "table/roll-table", `"`+cells[i].Text+`" repeats `+faceList(row.Repeated)+`, which "`+cells[first].Text+`" on line `+itoa(cells[first].Line)+" has")
		}
	}
	if len(coverage.Missing) > 0 && !t.rollContinues(sides, coverage.Missing) {
		t.c.errorAt(t.table.Pos, "table/roll-table", "no row has "+faceList(coverage.Missing)+" of "+die+": a roll table covers every face once", "")
	}
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
