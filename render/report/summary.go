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
	s := count(errors, "error") + ", " + count(warnings, "warning")
	if notes := diags.Notes(); notes > 0 {
		s += ", " + count(notes, "note")
	}
	return s
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}
