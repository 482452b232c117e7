package pdf

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/paginate"
)

// bundledBook is the book galley ships with, the one a new user tries.
var bundledBook = filepath.Join("..", "..", "manuscript")

// TestBundledBookFull measures how full the bundled book's pages are, from
// its layout: every page that a chapter does not end, after the cover and
// the contents, is at least 70% full, so that the PDF reads as a book and
// not as pages the layout gave up on.
func TestBundledBookFull(t *testing.T) {
	doc, _, err := parser.ParseBook(bundledBook)
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := New(doc.Config.Paper, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	l := newLayouter(pdf, doc)
	l.ctx = context.Background()
	f, pages := l.layout()
	full := fullness(f, pages, l.bodyHeight())
	for n, fullness := range full {
		if fullness < 0.7 {
			t.Errorf("page %d is %.0f%% full, less than 70%%", n, 100*fullness)
		}
	}
	t.Logf("%d pages, %d measured, the emptiest %.0f%% full", len(pages), len(full), 100*slices.Min(slices.Collect(maps.Values(full))))
}

// fullness returns how full each page of text is, by its number, of those
// a chapter does not end: the room its items, the heads and tails of the
// groups it breaks and its footnotes take, over the page's. The cover,
// the contents and whatever else comes before the first chapter, pages of
// their own (the sheets) and blank pages are left out, as are the pages
// that end a chapter, since a chapter ends where its text does.
func fullness(f *flow, pages []paginate.Page, height float64) map[int]float64 {
	out := map[int]float64{}
	chapters := false
	for n, page := range pages {
		if page.Start == page.End || f.items[page.Start].Whole {
			continue
		}
		for _, p := range f.pieces[page.Start:page.End] {
			chapters = chapters || p.heading != nil && p.heading.Depth == 1
		}
		if !chapters || endsRun(f.items, page.End) {
			continue
		}
		used := 0.0
		for _, g := range page.Continued {
			used += g.Head
		}
		for _, g := range page.Broken {
			used += g.Tail
		}
		for _, it := range f.items[page.Start:page.End] {
			used += it.Height
		}
		if len(page.Notes) > 0 {
			used += noteRuleSpace
		}
		for _, note := range page.Notes {
			used += note.Height
		}
		out[n+1] = used / height
	}
	return out
}

// endsRun reports whether a page that ends before items[end] ends a run of
// pages: the book, or a page break or a page of its own follows it.
func endsRun(items []paginate.Item, end int) bool {
	for ; end < len(items); end++ {
		if !items[end].Space {
			return items[end].NewPage || items[end].Whole
		}
	}
	return true
}
