package ast

import "slices"

// IndexTerm is an author's explicit index entry, written where the term is
// used: \index{Term}, \index{Term!Sub} for a sub-entry, \index{Term|see{Other}}
// for a cross-reference in place of a page, \index{Term|seealso{Other}} for
// one beside them. It prints nothing; the index lists the place it marks.
type IndexTerm struct {
	InlineNode
	Term string `json:"term"`
	// Sub is the sub-entry under Term, "" for none.
	Sub string `json:"sub,omitempty"`
	// See names the entry a reader is sent to instead, "" for none; SeeAlso
	// one they are sent to as well.
	See     string `json:"see,omitempty"`
	SeeAlso string `json:"seeAlso,omitempty"`
}

// Kind returns KindIndexTerm.
func (*IndexTerm) Kind() NodeKind { return KindIndexTerm }

// MarshalJSON encodes the index mark with its kind.
func (n *IndexTerm) MarshalJSON() ([]byte, error) {
	type t IndexTerm
	return marshalWithKind(n.Kind(), (*t)(n))
}

// Index is the book's back-of-book index, computed once from the tree (see
// package parser/index) and drawn by every writer in its own way: entries in
// sorted order, each with the places that define and use the term.
type Index struct {
	Entries []*IndexEntry
}

// IndexEntry is one term of the index, or a sub-entry under one.
type IndexEntry struct {
	// Term is the term as the book prints it; Key the form it sorts by.
	Term string
	Key  string
	// Locators are the places the term stands, in book order, at most one
	// a block.
	Locators []Locator
	// See is the entry the reader is sent to instead (a synonym's); SeeAlso
	// are related entries.
	See     string
	SeeAlso []string
	// Sub are the entries under this one, sorted: the Effects a book
	// lists under "Effects".
	Sub []*IndexEntry
}

// Locator is a place a term stands: the block that holds it and the
// heading the block is under, which the site and the EPUB link to.
type Locator struct {
	Block Block
	// Anchor is the ID of the heading the block stands under (the block's
	// own, for a heading), "" before the first.
	Anchor string
	// Defines marks the place that defines the term, whose page the index
	// sets in bold.
	Defines bool
	// Text is the term as it stands in the block, "Rooms" for the term
	// "Room", or as an \index mark names it, by which a writer finds the
	// line it is on.
	Text string
}

// Letter returns the letter group the entry sorts under: its key's first
// letter in capitals, or "#" for one that starts with a digit or sign.
func (e *IndexEntry) Letter() string {
	for _, r := range e.Key {
		if r >= 'a' && r <= 'z' {
			return string(r - 'a' + 'A')
		}
		return "#"
	}
	return "#"
}

// PageRun is a run of an entry's pages as an index prints them: one page,
// or a range of consecutive pages, First to Last.
type PageRun struct {
	First, Last int
	// Defines marks the page that defines the term, which is never part
	// of a range: it stands alone, in bold.
	Defines bool
}

// PageRuns returns the pages of an entry's places as an index prints them,
// given each place's page: in order, one a page, consecutive pages joined
// in ranges, a page that defines the term alone.
func (e *IndexEntry) PageRuns(pageOf func(*Locator) int) []PageRun {
	var pages []PageRun
	for i := range e.Locators {
		p := pageOf(&e.Locators[i])
		pages = append(pages, PageRun{First: p, Last: p, Defines: e.Locators[i].Defines})
	}
	slices.SortFunc(pages, func(a, b PageRun) int { return a.First - b.First })
	var runs []PageRun
	for _, p := range pages {
		n := len(runs)
		switch {
		case n > 0 && runs[n-1].Last == p.First:
			// Another place on the same page: bold if either defines.
			if p.Defines && !runs[n-1].Defines {
				if runs[n-1].First < runs[n-1].Last {
					runs[n-1].Last--
					runs = append(runs, p)
				} else {
					runs[n-1].Defines = true
				}
			}
		case n > 0 && runs[n-1].Last+1 == p.First && !runs[n-1].Defines && !p.Defines:
			runs[n-1].Last = p.First
		default:
			runs = append(runs, p)
		}
	}
	return runs
}
