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
func (t *tableRun) rollContinues(sides int, missing []int) bool {
	var tables []*ast.Table
	ast.WalkBlocks(t.c.doc.Blocks, func(b ast.Block) {
		if table, ok := b.(*ast.Table); ok {
			tables = append(tables, table)
		}
	})
	at := slices.Index(tables, t.table)
	die := normalizeColumn(t.table.Header[0].Text)
	sameDie := func(other *ast.Table) bool {
		return len(other.Header) > 0 && normalizeColumn(other.Header[0].Text) == die
	}
	var theirs []rules.FaceRange
	for i := at - 1; i >= 0 && sameDie(tables[i]); i-- {
		theirs = append(theirs, faceRanges(tables[i])...)
	}
	for i := at + 1; i < len(tables) && sameDie(tables[i]); i++ {
		theirs = append(theirs, faceRanges(tables[i])...)
	}
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
