package pdf

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"testing"

	"github.com/galleyhq/galley/internal/pdfcontent"
	"github.com/galleyhq/galley/parser"
)

// TestCodeHighlighted holds that code in a language is printed in the
// inks of its tokens' classes, as the site and the EPUB colour it, and
// code in none in the text's ink alone.
func TestCodeHighlighted(t *testing.T) {
	const code = "local hp = 12 -- the wasp's\nprint(\"sting\")\n"
	for _, tt := range []struct {
		fence string
		inks  []string // classes whose ink the page must hold
	}{
		{"```lua", []string{"k", "c", "s", "m"}},
		{"```", nil},
		{"```klingon", nil},
	} {
		t.Run(tt.fence, func(t *testing.T) {
			doc, diags := parser.ParseMarkdown("code.md", []byte("# Scripts\n\n"+tt.fence+"\n"+code+"```\n"))
			if errors, _ := diags.Count(); errors > 0 {
				t.Fatal(diags)
			}
			used := inksUsed(t, writeBook(t, doc, "a5"))
			for _, class := range []string{"k", "c", "s", "m", "n"} { // the inks code alone prints in
				ink, want := codeInks[class], false
				for _, c := range tt.inks {
					want = want || c == class
				}
				if used[ink] != want {
					t.Errorf("the %s ink (%v) is used: %v, want %v", class, ink, used[ink], want)
				}
			}
		})
	}
}

// inksUsed returns the fill colours a PDF's content streams set (rg).
func inksUsed(t *testing.T, data []byte) map[rgb]bool {
	t.Helper()
	used := map[rgb]bool{}
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(data, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // not a compressed stream: a picture's, or a font's
		}
		content, _ := io.ReadAll(r)
		for op := range pdfcontent.Operations(content) {
			if op.Operator == "rg" {
				used[rgb{int(op.Number(3)*255 + 0.5), int(op.Number(2)*255 + 0.5), int(op.Number(1)*255 + 0.5)}] = true
			}
		}
	}
	return used
}
