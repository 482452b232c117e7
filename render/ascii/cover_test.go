package ascii

import (
	"context"
	"regexp"
	"slices"
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

// TestLeafletHasNoContents checks that a book without headings, a
// leaflet, opens at its text: an empty table of contents once took its
// first page, and its running header the pages after.
func TestLeafletHasNoContents(t *testing.T) {
	doc, diags := parser.ParseMarkdown("leaflet.md", []byte("A mite does one thing.\n\n| Roll | Result |\n| --- | --- |\n| 1 | Bite |\n"))
	if errs, _ := diags.Count(); errs > 0 {
		t.Fatal(diags)
	}
	pages, _ := Book(context.Background(), doc, testbook.SheetsOf(doc))
	book := strings.Join(slices.Concat(pages...), "\n")
	if strings.Contains(book, contentsTitle) {
		t.Errorf("a book without headings has contents:\n%s", book)
	}
	if !strings.Contains(pages[0][1], "A mite does one thing.") {
		t.Errorf("the leaflet opens with %q, want its text", pages[0][:min(3, len(pages[0]))])
	}
}
