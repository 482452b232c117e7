package rules

import (
	"errors"
	"strconv"
	"strings"
)

// Roll tables: a die's faces, each leading to one row. A table is sound when
// every face of its die leads to exactly one row.

// FaceRange is the faces one row of a roll table covers, Lo to Hi inclusive.
type FaceRange struct{ Lo, Hi int }

// ParseFaceRange reads a row's first cell: "5", "1-4", "0–1" (en dash) or
// "11 - 12".
func ParseFaceRange(cell string) (FaceRange, error) {
	text := strings.ReplaceAll(strings.ReplaceAll(cell, "–", "-"), " ", "")
	lo, hi, isRange := strings.Cut(text, "-")
	if !isRange {
		hi = lo
	}
	from, errLo := strconv.Atoi(lo)
	to, errHi := strconv.Atoi(hi)
	if errLo != nil || errHi != nil || from < 0 || to < from {
		return FaceRange{}, errors.New(strconv.Quote(cell) + " is not a face or a range of faces such as 1-4")
	}
	return FaceRange{Lo: from, Hi: to}, nil
}

// TableFaces returns the faces of the die a table of data names (d6, d10,
// d20) given the ranges its rows cover, for a RollTable that belongs to no
// book; a book's roll tables read their dice as the book's system does
// (System.Faces).
//
// Reading: a table whose rows start at 0 reads its die zero-based, as seed
// 001's Item Conditions table reads its d10 0–9; any other table reads the
// die 1 to sides.
func TableFaces(sides int, rows []FaceRange) (lo, hi int) {
	for _, r := range rows {
		if r.Lo == 0 {
			return 0, sides - 1
		}
	}
	return 1, sides
}

// maxRollTableSides bounds the die a roll table may be headed by: d1000
// tables exist, but a table on a die of a million faces is a typo, and
// checking its coverage would walk every face.
const maxRollTableSides = 10_000

// ParseRollTableDie reads the die a roll table's first column is headed by,
// "d20" or "d10 Result" in any case, and returns its sides.
func ParseRollTableDie(header string) (sides int, ok bool) {
	die := strings.ToLower(strings.Join(strings.Fields(header), " "))
	die = strings.TrimSuffix(die, " result")
	digits, found := strings.CutPrefix(die, "d")
	if !found {
		return 0, false
	}
	sides, err := strconv.Atoi(digits)
	return sides, err == nil && sides >= 2 && sides <= maxRollTableSides
}

// Coverage is what a table's rows do to its die's faces; a sound table has
// nothing in any list. What is wrong with a row is told by row, so that a
// checker can point at the row that repeats a face rather than at the table.
type Coverage struct {
	Missing []int         // faces no row covers
	Rows    []RowCoverage // one for each row, in order
}

// RowCoverage is what is wrong with one row's faces.
type RowCoverage struct {
	Repeated []int // faces an earlier row covers
	Outside  []int // faces the die does not have
}

// Sound reports whether every face is covered exactly once and nothing else.
func (c Coverage) Sound() bool {
	for _, r := range c.Rows {
		if len(r.Repeated) > 0 || len(r.Outside) > 0 {
			return false
		}
	}
	return len(c.Missing) == 0
}

// CheckCoverage compares the faces rows cover with the die's faces lo..hi.
func CheckCoverage(lo, hi int, rows []FaceRange) Coverage {
	covered := make(map[int]bool)
	c := Coverage{Rows: make([]RowCoverage, len(rows))}
	for i, r := range rows {
		for face := r.Lo; face <= r.Hi; face++ {
			switch {
			case face < lo || face > hi:
				c.Rows[i].Outside = append(c.Rows[i].Outside, face)
			case covered[face]:
				c.Rows[i].Repeated = append(c.Rows[i].Repeated, face)
			}
			covered[face] = true
		}
	}
	for face := lo; face <= hi; face++ {
		if !covered[face] {
			c.Missing = append(c.Missing, face)
		}
	}
	return c
}

// RollTable is a roll table as data: roll the die, read the row covering the
// face.
type RollTable struct {
	Name  string
	Sides int
	Rows  []RollTableRow
}

// RollTableRow is one row of a roll table.
type RollTableRow struct {
	Faces  FaceRange
	Result string
}

// ranges returns the faces of every row.
func (t RollTable) ranges() []FaceRange {
	ranges := make([]FaceRange, len(t.Rows))
	for i, row := range t.Rows {
		ranges[i] = row.Faces
	}
	return ranges
}

// Faces returns the faces of the table's die (see TableFaces).
func (t RollTable) Faces() (lo, hi int) { return TableFaces(t.Sides, t.ranges()) }

// Coverage checks the table's rows against its die.
func (t RollTable) Coverage() Coverage {
	lo, hi := t.Faces()
	return CheckCoverage(lo, hi, t.ranges())
}

// Lookup returns the result of the row covering face.
func (t RollTable) Lookup(face int) (string, bool) {
	for _, row := range t.Rows {
		if face >= row.Faces.Lo && face <= row.Faces.Hi {
			return row.Result, true
		}
	}
	return "", false
}

// Roll throws the table's die and returns the face and its row's result, for
// procedural generation.
func (t RollTable) Roll(r *Roller) (face int, result string) {
	lo, hi := t.Faces()
	face = lo + r.index(hi-lo+1)
	result, _ = t.Lookup(face)
	return face, result
}
