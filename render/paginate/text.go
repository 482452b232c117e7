package paginate

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// Superscript writes a footnote's number as the manuscript marks it, in
// superscript digits: "¹", "¹²".
func Superscript(n int) string {
	sup := []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")
	var b strings.Builder
	for _, d := range strconv.Itoa(n) {
		b.WriteRune(sup[d-'0'])
	}
	return b.String()
}

// SpacedRunIn reports whether the text after a run-in label, rest, needs a
// space before it: the parser takes the space after "_Label_" off, but not
// the punctuation that may follow the label instead ("_Note_: …").
func SpacedRunIn(rest []ast.Inline) bool {
	if len(rest) == 0 {
		return false
	}
	t, ok := rest[0].(*ast.Text)
	return !ok || t.Text == "" || !strings.ContainsRune(".,:;!?", rune(t.Text[0]))
}
