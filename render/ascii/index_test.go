package ascii

import (
	"context"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/index"
)

// TestIndexPages checks the ASCII book's index against its own pages:
// every place the index lists is on the page it gives, and the book ends
// with the index chapter.
func TestIndexPages(t *testing.T) {
	doc := testbook.Book(t)
	sheets := testbook.SheetsOf(doc)
	doc.Index, _ = index.Build(doc, sheets)
	b := layOut(context.Background(), doc, sheets, false)
	pages := newDrawer(doc, b).draw(0, len(b.pages))
	checked := 0
	eachLocator(doc.Index.Entries, func(loc *ast.Locator) {
		page := b.index.pages[loc]
		if page < 1 || page > len(pages) {
			t.Errorf("%v: %q is on page %d of %d", loc.Block.Position(), loc.Text, page, len(pages))
			return
		}
		if lineHolding(unframed(pages[page-1]), loc.Text) < 0 {
			t.Errorf("%v: the index gives page %d for %q, which that page does not hold", loc.Block.Position(), page, loc.Text)
		}
		checked++
	})
	if checked < 100 {
		t.Errorf("checked %d places; the bundled book's index should list well over 100", checked)
	}
	last := strings.Join(pages[len(pages)-1], "\n")
	if !strings.Contains(last, "►"+indexTitle+"◄") {
		t.Errorf("the last page is not the index's:\n%s", last)
	}
}

// unframed returns a page's lines without the frame's borders and shadow,
// so that a phrase broken across two lines reads as one.
func unframed(page []string) []string {
	lines := make([]string, len(page))
	for i, line := range page {
		lines[i] = strings.Trim(line, "║▓ ")
	}
	return lines
}
