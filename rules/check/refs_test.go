package check

import (
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// TestSuggestionsAreBounded checks that a book with thousands of headings and
// as many distinct broken references is checked without a suggestion for
// each: every suggestion compares the reference with every title, and all of
// them would take the checker most of a minute.
func TestSuggestionsAreBounded(t *testing.T) {
	const n = 2000
	var book strings.Builder
	for i := range n {
		title := "Heading " + strconv.Itoa(i) + " of the nest"
		book.WriteString(title + "\n" + strings.Repeat("-", len(title)) + "\n\n")
		book.WriteString(`See Section "Missing ` + strconv.Itoa(i) + ` of the beetles".` + "\n\n")
	}
	doc, _ := parser.Parse("book.txt", []byte(book.String()))
	unresolved, suggested := 0, 0
	for _, d := range Book(doc).Diagnostics {
		if d.Code == "ref/unresolved" {
			unresolved++
			if d.Expected != "" {
				suggested++
			}
		}
	}
	if unresolved != n {
		t.Fatalf("%d references reported unresolved, want %d", unresolved, n)
	}
	if suggested == 0 || suggested == n {
		t.Errorf("%d of %d unresolved references have a suggestion; want the first few, not none or all", suggested, n)
	}
}
