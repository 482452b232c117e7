package ascii

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules/check"
)

// tinyBook is the small book of testdata/book, which has something of every
// kind the print books lay out.
var tinyBook = filepath.Join("testdata", "book", "manuscript")

func parseBook(t testing.TB, dir string) *ast.Document {
	t.Helper()
	doc, diags, err := parser.ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		t.Errorf("%s: %v", dir, d)
	}
	return doc
}

// TestBookGolden compares each page of the small book with
// testdata/book/pages/NN.txt. With -update it rewrites them.
func TestBookGolden(t *testing.T) {
	doc := parseBook(t, tinyBook)
	pages, _ := Book(context.Background(), doc, testbook.SheetsOf(doc))
	dir := filepath.Join("testdata", "book", "pages")
	if *update {
		old, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		for _, f := range old {
			os.Remove(f)
		}
		os.MkdirAll(dir, 0o755)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if !*update && len(files) != len(pages) {
		t.Errorf("the book has %d pages, %s has %d (run go test ./render/ascii -update to accept)", len(pages), dir, len(files))
	}
	for i, page := range pages {
		golden := filepath.Join(dir, fmt.Sprintf("%02d.txt", i+1))
		got := strings.Join(page, "\n") + "\n"
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Error(err)
			continue
		}
		if got != string(want) {
			t.Errorf("page %d differs from %s (run go test ./render/ascii -update to accept):\n%s", i+1, golden, got)
		}
	}
}

// TestBookFrame checks the bundled book's pages against the seed's frame:
// whole pages of 50 lines, each with a ╔ header, lines 2 to 48 exactly 94
// columns and a ╚ footer, starting with the cover art as it stands.
func TestBookFrame(t *testing.T) {
	doc := testbook.Book(t)
	pages, pagination := Book(context.Background(), doc, testbook.SheetsOf(doc))
	if len(pages) != pagination.Pages {
		t.Errorf("%d pages, pagination says %d", len(pages), pagination.Pages)
	}
	for n, page := range pages {
		if len(page) != PageLines {
			t.Errorf("page %d has %d lines", n+1, len(page))
			continue
		}
		if !strings.HasPrefix(page[0], "╔") || width(page[0]) != frameWidth {
			t.Errorf("page %d header: %q", n+1, page[0])
		}
		for i := 1; i < 48; i++ {
			if w := width(page[i]); w != frameWidth+1 {
				t.Errorf("page %d line %d is %d columns: %q", n+1, i+1, w, page[i])
			}
		}
		if !strings.HasPrefix(page[47], "╚") && !strings.HasPrefix(page[48], "╚") {
			t.Errorf("page %d has no ╚ footer", n+1)
		}
	}
	for _, b := range doc.Blocks {
		if c, ok := b.(*ast.CoverPage); ok {
			if strings.Join(pages[0], "\n") != strings.Join(c.Lines, "\n") {
				t.Error("the first page is not the cover art as it stands")
			}
			return
		}
	}
	t.Error("the bundled book has no cover")
}

// TestBookPagination checks that every heading is on the page the
// pagination gives it, and that the contents print those pages.
func TestBookPagination(t *testing.T) {
	for _, dir := range []string{testbook.Dir(), tinyBook} {
		doc := parseBook(t, dir)
		pages, pagination := Book(context.Background(), doc, testbook.SheetsOf(doc))
		text := strings.Join(pages[1], "\n")
		for _, h := range doc.Headings() {
			n := pagination.Page(h.ID)
			if n < 1 || n > len(pages) {
				t.Errorf("%s: heading %q on page %d of %d", dir, h.Title, n, len(pages))
				continue
			}
			if !strings.Contains(strings.Join(pages[n-1], "\n"), h.Title) {
				t.Errorf("%s: heading %q is not on page %d", dir, h.Title, n)
			}
		}
		first := doc.Headings()[0]
		if !strings.Contains(text, fmt.Sprintf("%s %s %d ║", first.Title, strings.Repeat(".", TextWidth-width(first.Title)-len(fmt.Sprint(pagination.Page(first.ID)))-2), pagination.Page(first.ID))) {
			t.Errorf("%s: the contents do not give %q its page %d:\n%s", dir, first.Title, pagination.Page(first.ID), text)
		}
	}
}

// TestBookReferencePages checks that a section reference prints the page
// of its section, and that the outline's wrong pages are the ones the
// toc/page check reports.
func TestBookReferencePages(t *testing.T) {
	doc := parseBook(t, tinyBook)
	pages, pagination := Book(context.Background(), doc, testbook.SheetsOf(doc))
	var all []string
	for _, p := range pages {
		all = append(all, p...)
	}
	want := fmt.Sprintf(`Section "Digging" (p. %d)`, pagination.Page("digging"))
	if !strings.Contains(strings.Join(all, "\n"), want) {
		t.Errorf("no %q in the book", want)
	}
	var got []string
	for _, d := range check.TOCPages(doc, func() map[string]int { return pagination.Headings }) {
		got = append(got, fmt.Sprintf("%d:%d %s expected=%s", d.Line, d.Col, d.Code, d.Expected))
	}
	if want := "8:89 toc/page expected=3\n9:89 toc/page expected=6"; strings.Join(got, "\n") != want {
		t.Errorf("toc/page warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// seedPath is the designer's manuscript, beside the repository; the tests
// that read it skip it when it is not there, as in a user's fresh clone.
var seedPath = filepath.Join("..", "..", "..", "shared", "seeds", "000_9527e596835b1710.txt")

// TestPagination checks that Pagination, which only measures the blocks,
// finds the pages Book does: on the bundled book, a tiny one, the bundled
// book three times over (its contents and references then print three-digit
// pages) and, when it is there, the seed.
func TestPagination(t *testing.T) {
	books := map[string]*ast.Document{
		"bundled": parseBook(t, testbook.Dir()),
		"tiny":    parseBook(t, tinyBook),
		"long":    testbook.Long(t, 3),
	}
	if src, err := os.ReadFile(seedPath); err == nil {
		doc, _ := parser.Parse("seed.txt", src)
		books["seed"] = doc
	} else {
		t.Logf("without the seed: %v", err)
	}
	for name, doc := range books {
		_, want := Book(context.Background(), doc, testbook.SheetsOf(doc))
		if got := Pagination(context.Background(), doc, testbook.SheetsOf(doc)); !got.Same(want) {
			t.Errorf("%s: Pagination gives %d pages and %v, Book %d and %v", name, got.Pages, got.Headings, want.Pages, want.Headings)
		}
	}
}

// TestBookFootnoteRun checks that a footnote after another goes without
// the rule even when a block that prints nothing stands between them:
// the blocks are laid out at once, and only the layout of the one between
// tells that it prints nothing.
func TestBookFootnoteRun(t *testing.T) {
	doc, diags := parser.Parse("notes.txt", []byte("Digging¹ and filling² go together.\n\n______\n\n¹ First note.\n\n² Second note.\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if len(doc.Blocks) != 3 {
		t.Fatalf("%d blocks, want a paragraph and two footnotes", len(doc.Blocks))
	}
	for _, b := range doc.Blocks[1:] {
		if _, ok := b.(*ast.Footnote); !ok {
			t.Fatalf("%T, want a footnote", b)
		}
	}
	want, _ := Book(context.Background(), doc, testbook.SheetsOf(doc))
	doc.Blocks = slices.Insert(doc.Blocks, 2, ast.Block(&ast.Verbatim{}))
	got, _ := Book(context.Background(), doc, testbook.SheetsOf(doc))
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("an empty block between two footnotes changes the book:\n%s", strings.Join(got[len(got)-1], "\n"))
	}
}

// TestBookOneContents checks that a book with many outlines lays out one
// table of contents, where its first outline stands: the same flow and
// the same pages as the book without the others. Each outline once laid
// out every heading again, and 300 KB of them took 5.9 GB.
func TestBookOneContents(t *testing.T) {
	book, outlines := testbook.Book(t), testbook.WithOutlines(t, 100)
	want := layOut(context.Background(), book, testbook.SheetsOf(book), false)
	got := layOut(context.Background(), outlines, testbook.SheetsOf(outlines), false)
	if len(got.flow.items) != len(want.flow.items) || !got.pagination.Same(want.pagination) {
		t.Errorf("100 more outlines make %d items on %d pages, want %d on %d",
			len(got.flow.items), got.pagination.Pages, len(want.flow.items), want.pagination.Pages)
	}
}

// TestBookDeterministic writes the bundled book twice.
func TestBookDeterministic(t *testing.T) {
	doc := testbook.Book(t)
	var a, b bytes.Buffer
	if _, err := WriteBook(context.Background(), &a, doc, testbook.SheetsOf(doc)); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteBook(context.Background(), &b, doc, testbook.SheetsOf(doc)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two writes of the same book differ")
	}
	if lines := strings.Count(a.String(), "\n"); lines%PageLines != 0 {
		t.Errorf("%d lines is not a whole number of pages", lines)
	}
}

// BenchmarkLongBook lays out a book of some 1,400 pages: the whole book,
// and only its pagination, as galley check needs it.
func BenchmarkLongBook(b *testing.B) {
	doc := testbook.Long(b, 20)
	b.Run("Book", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Book(context.Background(), doc, testbook.SheetsOf(doc))
		}
	})
	b.Run("Pagination", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Pagination(context.Background(), doc, testbook.SheetsOf(doc))
		}
	})
}

func BenchmarkWriteBookASCII(b *testing.B) {
	doc := testbook.Book(b)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if _, err := WriteBook(context.Background(), &buf, doc, testbook.SheetsOf(doc)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBookUntitledBox checks that a box without a title, as a Markdown
// note is, draws a plain top border rather than an empty "[]".
func TestBookUntitledBox(t *testing.T) {
	doc, diags := parser.ParseMarkdown("note.md", []byte("{{note\nKeep your dice in the tray.\n}}\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	pages, _ := Book(context.Background(), doc, testbook.SheetsOf(doc))
	var book strings.Builder
	for _, page := range pages {
		book.WriteString(strings.Join(page, "\n"))
	}
	if !strings.Contains(book.String(), "Keep your dice") {
		t.Fatal("the note is not in the book")
	}
	if strings.Contains(book.String(), "[]") || strings.Contains(book.String(), "(continued)]") {
		t.Errorf("an untitled box is drawn with an empty title:\n%s", book.String())
	}
}
