package epub

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// TestUntitled checks the title an untitled book goes by, in its package
// document, and that it opens at its text: no blank title page, and no
// cover landmark with nothing to point at.
func TestUntitled(t *testing.T) {
	for _, tt := range []struct {
		name, src, title string
	}{
		{"several chapters", "# One\n\nText.\n\n# Two\n\nMore.\n", "Untitled"},
		{"one level-1 heading over its chapters", "# Field Guide\n\n## One\n\nText.\n\n## Two\n\nMore.\n", "Field Guide"},
	} {
		doc, diags := parser.ParseMarkdown("book.md", []byte(tt.src))
		if errs, _ := diags.Count(); errs > 0 {
			t.Fatal(diags)
		}
		names, data := files(t, writeEPUB(t, doc))
		if want := `<dc:title id="title">` + tt.title + "</dc:title>"; !strings.Contains(data["OEBPS/content.opf"], want) {
			t.Errorf("%s: the package document lacks %s", tt.name, want)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "/"+coverFile) || strings.HasSuffix(name, "/"+titleFile) {
				t.Errorf("%s: the book has %s, with nothing to show", tt.name, name)
			}
		}
		if strings.Contains(data["OEBPS/nav.xhtml"], `epub:type="cover"`) {
			t.Errorf("%s: the landmarks name a cover the book does not have", tt.name)
		}
	}
}
