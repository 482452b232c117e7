package check

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// An enemy's stat block is a "Feature & Rating" table. Each row names one
// or more Features ("Speed, Skill") and gives their rating: a percentile, a
// count for Wounds, or a decile die to roll it with ("d20"). A note in
// parentheses may follow: "40% (Armoured Head)". Which Features an enemy
// has and their ratings are the author's to choose; each is rated once.

var statBlockCheck = &tableCheck{
	name:    "stat-block",
	columns: []string{"Feature", "Rating"},
	systems: []string{"fd100"},
	binds:   func(h header, _ *checker) bool { return h.is("feature", "rating") },
	run:     statBlockTable,
}

// woundsMaxNames are the ways a stat block writes the Wounds maximum.
var woundsMaxNames = map[string]bool{"Wounds Max": true, "Wounds/Max": true, "Max Wounds": true}

func statBlockTable(t *tableRun) {
	features := t.rowKeys("Feature", "Features", "table/stat-block")
	for r := range t.table.Rows {
		names, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		woundsMax := woundsMaxNames[strings.TrimSpace(names.Text)]
		if woundsMax {
			features.add("Wounds", names)
		} else {
			t.c.featureList(names.Text, names.Pos, "table/stat-block")
			for _, name := range featureNames(names.Text) {
				if t.c.vocabulary.isFeature(name) {
					features.add(name, names)
				}
			}
		}
		rating, ok := t.cell(r, 1)
		if !ok {
			continue
		}
		if woundsMax {
			t.checkCount(rating)
		} else {
			t.checkRating(rating)
		}
	}
}

// checkRating accepts a percentile 0–100% or a decile die.
func (t *tableRun) checkRating(cell *ast.Cell) {
	value := strings.TrimSpace(stripParenthetical(cell.Text))
	if _, ok := rules.ParseDecileDie(value); ok {
		return
	}
	digits, isPercent := strings.CutSuffix(value, "%")
	n, err := strconv.Atoi(digits)
	if !isPercent || err != nil || n < 0 || n > 100 {
		t.problem(cell, "table/stat-block", `"`+cell.Text+`" is not a rating: a percentile from 0% to 100% or a decile die such as d40`)
	}
}

// checkCount accepts the Wounds maximum: a whole number or a decile die.
func (t *tableRun) checkCount(cell *ast.Cell) {
	value := strings.TrimSpace(stripParenthetical(cell.Text))
	if _, ok := rules.ParseDecileDie(value); ok {
		return
	}
	if n, err := strconv.Atoi(value); err != nil || n < 1 {
		t.problem(cell, "table/stat-block", `"`+cell.Text+`" is not a Wounds maximum: a whole number or a decile die such as d20`)
	}
}
