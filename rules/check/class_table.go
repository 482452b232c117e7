package check

import (
	"strings"

	"github.com/galleyhq/galley/parser"
)

// A book that compares its classes side by side, a column per class and a
// row per Feature, restates the class data that fills the sheets; the two
// must agree, or the book contradicts its own sheets.

func init() {
	register(&tableCheck{
		name: "class-features",
		binds: func(h header, c *checker) bool {
			if len(h) < 2 || h[0] != "feature" {
				return false
			}
			for _, col := range h[1:] {
				if c.classes[col] == nil {
					return false
				}
			}
			return true
		},
		run: classFeatures,
	})
}

func classFeatures(t *tableRun) {
	classes := make([]*parser.ClassData, len(t.table.Header))
	for i, cell := range t.table.Header[1:] {
		classes[i+1] = t.c.classes[strings.ToLower(cell.Text)]
	}
	for _, row := range t.table.Rows {
		feature := t.cell(row, 0)
		for col := 1; col < len(row) && col < len(classes); col++ {
			value, ok := classValue(classes[col], feature.Text)
			if !ok {
				t.problem(feature, "table/class-features", `the class data of `+classes[col].Class+` has no "`+feature.Text+`"`)
				break
			}
			cell := row[col]
			// A table may leave out the marker words of a value
			// ("100% applies" is 100%).
			if !sameText(cell.Text, value) && !sameText(cell.Text, strings.Fields(value + " ")[0]) {
				t.mismatch(cell, value, "table/class-features")
			}
		}
	}
}

// classValue returns the value a class's data gives a field, outside any
// "[Box]" section.
func classValue(c *parser.ClassData, name string) (string, bool) {
	for _, f := range c.Fields {
		if f.Section == "" && strings.EqualFold(f.Name, name) {
			return f.Value, true
		}
	}
	return "", false
}
