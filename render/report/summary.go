package report

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

func itoa(n int) string { return strconv.Itoa(n) }

// Summary is the closing line of a text report: "2 errors, 1 warning".
func Summary(diags ast.DiagnosticList) string {
	errors, warnings := diags.Count()
	return count(errors, "error") + ", " + count(warnings, "warning")
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}
