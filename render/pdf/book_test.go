package pdf

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

var update = flag.Bool("update", false, "rewrite testdata/book.txt, the small book's text")

// tinyBook is the ASCII book's small test book, which has something of
// every kind the print books lay out; the two books are tested on the same
// manuscript.
var tinyBook = filepath.Join("..", "ascii", "testdata", "book", "manuscript")

func writeBook(t testing.TB, doc *ast.Document, paper string) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, err := WriteBook(context.Background(), &b, doc, testbook.SheetsOf(doc), Options{Paper: paper}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestBookPDF checks the bundled book's PDF: at least 25 pages, as many as
// its pagination says, the same bytes on a second run, a bookmark outline,
// and, with poppler's tools installed, every font embedded and every
// chapter's title in the text.
func TestBookPDF(t *testing.T) {
	t.Parallel()
	doc := testbook.Book(t)
	data, pagination := bundledPDF(t)
	pages := len(pageObject.FindAll(data, -1))
	if pages < 25 || pages != pagination.Pages {
		t.Errorf("%d pages, pagination says %d; want at least 25", pages, pagination.Pages)
	}
	if !bytes.Contains(data, []byte("/Type /Outlines")) {
		t.Error("no bookmark outline")
	}
	if again := writeBook(t, doc, ""); !bytes.Equal(data, again) {
		t.Error("a second run gives different bytes")
	}
	file := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	checkFonts(t, file)
	var chapters []string
	for _, h := range doc.Headings() {
		if h.Depth == 1 {
			chapters = append(chapters, h.Title)
		}
	}
	checkText(t, data, chapters)
}

// TestBookPages checks with pdftotext that each heading is on the page the
// pagination gives it, and that the references print those pages.
func TestBookPages(t *testing.T) {
	t.Parallel()
	doc := testbook.Book(t)
	data, pagination := bundledPDF(t)
	out := pdfText(t, data)
	pages := strings.Split(out, "\f")
	for _, h := range doc.Headings() {
		n := pagination.Page(h.ID)
		if n < 1 || n > len(pages) || !strings.Contains(unbroken(pages[n-1]), typo.String(h.Title)) {
			t.Errorf("heading %q is not on page %d", h.Title, n)
		}
	}
	// Every reference to a section or chapter prints the page it is on.
	text := unbroken(strings.ReplaceAll(withoutFurniture(out, doc), "\u00a0", " "))
	targets := ast.NewTargets(doc)
	refs := 0
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		if ref, ok := n.(*ast.Ref); ok {
			if h := targets.Heading(ref); h != nil {
				refs++
				want := strings.Join(strings.Fields(typo.String(ref.Text)), " ") + fmt.Sprintf(" (p. %d)", pagination.Page(h.ID))
				if !strings.Contains(text, want) {
					t.Errorf("no %q in the text", want)
				}
			}
		}
		return true
	})
	if refs == 0 {
		t.Error("the bundled book has no reference to a section")
	}
}

// withoutFurniture returns the text of a book without its running heads
// and page numbers, which stand between the words of a sentence that runs
// over a page break: the lines that are the book's title, a chapter's or a
// number. The running head, read in drawing order, may be one line.
func withoutFurniture(text string, doc *ast.Document) string {
	title := typo.String(doc.Config.Title)
	furniture := map[string]bool{title: true}
	for _, h := range doc.Headings() {
		if h.Depth == 1 {
			chapter := typo.String(h.Title)
			furniture[chapter], furniture[title+" "+chapter] = true, true
		}
	}
	var kept []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.Trim(line, "\f ")
		if _, err := strconv.Atoi(line); err != nil && !furniture[line] {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "\n")
}

// TestBookGolden pins the small book's PDF: its page count and its text,
// as pdftotext reads it, against testdata/book.txt. With -update it
// rewrites the text.
func TestBookGolden(t *testing.T) {
	doc, diags, err := parser.ParseBook(tinyBook)
	if err != nil || len(diags) > 0 {
		t.Fatal(err, diags)
	}
	data := writeBook(t, doc, "")
	if n := len(pageObject.FindAll(data, -1)); n != 6 {
		t.Errorf("%d pages, want 6", n)
	}
	out := []byte(pdfText(t, data))
	golden := filepath.Join("testdata", "book.txt")
	if *update {
		if err := os.WriteFile(golden, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(want) {
		t.Errorf("the text differs from %s (run go test ./render/pdf -update to accept):\n%s", golden, out)
	}
}

// TestBookOneContents checks that a book with many outlines lays out one
// table of contents, where its first outline stands: the same flow and
// the same pages as the book without the others. Each outline once laid
// out every heading again, and 300 KB of them took 5.9 GB.
func TestBookOneContents(t *testing.T) {
	layOut := func(doc *ast.Document) (items, pages int) {
		pdf, err := New("", time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		l := newLayouter(context.Background(), pdf, doc, testbook.SheetsOf(doc))
		f := l.flow()
		return len(f.items), len(paginate.Paginate(f.items, l.bodyHeight(), noteRuleSpace))
	}
	wantItems, wantPages := layOut(testbook.Book(t))
	if items, pages := layOut(testbook.WithOutlines(t, 100)); items != wantItems || pages != wantPages {
		t.Errorf("100 more outlines make %d items on %d pages, want %d on %d", items, pages, wantItems, wantPages)
	}
}

// TestBookPaper checks that --paper and galley.toml choose the page size.
func TestBookPaper(t *testing.T) {
	doc, _, err := parser.ParseBook(tinyBook)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ paper, want string }{
		{"", "/MediaBox [0 0 595.28 841.89]"},
		{"letter", "/MediaBox [0 0 612.00 792.00]"},
	} {
		if data := writeBook(t, doc, tt.paper); !bytes.Contains(data, []byte(tt.want)) {
			t.Errorf("paper %q: no %s", tt.paper, tt.want)
		}
	}
}

// TestMissingGlyph checks that each rune no embedded font has is reported
// where the manuscript writes it, and that the book is still written, with
// the replacement character in the runes' place.
func TestMissingGlyph(t *testing.T) {
	doc, diags, err := parser.ParseBook(filepath.Join("testdata", "glyph", "book.txt"))
	if err != nil || len(diags) > 0 {
		t.Fatal(err, diags)
	}
	checkText(t, writeBook(t, doc, ""), []string{"A word in Chinese, \uFFFD\uFFFD, and an ant, \uFFFD"})
	var got []string
	for _, d := range CheckGlyphs(doc) {
		got = append(got, fmt.Sprintf("%d:%d %s %s", d.Line, d.Col, d.Severity, d.Code))
	}
	want := []string{"4:20 error pdf/glyph", "4:21 error pdf/glyph", "4:36 error pdf/glyph", "9:10 error pdf/glyph"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRunsReplaceMissingGlyphs checks that a rune no font has is set as the
// replacement character, in a face that has it, wherever it stands.
func TestRunsReplaceMissingGlyphs(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"中", "\uFFFD"},
		{"a\u2066b", "a|\uFFFD|b"}, // a left-to-right isolate
		{"é中🐜✓", "é|\uFFFD|\uFFFD|✓"},
		// The body's serif has no ✓: Sans sets it, the serif the space.
		{"✓ ✓", "✓| |✓"},
	} {
		var got []string
		for _, r := range runs(c.text, bodyFont) {
			got = append(got, r.text)
			if !r.face.cmap.Has([]rune(r.text)[0]) {
				t.Errorf("%q: %q set in %s%s, which lacks it", c.text, r.text, r.face.family, r.face.style)
			}
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("runs(%q) = %q, want %q", c.text, strings.Join(got, "|"), c.want)
		}
	}
}

// TestCmap checks the cmap reader against runes DejaVu has and lacks.
func TestCmap(t *testing.T) {
	for _, tt := range []struct {
		r    rune
		want bool
	}{
		{'a', true}, {'é', true}, {'▓', true}, {'◢', true}, {'✓', true}, {'¹', true},
		{'中', false}, {'🐜', false}, {0x10FFFF, false},
	} {
		if got := hasGlyph(tt.r); got != tt.want {
			t.Errorf("hasGlyph(%q) = %v, want %v", tt.r, got, tt.want)
		}
	}
}

func BenchmarkWriteBookPDF(b *testing.B) {
	doc := testbook.Book(b)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if _, err := WriteBook(context.Background(), &buf, doc, testbook.SheetsOf(doc), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckGlyphs(b *testing.B) {
	doc := testbook.Long(b, 10)
	for b.Loop() {
		CheckGlyphs(doc)
	}
}

// TestInvalidUTF8 writes the PDF of a Markdown book with invalid bytes in
// its text, which fpdf once panicked on: the reader hands the writers
// U+FFFD in their place, as the markup's does.
func TestInvalidUTF8(t *testing.T) {
	doc, _ := parser.ParseMarkdown("bad.md", []byte("# Ti\xfftle\n\nA para\xffgraph, `co\xc0de` and *em\xfe*.\n\n| a\xff | b |\n|---|---|\n| c | d |\n"))
	if data := writeBook(t, doc, "a4"); len(data) == 0 {
		t.Fatal("no PDF")
	}
}
