package html

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// pageIDs are the ids of the parts every page has: the layout, the search
// and the roller. No anchor of the book may take one, or a link to it would
// land on the roller instead.
var pageIDs = []string{
	"top", "content", "sidebar", "nav-toggle", "theme-toggle", "roller-toggle",
	"search", "search-input", "search-results", "search-hint",
	"roller", "roller-title", "roller-form", "roller-input", "roller-hint", "roller-more", "roller-system", "roller-roll",
	"roller-result", "roller-odds", "roller-history", "roller-close",
	"book-title", "contents-title",
}

// target is a place in the site: a page and an element's id on it, "" for
// the page itself.
type target struct {
	page *sitePage
	id   string
}

// from returns the address of t relative to page p: "#id" on the same page,
// else the page's path from p's directory, with the fragment.
func (t target) from(p *sitePage) string {
	if t.page == p {
		if t.id == "" {
			return "#top"
		}
		return "#" + t.id
	}
	href := p.Root() + t.page.Path
	if t.id != "" {
		href += "#" + t.id
	}
	return href
}

// links knows where every anchor of the book is, to turn references,
// footnote marks and outline entries into links.
type links struct {
	anchors map[*ast.Heading]string
	heading map[*ast.Heading]target
	// ids are the element ids of tables, figures, boxes and footnotes.
	ids map[any]string
	// numbered finds the first table, figure or box of each kind and
	// number.
	numbered map[ast.RefKind]map[int]target
	targets  *ast.Targets
	// footnote and footnoteRef pair each mark with its note and each note
	// with the first mark that points at it.
	footnote    map[*ast.FootnoteRef]target
	footnoteRef map[*ast.Footnote]target
}

// newAnchors gives each heading its anchor: its ID, unless a page's own
// elements use that id, when it gets a suffix that no other heading has.
func newAnchors(headings []*ast.Heading) map[*ast.Heading]string {
	names := ast.NewNames()
	for _, id := range pageIDs {
		names.Reserve(id)
	}
	for _, h := range headings {
		names.Reserve(h.ID)
	}
	anchors := make(map[*ast.Heading]string, len(headings))
	for _, h := range headings {
		anchors[h] = h.ID
		if slices.Contains(pageIDs, h.ID) {
			anchors[h] = names.Unique(h.ID + "-section")
		}
	}
	return anchors
}

// newLinks places every anchor of the book on its page.
func newLinks(doc *ast.Document, pages []*sitePage, anchors map[*ast.Heading]string) *links {
	l := &links{
		anchors:     anchors,
		heading:     map[*ast.Heading]target{},
		ids:         map[any]string{},
		numbered:    map[ast.RefKind]map[int]target{},
		targets:     doc.Targets(),
		footnote:    map[*ast.FootnoteRef]target{},
		footnoteRef: map[*ast.Footnote]target{},
	}
	ids := ast.NewNames()
	for _, p := range pages {
		if p.Heading != nil {
			l.heading[p.Heading] = target{page: p}
		}
		ids.Reset()
		l.placePage(p, ids)
	}
	return l
}

// placePage gives the elements of one page their ids, unique on the page,
// taking them from ids, and records the page's headings and numbered
// things.
func (l *links) placePage(p *sitePage, ids *ast.Names) {
	for _, id := range pageIDs {
		ids.Reserve(id)
	}
	if p.Heading != nil {
		ids.Reserve(l.anchors[p.Heading])
	}
	ast.WalkBlocks(p.Blocks, func(n ast.Block) {
		if h, ok := n.(*ast.Heading); ok {
			ids.Reserve(l.anchors[h])
			l.heading[h] = target{page: p, id: l.anchors[h]}
		}
	})
	claim := func(node any, id string) string {
		unique := ids.Unique(id)
		l.ids[node] = unique
		return unique
	}
	number := func(kind ast.RefKind, n int, id string) {
		if l.numbered[kind] == nil {
			l.numbered[kind] = map[int]target{}
		}
		if _, dup := l.numbered[kind][n]; !dup {
			l.numbered[kind][n] = target{page: p, id: id}
		}
	}
	// The page's notes and marks, with their places in reading order.
	var notes []*ast.Footnote
	var marks []*ast.FootnoteRef
	var noteAt, markAt []int
	ast.Walk(p.Blocks, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Table:
			if c := n.Caption; c != nil {
				number(c.RefKind(), c.Number, claim(n, captionSlug(c)))
			}
		case *ast.Figure:
			if c := n.Caption; c != nil {
				number(c.RefKind(), c.Number, claim(n, captionSlug(c)))
			}
		case *ast.Image:
			if c := n.Caption; c != nil {
				number(c.RefKind(), c.Number, claim(n, captionSlug(c)))
			}
		case *ast.Box:
			if kind, ok := n.BoxKind.RefKind(); ok {
				number(kind, n.Number, claim(n, n.BoxKind.String()+"-"+strconv.Itoa(n.Number)))
			} else if n.Title != "" {
				// A titled box is a place the search leads to: a
				// page may hold several boxes of one title, each
				// under its own creature or rule. The prefix keeps
				// its id from a numbered element's ("table-3").
				claim(n, "box-"+ast.Slug(n.Title))
			}
		case *ast.Footnote:
			claim(n, "fn-"+strconv.Itoa(n.Number))
			notes, noteAt = append(notes, n), append(noteAt, len(notes)+len(marks))
		case *ast.FootnoteRef:
			claim(n, "fnref-"+strconv.Itoa(n.Number))
			marks, markAt = append(marks, n), append(markAt, len(notes)+len(marks))
		}
		return true
	})
	l.pairFootnotes(p, marks, markAt, notes, noteAt)
}

// pairFootnotes links each footnote mark to the note of its number that
// follows it on the page, or else the page's first of that number, as a
// reader of the printed page would look for it; each note links back to the
// first mark that points at it. markAt and noteAt are the marks' and notes'
// places in reading order.
func (l *links) pairFootnotes(p *sitePage, marks []*ast.FootnoteRef, markAt []int, notes []*ast.Footnote, noteAt []int) {
	numbered := map[int][]int{} // the places of the notes of each number
	for i, n := range notes {
		numbered[n.Number] = append(numbered[n.Number], i)
	}
	for j, m := range marks {
		candidates := numbered[m.Number]
		if len(candidates) == 0 {
			continue
		}
		k, _ := slices.BinarySearchFunc(candidates, markAt[j], func(i, at int) int { return cmp.Compare(noteAt[i], at) })
		found := notes[candidates[0]]
		if k < len(candidates) {
			found = notes[candidates[k]]
		}
		l.footnote[m] = target{page: p, id: l.ids[found]}
		if _, ok := l.footnoteRef[found]; !ok {
			l.footnoteRef[found] = target{page: p, id: l.ids[m]}
		}
	}
}

// captionSlug is a caption's anchor: "table-2", "figure-7".
func captionSlug(c *ast.Caption) string {
	return string(c.RefKind()) + "-" + strconv.Itoa(c.Number)
}

// ref returns where a reference points, if it resolves: the first of its
// numbers, or the heading its title names.
func (l *links) ref(r *ast.Ref) (target, bool) {
	switch r.RefKind {
	case ast.RefSection, ast.RefChapter:
		h := l.targets.Heading(r)
		if h == nil {
			return target{}, false
		}
		t, ok := l.heading[h]
		return t, ok
	}
	t, ok := l.numbered[r.RefKind][r.From]
	return t, ok
}
