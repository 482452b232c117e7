package check

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser"
)

// A table binds to a check by its header, so a typo in the header would
// unbind it without a word: "Roll beats Resistanc" makes a qualification
// table an unchecked one and the book passes. nearBinding catches that: a
// table no check binds, whose header would bind one if a cell or two were
// spelt as some check's column, is an error at each such cell. Prose tables
// are left alone because their columns are unlike any check's, or because
// the spelling nearest to them binds nothing ("Role" is near "Roll", but
// "Class & Roll & Best at" is no odds table); a table meant to stay
// unchecked says check=none.

// maxHeaderRepairs is how many header cells may be misspelt for the table
// still to count as meant for a check: one typo, or two.
const maxHeaderRepairs = 2

// rollTableDice are the dice a roll table's first column is most often
// headed by, for a misspelt one ("d01").
var rollTableDice = []string{"d4", "d6", "d8", "d10", "d12", "d20", "d100"}

// nearBinding reports the cells of an unbound table's header that keep it
// from binding a check.
func (c *checker) nearBinding(t *parser.Table) {
	h := normalizeHeader(t.Header)
	known := c.knownColumns()
	var misspelt []int
	spellings := map[int][]string{}
	for i, cell := range t.Header {
		if _, isChance := parseOddsColumn(h[i]); isChance || slices.ContainsFunc(known, func(name string) bool { return normalizeColumn(name) == h[i] }) {
			continue
		}
		candidates := append(known, chanceColumnSpellings(cell.Text)...)
		if i == 0 {
			candidates = append(candidates, rollTableDice...)
		}
		if near := nearest(cell.Text, candidates); len(near) > 0 {
			misspelt = append(misspelt, i)
			spellings[i] = near
		}
	}
	if len(misspelt) == 0 || len(misspelt) > maxHeaderRepairs {
		return
	}
	// Try every respelling: "Tnes die" is as near "Ones die" as "Tens
	// die", and only one of them makes a decile-dice header.
	repaired := slices.Clone(h)
	meant := make([]string, len(misspelt))
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(misspelt) {
			for _, tc := range tableChecks {
				if tc.appliesTo(c.system) && tc.binds(repaired, c) {
					for m, i := range misspelt {
						c.errorAt(t.Header[i].Pos, "table/header", `the header would bind the `+tc.name+` check but for "`+t.Header[i].Text+
							`" (did you mean "`+meant[m]+`"?): as written, no check reads the table; a table meant to stay unchecked says check=none`, meant[m])
					}
					return true
				}
			}
			return false
		}
		for _, name := range spellings[misspelt[k]] {
			repaired[misspelt[k]], meant[k] = normalizeColumn(name), name
			if try(k + 1) {
				return true
			}
		}
		return false
	}
	try(0)
}

// nearest returns the candidates nearest to name by edit distance, ignoring
// case, that are near enough to be a likely typo (as parser.Closest judges
// it), all of them when several are as near, in order.
func nearest(name string, candidates []string) []string {
	lower := strings.ToLower(name)
	var near []string
	best := -1
	for _, c := range candidates {
		d := parser.EditDistance(lower, strings.ToLower(c))
		if d == 0 || d > max(utf8.RuneCountInString(name), utf8.RuneCountInString(c))/3 || best >= 0 && d > best {
			continue
		}
		if d < best || best < 0 {
			near, best = near[:0], d
		}
		near = append(near, c)
	}
	slices.Sort(near)
	return slices.Compact(near)
}

// knownColumns lists every column name a check of the book's system binds
// by, with the names of the book's classes, once each. The slice has no
// room to spare, so callers may append to it.
func (c *checker) knownColumns() []string {
	if c.columns == nil {
		for _, tc := range tableChecks {
			if tc.appliesTo(c.system) {
				c.columns = append(c.columns, tc.columns...)
			}
		}
		for _, cd := range c.classes {
			c.columns = append(c.columns, cd.Class)
		}
		slices.Sort(c.columns)
		c.columns = slices.Clip(slices.Compact(c.columns))
	}
	return c.columns
}
