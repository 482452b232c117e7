package prose

import (
	"github.com/galleyhq/galley/parser/ast"
)

// outline gives every heading its depth and anchor.
//
// The underline alone cannot say where a heading sits: the author
// underlines "System" and "Fuzzy d100" alike with "=", though the second is
// part of the first. The toc outline says it, by indentation. Headings are
// matched to outline entries by title, in order, each heading taking the
// first unmatched entry of its title after the last match; so the two
// "Decile dice" sections of Nests & Insects find their own entries.
//
// A heading the outline lacks is placed by its underline: a chapter ("=")
// beside the chapter before it, a section ("-") beside the section before it
// or, first in its chapter, one level under the chapter. A numbered
// outline's heading is placed by its number, which its reader read.
func outline(headings []*ast.Heading, toc *ast.TOC) {
	matchOutline(headings, toc)
	var lastChapter, lastSection *ast.Heading
	for _, h := range headings {
		if h.Entry == nil && h.Number == "" {
			switch {
			case h.Level == 1 && lastChapter != nil:
				h.Depth = lastChapter.Depth
			case h.Level == 1:
				h.Depth = 1
			case lastSection != nil:
				h.Depth = lastSection.Depth
			case lastChapter != nil:
				h.Depth = lastChapter.Depth + 1
			default:
				h.Depth = 2
			}
		}
		if h.Level == 1 {
			lastChapter, lastSection = h, nil
		} else {
			lastSection = h
		}
	}
	assignAnchors(headings)
}

// matchOutline links headings and outline entries and sets the matched
// headings' depths. Each entry is passed over at most once.
func matchOutline(headings []*ast.Heading, toc *ast.TOC) {
	if toc == nil {
		return
	}
	byTitle := map[string][]int{}
	for i, e := range toc.Entries {
		key := ast.NormalizeTitle(e.Title)
		byTitle[key] = append(byTitle[key], i)
	}
	next := map[string]int{} // per title, the first candidate not yet passed
	after := -1              // the last entry matched
	for _, h := range headings {
		key := ast.NormalizeTitle(h.Title)
		candidates := byTitle[key]
		k := next[key]
		for k < len(candidates) && candidates[k] <= after {
			k++
		}
		next[key] = k
		if k == len(candidates) {
			continue
		}
		e := toc.Entries[candidates[k]]
		next[key] = k + 1
		after = candidates[k]
		h.Entry, e.Heading = e, h
		h.Depth = e.Depth
	}
}

// assignAnchors gives each heading a unique, stable id: the slug of its
// title (without a numbered outline's section number, so that renumbering
// a section keeps its links), qualified
// by its parent's slug when several headings share a title ("ants-
// description", "beetle-description"), and numbered only if that is not
// enough. The id depends on the heading's title and parent, not on how many
// sections come before it.
func assignAnchors(headings []*ast.Heading) {
	slugs := make([]string, len(headings))
	count := make(map[string]int, len(headings))
	for i, h := range headings {
		slugs[i] = ast.Slug(h.BareTitle())
		count[slugs[i]]++
	}
	var parents []int // the open headings, by depth
	ids := ast.NewNames()
	for i, h := range headings {
		for len(parents) > 0 && headings[parents[len(parents)-1]].Depth >= h.Depth {
			parents = parents[:len(parents)-1]
		}
		id := slugs[i]
		if count[id] > 1 && len(parents) > 0 {
			id = slugs[parents[len(parents)-1]] + "-" + id
		}
		h.ID = ids.Unique(id)
		parents = append(parents, i)
	}
}
