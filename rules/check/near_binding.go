package check

import (
	"slices"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A table binds to a check by its header, so a typo in the header would
// unbind it without a word: "Roll beats Resistanc" makes a qualification
// table an unchecked one and the book passes. nearBinding catches that: a
// table no check binds, whose header would bind one if a cell or two were
// spelt as some check's column, is an error at each such cell. Prose tables
// are left alone because their columns are unlike any check's, or because
// the spelling nearest to them binds nothing ("Role" is near "Roll", but
// "Class & Roll & Best at" is no odds table); a table meant to stay
// unchecked says check=none. A table bound to a check can be meant for a
// more specific one too: "Effect & Reisst with" binds the feature-names
// check, a list of Effects, but was meant for resist-with.

// maxHeaderRepairs is how many header cells may be misspelt for the table
// still to count as meant for a check: one typo, or two.
const maxHeaderRepairs = 2

// rollTableDice are the dice a roll table's first column is most often
// headed by, for a misspelt one ("d01").
var rollTableDice = []string{"d4", "d6", "d8", "d10", "d12", "d20", "d100"}

// nearBinding reports the cells of a table's header that keep it from
// binding a check: any check, for a table bound to none; a check more
// specific than the one it is bound to, for the others.
func (c *checker) nearBinding(t *ast.Table, bound *tableCheck) {
	checks, instead := tableChecks, "no check reads the table; a table meant to stay unchecked says check=none"
	if bound != nil {
		checks, instead = tableChecks[:slices.Index(tableChecks, bound)], "the "+bound.name+" check reads it instead"
	}
	h := c.headerOf(t)
	known := c.knownColumns()
	var misspelt []int
	spellings := map[int][]string{}
	for i, cell := range t.Header {
		if _, isChance := parseOddsColumn(h[i]); isChance || known.normalized[h[i]] {
			continue
		}
		others := chanceColumnSpellings(cell.Text)
		var die []string
		if i == 0 {
			die = rowsDie(t)
			others = append(append(others, rollTableDice...), die...)
		}
		near := known.nearest(cell.Text, others)
		if len(near) == 0 {
			near = slices.DeleteFunc(slices.Clone(die), func(d string) bool { return !isDieTypo(cell.Text, d) })
		}
		if len(near) > 0 {
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
			for _, tc := range checks {
				if tc.appliesTo(c.system) && tc.binds(repaired, c) {
					for m, i := range misspelt {
						c.errorAt(t.Header[i].Pos, "table/header", `the header would bind the `+tc.name+` check but for "`+t.Header[i].Text+
							`" (did you mean "`+meant[m]+`"?): as written, `+instead, meant[m])
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

// rowsDie returns the headers of a roll table on the die whose faces the
// table's first column runs through, "d10" and "d10 Result" for 0-1 to 9,
// so that a die misspelt in a way no edit distance weighs fairly ("6d",
// "d") can be told which it most likely means; nil when the column is not
// faces.
func rowsDie(t *ast.Table) []string {
	lo, hi := -1, 0
	for _, row := range t.Rows {
		if len(row) == 0 {
			return nil
		}
		r, err := rules.ParseFaceRange(row[0].Text)
		if err != nil {
			return nil
		}
		if lo < 0 || r.Lo < lo {
			lo = r.Lo
		}
		hi = max(hi, r.Hi)
	}
	if lo < 0 || hi < 2 {
		return nil
	}
	if lo == 0 {
		hi++
	}
	return []string{"d" + itoa(hi), "d" + itoa(hi) + " Result"}
}

// isDieTypo reports whether written is die with its characters in another
// order ("6d", "d01") or one left out or added ("d", "d6d").
func isDieTypo(written, die string) bool {
	w, d := []rune(strings.ToLower(written)), []rune(strings.ToLower(die))
	if len(w) == len(d) {
		slices.Sort(w)
		slices.Sort(d)
		return slices.Equal(w, d)
	}
	if len(w) > len(d) {
		w, d = d, w
	}
	if len(d)-len(w) != 1 {
		return false
	}
	for i := range d {
		if slices.Equal(w, slices.Concat(d[:i], d[i+1:])) {
			return true
		}
	}
	return false
}

// columnNames is every column name a check of the book's system binds by,
// with the names of the book's classes: as normalizeColumn writes them, and
// as a lexicon to find the ones a header cell is a typo of.
type columnNames struct {
	normalized map[string]bool
	lexicon    *ast.Lexicon
	// nearestOf remembers what nearest answered, by the name and the
	// others: a book heads many tables alike, and each answer measures the
	// name against every column name.
	nearestOf map[string][]string
}

// knownColumns returns the book's columnNames, gathered on first use.
func (c *checker) knownColumns() *columnNames {
	if c.columns == nil {
		var names []string
		for _, tc := range tableChecks {
			if tc.appliesTo(c.system) {
				names = append(names, tc.columns...)
			}
		}
		for _, cd := range c.classes {
			names = append(names, cd.Class)
		}
		c.columns = &columnNames{normalized: map[string]bool{}, lexicon: ast.NewLexicon(names), nearestOf: map[string][]string{}}
		for _, name := range names {
			c.columns.normalized[normalizeColumn(name)] = true
		}
	}
	return c.columns
}

// nearest returns the column names, or others, nearest to name by edit
// distance, ignoring case, that are near enough to be a likely typo (as
// ast.Closest judges it), all of them when several are as near, in order.
// A name that differs from it only in case is name itself, not a typo.
func (k *columnNames) nearest(name string, others []string) []string {
	key := name + "\x00" + strings.Join(others, "\x00")
	if near, ok := k.nearestOf[key]; ok {
		return near
	}
	near := k.measureNearest(name, others)
	k.nearestOf[key] = near
	return near
}

// measureNearest is nearest, measured.
func (k *columnNames) measureNearest(name string, others []string) []string {
	near, distance := k.lexicon.Nearest(name, 1)
	if len(others) == 0 {
		return near
	}
	nearOther, otherDistance := ast.NewLexicon(others).Nearest(name, 1)
	switch {
	case len(nearOther) == 0:
		return near
	case len(near) == 0 || otherDistance < distance:
		return nearOther
	case otherDistance > distance:
		return near
	}
	near = append(near, nearOther...)
	slices.Sort(near)
	return slices.Compact(near)
}
