package ascii

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
)

// TestUntitledOpensAtContents checks that a book with no title and no art
// opens at its contents rather than on an empty frame, that the chapter's
// page is where the contents say, and that no header carries an empty
// label.
func TestUntitledOpensAtContents(t *testing.T) {
	doc, diags := parser.ParseMarkdown("book.md", []byte("# One\n\nText.\n\n# Two\n\nMore.\n"))
	if errs, _ := diags.Count(); errs > 0 {
		t.Fatal(diags)
	}
	pages, _ := Book(context.Background(), doc, testbook.SheetsOf(doc))
	if len(pages) < 2 || !strings.Contains(pages[0][1], contentsTitle) {
		t.Fatalf("the book opens with %q, want its contents", pages[0][:min(3, len(pages[0]))])
	}
	if !regexp.MustCompile(`One \.+ 2 ║`).MatchString(strings.Join(pages[0], "\n")) || !strings.Contains(pages[1][0], "►One◄") {
		t.Errorf("the contents and chapter One's page disagree:\n%s\n%s", strings.Join(pages[0], "\n"), pages[1][0])
	}
	for n, page := range pages {
		if strings.Contains(page[0], "►◄") {
			t.Errorf("page %d's header has an empty label: %s", n+1, page[0])
		}
	}
}
