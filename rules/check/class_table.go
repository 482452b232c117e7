package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A book that compares its classes side by side, a column per class and a
// row per Feature, restates the class data that fills the sheets; the two
// must agree, or the book contradicts its own sheets.

var classFeaturesCheck = &tableCheck{
	name:    "class-features",
	columns: []string{"Feature"},
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
}

func classFeatures(t *tableRun) {
	classes := make([]*ast.ClassData, len(t.table.Header))
	for i, cell := range t.table.Header[1:] {
		classes[i+1] = t.c.classes[strings.ToLower(cell.Text)]
		if classes[i+1] == nil {
			// Only check=class-features binds a column no class's data
			// fills; it is left unchecked.
			t.c.errorAt(cell.Pos, "table/class-features", `no class data is given for "`+cell.Text+`"`, "")
		}
	}
	features := t.rowKeys("Feature", "Features", "table/class-features")
	for r := range t.table.Rows {
		feature, ok := t.cell(r, 0)
		if !ok || !features.add(strings.TrimSpace(feature.Text), feature) {
			continue
		}
		for col := 1; col < len(classes); col++ {
			if classes[col] == nil {
				continue
			}
			value, ok := classValue(classes[col], feature.Text)
			if !ok {
				t.problem(feature, "table/class-features", `the class data of `+classes[col].Class+` has no "`+feature.Text+`"`)
				break
			}
			cell, ok := t.cell(r, col)
			if !ok {
				break
			}
			// A table may leave out the marker words of a value
			// ("100% applies" is 100%); a value may be empty.
			words := strings.Fields(value)
			if !sameText(cell.Text, value) && (len(words) == 0 || !sameText(cell.Text, words[0])) {
				t.mismatch(cell, value, "table/class-features")
			}
		}
	}
}

// classValue returns the value a class's data gives a field, outside any
// "[Box]" section.
func classValue(c *ast.ClassData, name string) (string, bool) {
	for _, f := range c.Fields {
		if f.Section == "" && strings.EqualFold(f.Name, name) {
			return f.Value, true
		}
	}
	return "", false
}
