package ast

import (
	"errors"
	"strconv"
	"strings"
)

// Paper is a page size the PDFs are printed on: the trim, the size of the
// page once cut, in millimetres.
type Paper struct {
	Width, Height float64
}

// Papers are the named papers, by the names galley.toml's paper and
// --paper use; the first is the default. A paper may also be given as its
// width and height with a unit, "152x229mm" (see ParsePaper).
var Papers = []string{"a4", "letter", "a5", "6x9", "digest"}

// namedPapers are the sizes of Papers: the ISO sheets, US Letter, and the
// trims print-on-demand services bind role-playing books in, a US trade
// paperback (6×9 in) and a digest (5.5×8.5 in).
var namedPapers = map[string]Paper{
	"a4":     {210, 297},
	"letter": {215.9, 279.4},
	"a5":     {148, 210},
	"6x9":    {6 * mmPerInch, 9 * mmPerInch},
	"digest": {5.5 * mmPerInch, 8.5 * mmPerInch},
}

const mmPerInch = 25.4

// paperUnits are the units a paper's size may be given in, in millimetres.
var paperUnits = map[string]float64{"mm": 1, "cm": 10, "in": mmPerInch}

// Bounds of a paper given by its size, in millimetres: from a playing card
// to a poster, which a book's pages fall between.
const (
	leastPaper = 50.0
	mostPaper  = 1000.0
)

// isPaperSide reports whether a paper may be mm wide or high: a number
// between leastPaper and mostPaper, which NaN is not.
func isPaperSide(mm float64) bool { return mm >= leastPaper && mm <= mostPaper }

// ParsePaper reads a paper's name, in any case: one of Papers, or WIDTHxHEIGHT
// followed by a unit, mm, cm or in ("152x229mm", "6.14x9.21in").
func ParsePaper(name string) (Paper, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if p, ok := namedPapers[name]; ok {
		return p, nil
	}
	bad := errors.New(`unknown paper "` + name + `": use ` + strings.Join(Papers, ", ") + ` or a width and height with a unit, such as 152x229mm or 6x9in`)
	for unit, mm := range paperUnits {
		size, ok := strings.CutSuffix(name, unit)
		if !ok {
			continue
		}
		w, h, ok := strings.Cut(size, "x")
		if !ok {
			return Paper{}, bad
		}
		width, err1 := strconv.ParseFloat(strings.TrimSpace(w), 64)
		height, err2 := strconv.ParseFloat(strings.TrimSpace(h), 64)
		if err1 != nil || err2 != nil {
			return Paper{}, bad
		}
		p := Paper{width * mm, height * mm}
		if !isPaperSide(p.Width) || !isPaperSide(p.Height) {
			return Paper{}, errors.New(`paper "` + name + `" is ` + strconv.FormatFloat(p.Width, 'f', -1, 64) + ` by ` + strconv.FormatFloat(p.Height, 'f', -1, 64) + ` mm; a book's page is 50 to 1000 mm on a side`)
		}
		return p, nil
	}
	return Paper{}, bad
}
