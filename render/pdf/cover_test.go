package pdf

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// leaflet is a book without headings: a paragraph and a table.
const leaflet = "A mite does one thing, and Table 1 says which.\n\n\\begin{table}\nRoll & Result\n1 & Bite\n\\end{table}\n\nTable 1: What a mite does.\n"

// TestFrontMatter checks, page by page as pdftotext reads them, that a
// book has a cover and a title page only when it has something to put on
// them: an untitled book without art starts at its contents, one with a
// colophon but no title keeps the title page for it. A book without
// headings, a leaflet, has no contents page: an empty one once stood
// between its title page and its text.
func TestFrontMatter(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		title   string
		authors []string
		// coverHasTitle says the cover art draws the title itself.
		coverHasTitle bool
		pages         []string // what each of the first pages starts with
		manuscript    string
	}{
		{"untitled", "", nil, false, []string{"Contents", "Alpha"}, contentsBook},
		{"colophon alone", "", []string{"Ann Author"}, false, []string{"Ann Author", "Contents"}, contentsBook},
		{"titled", "Field Guide", []string{"Ann Author"}, false, []string{"Field Guide", "Field Guide", "Contents"}, contentsBook},
		{"art with the title", "Field Guide", []string{"Ann Author"}, true, []string{"Ann Author", "Field Guide", "Contents"}, contentsBook},
		{"untitled leaflet", "", nil, false, []string{"A mite does one thing"}, leaflet},
		{"titled leaflet", "Field Guide", nil, false, []string{"Field Guide", "Field Guide", "A mite does one thing"}, leaflet},
	} {
		doc, diags := parser.Parse("book.txt", []byte(tt.manuscript))
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		doc.Config.Title, doc.Config.Authors, doc.Config.CoverHasTitle = tt.title, tt.authors, tt.coverHasTitle
		pages := strings.Split(pdfText(t, writeBook(t, doc, "")), "\f")
		if len(pages) < len(tt.pages) {
			t.Fatalf("%s: %d pages, want at least %d", tt.name, len(pages), len(tt.pages))
		}
		for i, want := range tt.pages {
			if got := strings.TrimSpace(pages[i]); !strings.HasPrefix(got, want) {
				t.Errorf("%s: page %d starts %.40q, want %q", tt.name, i+1, got, want)
			}
		}
	}
}
