package report

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

func itoa(n int) string { return strconv.Itoa(n) }

// Summary is the closing line of a text report: "2 errors, 1 warning",
// and the notes when there are any: "…, 20 notes".
func Summary(diags ast.DiagnosticList) string {
	errors, warnings := diags.Count()
	s := Count(errors, "error") + ", " + Count(warnings, "warning")
	if notes := diags.Notes(); notes > 0 {
		s += ", " + Count(notes, "note")
	}
	return s
}

// Count says how many of a thing there are, the noun in the plural unless
// there is one: "1 page", "0 pages", "12 warnings".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}
