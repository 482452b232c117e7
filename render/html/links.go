package html

import (
	"strconv"

	"github.com/galleyhq/galley/parser"
)

// pageIDs are the ids of the parts every page has: the layout, the search
// and the roller. No anchor of the book may take one, or a link to it would
// land on the roller instead.
var pageIDs = []string{
	"top", "content", "sidebar", "nav-toggle", "theme-toggle", "roller-toggle",
	"search", "search-input", "search-results", "search-hint",
	"roller", "roller-title", "roller-form", "roller-input", "roller-system", "roller-roll",
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
	anchors map[*parser.Heading]string
	heading map[*parser.Heading]target
	// ids are the element ids of tables, figures, boxes and footnotes.
	ids map[any]string
	// numbered finds the first table, figure or box of each kind and
	// number.
	numbered map[parser.RefKind]map[int]target
	targets  *parser.Targets
	// footnote and footnoteRef pair each mark with its note and each note
	// with the first mark that points at it.
	footnote    map[*parser.FootnoteRef]target
	footnoteRef map[*parser.Footnote]target
}

// newAnchors gives each heading its anchor: its ID, unless a page's own
// elements use that id, when it gets a suffix that no other heading has.
func newAnchors(headings []*parser.Heading) map[*parser.Heading]string {
	taken := map[string]bool{}
	for _, id := range pageIDs {
		taken[id] = true
	}
	ids := map[string]bool{}
	for _, h := range headings {
		ids[h.ID] = true
	}
	anchors := map[*parser.Heading]string{}
	for _, h := range headings {
		id := h.ID
		if taken[id] {
			base := id + "-section"
			id = base
			for n := 2; ids[id] || taken[id]; n++ {
				id = base + "-" + strconv.Itoa(n)
			}
		}
		taken[id] = true
		anchors[h] = id
	}
	return anchors
}

// newLinks places every anchor of the book on its page.
func newLinks(doc *parser.Document, pages []*sitePage, anchors map[*parser.Heading]string) *links {
	l := &links{
		anchors:     anchors,
		heading:     map[*parser.Heading]target{},
		ids:         map[any]string{},
		numbered:    map[parser.RefKind]map[int]target{},
		targets:     parser.NewTargets(doc),
		footnote:    map[*parser.FootnoteRef]target{},
		footnoteRef: map[*parser.Footnote]target{},
	}
	for _, p := range pages {
		if p.Heading != nil {
			l.heading[p.Heading] = target{page: p}
		}
		l.placePage(p)
	}
	return l
}

// placePage gives the elements of one page their ids, unique on the page,
// and records the page's headings and numbered things.
func (l *links) placePage(p *sitePage) {
	used := map[string]bool{}
	for _, id := range pageIDs {
		used[id] = true
	}
	if p.Heading != nil {
		used[l.anchors[p.Heading]] = true
	}
	parser.Walk(p.Blocks, func(n parser.Node) bool {
		if h, ok := n.(*parser.Heading); ok {
			used[l.anchors[h]] = true
			l.heading[h] = target{page: p, id: l.anchors[h]}
		}
		return true
	})
	claim := func(node any, id string) string {
		unique := id
		for k := 2; used[unique]; k++ {
			unique = id + "-" + strconv.Itoa(k)
		}
		used[unique] = true
		l.ids[node] = unique
		return unique
	}
	number := func(kind parser.RefKind, n int, id string) {
		if l.numbered[kind] == nil {
			l.numbered[kind] = map[int]target{}
		}
		if _, dup := l.numbered[kind][n]; !dup {
			l.numbered[kind][n] = target{page: p, id: id}
		}
	}
	var notes []*parser.Footnote
	var marks []*parser.FootnoteRef
	parser.Walk(p.Blocks, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Table:
			if c := n.Caption; c != nil {
				number(c.RefKind(), c.Number, claim(n, captionSlug(c)))
			}
		case *parser.Figure:
			if c := n.Caption; c != nil {
				number(c.RefKind(), c.Number, claim(n, captionSlug(c)))
			}
		case *parser.Box:
			if kind, ok := n.BoxKind.RefKind(); ok {
				number(kind, n.Number, claim(n, n.BoxKind.String()+"-"+strconv.Itoa(n.Number)))
			}
		case *parser.Footnote:
			claim(n, "fn-"+strconv.Itoa(n.Number))
			notes = append(notes, n)
		case *parser.FootnoteRef:
			claim(n, "fnref-"+strconv.Itoa(n.Number))
			marks = append(marks, n)
		}
		return true
	})
	l.pairFootnotes(p, marks, notes)
}

// pairFootnotes links each footnote mark to the note of its number that
// follows it on the page, or else the page's first of that number, as a
// reader of the printed page would look for it; each note links back to the
// first mark that points at it.
func (l *links) pairFootnotes(p *sitePage, marks []*parser.FootnoteRef, notes []*parser.Footnote) {
	for _, m := range marks {
		var first, after *parser.Footnote
		for _, n := range notes {
			if n.Number != m.Number {
				continue
			}
			if first == nil {
				first = n
			}
			if after == nil && !before(n.Pos, m.Pos) {
				after = n
			}
		}
		found := after
		if found == nil {
			found = first
		}
		if found == nil {
			continue
		}
		l.footnote[m] = target{page: p, id: l.ids[found]}
		if _, ok := l.footnoteRef[found]; !ok {
			l.footnoteRef[found] = target{page: p, id: l.ids[m]}
		}
	}
}

// before reports whether a is written before b in the same file; positions
// in different files are in reading order already, page by page.
func before(a, b parser.Pos) bool {
	if a.File != b.File {
		return false
	}
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

// captionSlug is a caption's anchor: "table-2", "figure-7".
func captionSlug(c *parser.Caption) string {
	return string(c.RefKind()) + "-" + strconv.Itoa(c.Number)
}

// ref returns where a reference points, if it resolves: the first of its
// numbers, or the heading its title names.
func (l *links) ref(r *parser.Ref) (target, bool) {
	switch r.RefKind {
	case parser.RefSection, parser.RefChapter:
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
