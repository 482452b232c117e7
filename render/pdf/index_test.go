package pdf

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/index"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// indexedPDF is the bundled book with its index, as the pipeline builds
// it, laid out and written: the places its index lists, as the layout
// found them, the layout's warnings and the PDF.
type indexedPDF struct {
	doc      *ast.Document
	places   map[*ast.Locator]*indexPlace
	warnings ast.DiagnosticList
	data     []byte
}

// indexedBook returns the bundled book with its index, laid out and
// written once for the tests that read it.
func indexedBook(t *testing.T) indexedPDF {
	t.Helper()
	return makeOnce(t, "the bundled book with its index", func() (indexedPDF, error) {
		doc := testbook.Book(t)
		sheets := testbook.SheetsOf(doc)
		doc.Index, _ = index.Build(doc, sheets)
		if doc.Index == nil {
			return indexedPDF{}, errors.New("the bundled book has no index")
		}
		b, err := LayOut(context.Background(), doc, sheets, Options{})
		if err != nil {
			return indexedPDF{}, err
		}
		book := indexedPDF{doc: doc, places: b.l.index.places}
		var out bytes.Buffer
		if err := b.Write(context.Background(), &out); err != nil {
			return indexedPDF{}, err
		}
		book.warnings, book.data = b.Warnings(), out.Bytes()
		return book, nil
	})
}

// TestIndexLocators reads the bundled book's PDF back, page by page, and
// checks every place its index lists: the page the index gives holds the
// term's words. It checks too that the index chapter prints each entry's
// term and first page, and that the pages the chapter was laid out with
// are the final pagination's.
func TestIndexLocators(t *testing.T) {
	t.Parallel()
	book := indexedBook(t)
	doc, places := book.doc, book.places
	pages := strings.Split(pdfText(t, book.data), "\f")
	folded := make([]string, len(pages))
	for i, p := range pages {
		folded[i] = paginate.FoldIndexText(unbroken(p))
	}
	for _, d := range book.warnings {
		if d.Code == "index/locator" {
			t.Errorf("the bundled book: %v", d)
		}
	}
	if len(places) < 100 {
		t.Errorf("the index lists %d places; the bundled book should have well over 100", len(places))
	}
	for loc, p := range places {
		if p.page < 1 || p.page > len(pages) {
			t.Errorf("%v: %q is on page %d of %d", loc.Block.Position(), loc.Text, p.page, len(pages))
			continue
		}
		if !strings.Contains(folded[p.page-1], p.words) && !brokenAtEnd(pages[p.page-1], p.words) {
			t.Errorf("%v: the index gives page %d for %q, which that page does not hold", loc.Block.Position(), p.page, loc.Text)
		}
	}
	// The index chapter is the book's last pages, from the one that
	// opens with its title.
	start := len(pages) - 1
	for start > 0 && !strings.HasPrefix(strings.TrimSpace(pages[start]), indexTitle+"\n") {
		start--
	}
	text := paginate.FoldIndexText(unbroken(strings.Join(pages[start:], "\n")))
	for _, e := range doc.Index.Entries {
		if len(e.Locators) == 0 {
			continue
		}
		first := places[&e.Locators[0]].page
		for i := range e.Locators {
			first = min(first, places[&e.Locators[i]].page)
		}
		want := e.Term + ", " + strconv.Itoa(first)
		if !strings.Contains(text, paginate.FoldIndexText(typo.String(want))) {
			t.Errorf("the index chapter does not print %q", want)
		}
	}
}

// TestIndexLocatorWarning lays out a book with an \index mark in a
// paragraph that does not hold its term: the index lists the paragraph's
// first page, and the layout warns of it at the paragraph (index/locator),
// and of the paragraph that holds it not at all.
func TestIndexLocatorWarning(t *testing.T) {
	src := "Rules\n=====\n\nFlight\n------\n\nA band in Flight runs.\n\nA band that flees\\index{Flight} regroups at Camp.\n"
	doc, diags := parser.Parse("book.txt", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	doc.Index, diags = index.Build(doc, nil)
	if doc.Index == nil || len(diags) > 0 {
		t.Fatalf("the book's index is %v, with %v", doc.Index, diags)
	}
	b, err := LayOut(context.Background(), doc, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range b.Warnings() {
		if d.Code == "index/locator" {
			got = append(got, d.Pos.String()+": "+d.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "book.txt:9:1: ") || !strings.Contains(got[0], `"Flight"`) {
		t.Errorf("index/locator warnings = %q, want one at book.txt:9:1 for \"Flight\"", got)
	}
}

// brokenAtEnd reports whether a page's text holds the start of words at a
// line's end, broken there by a hyphen, as "Sur-" of "Survival" at the foot
// of a column whose next line pdftotext reads after a table beside it.
func brokenAtEnd(page, words string) bool {
	page = strings.ToLower(page)
	for k := 2; k < len(words); k++ {
		if words[k-1] == ' ' {
			break
		}
		if strings.Contains(page, " "+words[:k]+"-\n") {
			return true
		}
	}
	return false
}

// BenchmarkIndexCorpus measures what the index costs on the 12 MB corpus
// (the seed's body a hundred times, as ../shared/bench/make_corpus.py
// builds it): building it (index), and the PDF book laid out and written
// with it (pdf) and without it (pdf-without). The index's cost is the first
// and the difference of the others, against the last.
func BenchmarkIndexCorpus(b *testing.B) {
	doc, _ := parser.Parse("corpus.txt", testbook.SeedCorpus(b, 100))
	sheets := testbook.SheetsOf(doc)
	b.Run("index", func(b *testing.B) {
		for b.Loop() {
			index.Build(doc, sheets)
		}
	})
	write := func(b *testing.B) {
		for b.Loop() {
			if _, err := WriteBook(context.Background(), io.Discard, doc, sheets, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("pdf-without", write)
	doc.Index, _ = index.Build(doc, sheets)
	b.Run("pdf", write)
}

// TestIndexTagged finds nothing wrong in the structure of the bundled
// book's PDF with its index: the chapter is an Index of a heading, letter
// headings and paragraphs, its page numbers links in them (see
// TestTaggedBooks).
func TestIndexTagged(t *testing.T) {
	t.Parallel()
	needTools(t)
	data := indexedBook(t).data
	for _, p := range taggedProblems(t, data) {
		t.Error(p)
	}
	if listing := structure(t, data); !strings.Contains(listing, "Index") {
		t.Error("the structure tree has no Index element")
	}
}
