package pdf

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
)

// contentsBook has three levels of headings, their depths given by its
// outline, and two references, each of several words.
const contentsBook = `\begin{toc}
Contents
========

Alpha ......................................... TODO
  Beta Section ................................ TODO
    Gamma Part ................................ TODO
\end{toc}

Alpha
=====

See Section "Beta Section".

And Section "Gamma Part".

Beta Section
------------

Text.

Gamma Part
----------

Text.
`

// bookmarkTitle finds the title of each bookmark in fpdf's outline objects.
var bookmarkTitle = regexp.MustCompile(`<</Title \(((?:\\.|[^\\)])*)\)\n/Parent`)

// bookmarks reads a PDF's bookmark titles back, in order.
func bookmarks(data []byte) []string {
	var titles []string
	for _, m := range bookmarkTitle.FindAllSubmatch(data, -1) {
		var raw []byte
		for i := 0; i < len(m[1]); i++ {
			c := m[1][i]
			if c == '\\' && i+1 < len(m[1]) {
				i++
				if c = m[1][i]; c == 'r' {
					c = '\r'
				}
			}
			raw = append(raw, c)
		}
		title := string(raw)
		if u, ok := bytes.CutPrefix(raw, []byte{0xfe, 0xff}); ok {
			units := make([]uint16, len(u)/2)
			for i := range units {
				units[i] = uint16(u[2*i])<<8 | uint16(u[2*i+1])
			}
			title = string(utf16.Decode(units))
		}
		titles = append(titles, title)
	}
	return titles
}

// hyphenated is a word hyphenated at a line's end, as pdftotext reads it.
var hyphenated = regexp.MustCompile(`(\pL)-\n(\p{Ll})`)

// unbroken returns text with its lines run together and the words the
// setter hyphenated at their ends whole again, so that a test finds a
// phrase wherever the column broke it.
func unbroken(text string) string {
	return strings.Join(strings.Fields(hyphenated.ReplaceAllString(text, "$1$2")), " ")
}

// pdfText returns the text of a PDF as pdftotext reads it, pages apart by
// form feeds, skipping the test without pdftotext. It reads the text in
// the order it is drawn, which is the order it is read in (column by
// column, and across the page between them), where pdftotext's own
// reading of a page's layout may run a column into a table beside it.
func pdfText(t *testing.T, data []byte) string {
	t.Helper()
	return pdftotext(t, data, "-raw")
}

// contentsEntry is a line of the contents as pdftotext reads it: a title,
// then the dots of its leader.
var contentsEntry = regexp.MustCompile(`(?m)^(\S.*?) \. \. \.`)

// TestContentsDepth checks that toc_depth limits the contents, and the
// bookmarks to one level deeper.
func TestContentsDepth(t *testing.T) {
	for _, tt := range []struct {
		depth     int
		contents  []string // the headings the contents list
		bookmarks []string
	}{
		{1, []string{"Alpha"}, []string{"Contents", "Alpha", "Beta Section"}},
		{2, []string{"Alpha", "Beta Section"}, []string{"Contents", "Alpha", "Beta Section", "Gamma Part"}},
	} {
		doc, diags := parser.Parse("book.txt", []byte(contentsBook))
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		doc.Config.TOCDepth = tt.depth
		data := writeBook(t, doc, "")
		if got := bookmarks(data); !slices.Equal(got, tt.bookmarks) {
			t.Errorf("toc_depth %d: bookmarks %q, want %q", tt.depth, got, tt.bookmarks)
		}
		text := pdfText(t, data)
		var listed []string
		for _, m := range contentsEntry.FindAllStringSubmatch(text, -1) {
			listed = append(listed, m[1])
		}
		if !slices.Equal(listed, tt.contents) {
			t.Errorf("toc_depth %d: the contents list %q, want %q:\n%s", tt.depth, listed, tt.contents, text)
		}
	}
}

// linkAnnotation is a link's annotation, as fpdf writes it.
var linkAnnotation = []byte("/Subtype /Link")

// TestOneAnnotationPerLink checks that a reference of several words, with
// the page it adds, is one link annotation, as is each line of the
// contents: two entries and two references make four. The book is read
// untagged, whose annotations are written plainly, not packed into object
// streams; a tagged book has the same (see TestTaggedBooks).
func TestOneAnnotationPerLink(t *testing.T) {
	doc, diags := parser.Parse("book.txt", []byte(contentsBook))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	var b bytes.Buffer
	if _, err := WriteBook(context.Background(), &b, doc, testbook.SheetsOf(doc), Options{Untagged: true}); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b.Bytes(), linkAnnotation); n != 4 {
		t.Errorf("%d link annotations, want 4: two contents entries and two references", n)
	}
}

// TestSheetBookmarks checks that every character sheet in the bundled
// book has a bookmark, and that the classes' sub-headings, deeper than
// toc_depth allows, have none.
func TestSheetBookmarks(t *testing.T) {
	doc := testbook.Book(t)
	data, _ := bundledPDF(t)
	got := bookmarks(data)
	for _, class := range []string{"Ants", "Beetle", "Ladybug", "Scorpion", "Spider", "Wasp"} {
		if !slices.Contains(got, "Sheet: "+class) {
			t.Errorf("no bookmark %q in %q", "Sheet: "+class, got)
		}
	}
	titles := map[string]int{}
	for _, h := range doc.Headings() {
		titles[h.Title]++
	}
	for _, h := range doc.Headings() {
		if titles[h.Title] > 1 {
			continue // which of them is bookmarked is not for a title to say
		}
		if marked := slices.Contains(got, h.Title); marked != (h.Depth <= doc.Config.TOCDepth+1) {
			t.Errorf("heading %q of depth %d: bookmarked %v with toc_depth %d", h.Title, h.Depth, marked, doc.Config.TOCDepth)
		}
	}
}
