package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A table that lists the Features of one part of the character sheet, its
// first column headed by that part's name in the singular ("Attribute",
// "Common Ability", "Effect") and the others describing each, restates the
// sheet: every name must be one of that part's Features, and each is listed
// once, all of them, so that "Poisonned" or a forgotten Effect is caught.
// The descriptions are the author's words.

var featureNamesCheck = &tableCheck{
	name:    "feature-names",
	columns: []string{"Attribute", "Combat Condition", "Specific Ability", "Common Ability", "Effect"},
	systems: []string{"fd100"},
	binds: func(h header, c *checker) bool {
		return len(h) >= 2 && len(c.vocabulary.groups[h[0]]) > 0
	},
	run: featureNamesTable,
}

func featureNamesTable(t *tableRun) {
	members := t.c.vocabulary.groups[t.header[0]]
	what := t.table.Header[0].Text
	names := t.rowKeys(what, plural(what), "table/feature-names")
	for r := range t.table.Rows {
		cell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		name := strings.TrimSpace(cell.Text)
		if contains(members, name) {
			names.add(name, cell)
			continue
		}
		msg := `"` + name + `" is not one of the ` + plural(what)
		if group := t.c.vocabulary.groupOf(name); group != "" {
			msg += ": it is one of the " + plural(titleCase(group))
		}
		closest := ast.Closest(name, members)
		if closest != "" {
			msg += ` (did you mean "` + closest + `"?)`
		}
		t.c.errorAt(cell.Pos, "table/feature-names", msg, closest)
		names.skip()
	}
	names.requireAll(members)
}

// plural names more than one of a singular column's things: "Effects",
// "Common Abilities".
func plural(name string) string {
	if stem, ok := strings.CutSuffix(name, "y"); ok {
		return stem + "ies"
	}
	return name + "s"
}
