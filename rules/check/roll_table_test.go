package check

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// TestOverlapNamesBothRows checks that a face two rows of a roll table cover
// ("0-8" and "8-13" of a d20 that reads 0 to 19, as a book without a
// galley.toml reads it) is reported at each of them, and that each report
// names both rows and the face: either row may be the one to fix.
func TestOverlapNamesBothRows(t *testing.T) {
	book := "\\begin{table}[4]\nd20  & Find\n0-8  & Nothing\n8-13 & Food\n14-19 & Water\n\\end{table}\n"
	doc, _ := parser.Parse("book.txt", []byte(book))
	doc.Config.System = "fd100" // the book's d20 reads 0 to 19
	var got []string
	for _, d := range checkBook(doc).Diagnostics {
		if d.Code == "table/roll-table" {
			got = append(got, d.Message)
		}
	}
	if len(got) != 2 {
		t.Fatalf("got %d roll-table diagnostics, want one at each overlapping row: %q", len(got), got)
	}
	for _, msg := range got {
		for _, want := range []string{`"0-8"`, `"8-13"`, "both cover face 8"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%q does not say %s", msg, want)
			}
		}
	}
}
