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
	lo, hi := system.Faces(sides)
	die := "the d" + itoa(sides) + " (" + itoa(lo) + " to " + itoa(hi) + ")"
	coverage := rules.CheckCoverage(lo, hi, ranges)
	// One reading per book: the roller and the odds throw the die as the
	// system reads it, so a table that numbers it the other way, from 1
	// where the book's dice start at 0 or the reverse, cannot be rolled as
	// printed. That is one mistake, said once, not a row per face, and
	// once for a roll set as tables of their own, at the first.
	theirs, first := t.rollSet()
	whole := append(slices.Clone(ranges), theirs...)
	if other := 1 - lo; !rules.CheckCoverage(lo, hi, whole).Sound() && rules.CheckCoverage(other, other+sides-1, whole).Sound() {
		if first {
			t.c.errorAt(t.table.Pos, "table/roll-table", "the rows number the d"+itoa(sides)+" "+itoa(other)+" to "+itoa(other+sides-1)+
				", but "+systemName(t.c.system)+" reads it "+itoa(lo)+" to "+itoa(hi)+", as its roller and odds throw it: number the rows from "+itoa(lo)+", or name the book's system in galley.toml", "")
		}
		return
	}
	for i, row := range coverage.Rows {
		if len(row.Outside) > 0 {
			t.problem(cells[i], "table/roll-table", `"`+cells[i].Text+`" has `+faceList(row.Outside)+", which "+die+" does not have")
		}
		t.overlaps(cells, ranges, i, row.Repeated)
	}
	if len(coverage.Missing) > 0 && !t.rollContinues(coverage.Missing) {
		t.c.errorAt(t.table.Pos, "table/roll-table", "no row has "+faceList(coverage.Missing)+" of "+die+": a roll table covers every face once", "")
	}
	t.captionDie(sides)
}

// captionDie reports a die the caption names that is not the table's: the
// caption of a d12 table that says it is rolled on a d10 says one of them
// wrong.
func (t *tableRun) captionDie(sides int) {
	if t.table.Caption == nil {
		return
	}
	ast.WalkInlines(t.table.Caption.Inlines, func(n ast.Node) bool {
		dice, ok := n.(*ast.Dice)
		if !ok {
			return true
		}
		if named, ok := rules.ParseRollTableDie(dice.Expr); ok && named != sides {
			t.c.errorAt(dice.Pos, "table/roll-table", `the caption names a `+dice.Expr+`, but the table is rolled on a d`+itoa(sides), "d"+itoa(sides))
		}
		return true
	})
}

// overlaps reports the faces row i repeats at row i and at each earlier row
// that has them, naming both: which of the two is wrong is the author's to
// say ("0-8" may be meant as "0-7", or "8-13" as "9-13").
func (t *tableRun) overlaps(cells []*ast.Cell, ranges []rules.FaceRange, i int, repeated []int) {
	var earlier []int
	shared := map[int][]int{} // faces row i shares with each earlier row, by that row
	for _, face := range repeated {
		j := slices.IndexFunc(ranges[:i], func(r rules.FaceRange) bool { return r.Lo <= face && face <= r.Hi })
		if shared[j] == nil {
			earlier = append(earlier, j)
		}
		shared[j] = append(shared[j], face)
	}
	both := func(at, other int, faces []int) {
		t.problem(cells[at], "table/roll-table", `"`+cells[at].Text+`" and "`+cells[other].Text+`" (line `+itoa(cells[other].Line)+`) both cover `+faceList(faces)+": a roll table covers every face once")
	}
	for _, j := range earlier {
		both(i, j, shared[j])
		both(j, i, shared[j])
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

// systemName names a book's system for a message: "this fd100 book".
func systemName(system string) string {
	if system == "" {
		system = rules.GenericSystem.String()
	}
	return "this " + system + " book"
}
