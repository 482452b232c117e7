package pdf

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// TestFrontMatter checks, page by page as pdftotext reads them, that a
// book has a cover and a title page only when it has something to put on
// them: an untitled book without art starts at its contents, one with a
// colophon but no title keeps the title page for it.
func TestFrontMatter(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		title   string
		authors []string
		// coverHasTitle says the cover art draws the title itself.
		coverHasTitle bool
		pages         []string // what each of the first pages starts with
	}{
		{"untitled", "", nil, false, []string{"Contents", "Alpha"}},
		{"colophon alone", "", []string{"Ann Author"}, false, []string{"Ann Author", "Contents"}},
		{"titled", "Field Guide", []string{"Ann Author"}, false, []string{"Field Guide", "Field Guide", "Contents"}},
		{"art with the title", "Field Guide", []string{"Ann Author"}, true, []string{"Ann Author", "Field Guide", "Contents"}},
	} {
		doc, diags := parser.Parse("book.txt", []byte(contentsBook))
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
