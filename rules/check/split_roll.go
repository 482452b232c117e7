package check

import (
	"slices"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// One roll may be set as tables of its own, one after another, each
// headed by the die: seed 001's d20 for a found item's ability gives its
// Beneficial Abilities, 1 to 10, and its Harmful Abilities, 11 to 20, a
// table and a caption each. The faces one table lacks are then the other
// tables', and no fault.

// rollContinues reports whether the faces missing from the roll table t
// are all on the rows of the tables of the same die next to it, before or
// after, with no other table between.
func (t *tableRun) rollContinues(missing []int) bool {
	theirs, _ := t.rollSet()
	if len(theirs) == 0 {
		return false
	}
	for _, face := range missing {
		if !slices.ContainsFunc(theirs, func(r rules.FaceRange) bool { return r.Lo <= face && face <= r.Hi }) {
			return false
		}
	}
	return true
}

// rollSet returns the faces of the rows of the other tables of the roll
// the roll table t is part of, and whether t is the roll's first table. A
// roll is a run of tables of the same die, one after another with no other
// table between, that share no face: a table with a face the run already
// has starts a roll of its own, as seed 001's Special Abilities, 1 to 20,
// after its Beneficial and Harmful Abilities, 1 to 10 and 11 to 20.
func (t *tableRun) rollSet() (theirs []rules.FaceRange, first bool) {
	var tables []*ast.Table
	t.c.walkBlocks(func(b ast.Block) {
		if table, ok := b.(*ast.Table); ok {
			tables = append(tables, table)
		}
	})
	at := slices.Index(tables, t.table)
	die := normalizeColumn(t.table.Header[0].Text)
	sameDie := func(other *ast.Table) bool {
		return len(other.Header) > 0 && normalizeColumn(other.Header[0].Text) == die
	}
	start := at
	for start > 0 && sameDie(tables[start-1]) {
		start--
	}
	rollStart := start
	var roll [][]rules.FaceRange // the faces of the roll's tables, from rollStart
	for i := start; i < len(tables) && sameDie(tables[i]); i++ {
		faces := faceRanges(tables[i])
		overlap := slices.ContainsFunc(roll, func(had []rules.FaceRange) bool { return overlaps(had, faces) })
		if overlap && i > at {
			break
		}
		if overlap {
			roll, rollStart = nil, i
		}
		roll = append(roll, faces)
	}
	for i, faces := range roll {
		if rollStart+i != at {
			theirs = append(theirs, faces...)
		}
	}
	return theirs, rollStart == at
}

// overlaps reports whether two tables' rows share a face.
func overlaps(a, b []rules.FaceRange) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Lo <= y.Hi && y.Lo <= x.Hi {
				return true
			}
		}
	}
	return false
}

// faceRanges returns the faces of a roll table's rows that read as faces.
func faceRanges(t *ast.Table) []rules.FaceRange {
	var ranges []rules.FaceRange
	for _, row := range t.Rows {
		if len(row) == 0 {
			continue
		}
		if r, err := rules.ParseFaceRange(row[0].Text); err == nil {
			ranges = append(ranges, r)
		}
	}
	return ranges
}
