package ascii

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// indexTitle is the title of the index chapter.
const indexTitle = "Index"

// indexState is what the layout keeps of the book's index from pass to
// pass: which of the book's blocks holds each place, and the page the
// last pass found it on.
type indexState struct {
	index *ast.Index
	// heading is the index chapter's, which the tree does not hold: the
	// contents list it.
	heading *ast.Heading
	// top is the index in the book's blocks of the block that holds each
	// place's block (itself, or the box or list it stands in).
	top   map[ast.Block]int
	pages map[*ast.Locator]int
}

// newIndexState returns the state of the book's index, nil for a book
// without one.
func newIndexState(doc *ast.Document) *indexState {
	if doc.Index == nil || len(doc.Index.Entries) == 0 {
		return nil
	}
	s := &indexState{
		index: doc.Index, top: map[ast.Block]int{}, pages: map[*ast.Locator]int{},
		heading: &ast.Heading{Level: 1, Depth: 1, Title: indexTitle, ID: "galley-index"},
	}
	located := map[ast.Block]bool{}
	eachLocator(doc.Index.Entries, func(loc *ast.Locator) { located[loc.Block] = true })
	for i, b := range doc.Blocks {
		ast.WalkBlocks([]ast.Block{b}, func(n ast.Block) {
			if located[n] {
				s.top[n] = i
			}
		})
	}
	return s
}

// eachLocator calls yield with every place of entries and their
// sub-entries.
func eachLocator(entries []*ast.IndexEntry, yield func(*ast.Locator)) {
	for _, e := range entries {
		for i := range e.Locators {
			yield(&e.Locators[i])
		}
		eachLocator(e.Sub, yield)
	}
}

// paginate finds the page of every place: the page of the first line of
// its block that holds its words, or of the block's first line. starts
// are where the book's blocks start in f, -1 for one that prints nothing.
func (s *indexState) paginate(f *flow, pages []paginate.Page, starts []int) {
	pageOf := func(item int) int {
		n, _ := slices.BinarySearchFunc(pages, item, func(p paginate.Page, at int) int {
			switch {
			case p.End <= at:
				return -1
			case p.Start > at:
				return 1
			}
			return 0
		})
		return n + 1
	}
	eachLocator(s.index.Entries, func(loc *ast.Locator) {
		i := s.top[loc.Block]
		if i >= len(starts) || starts[i] < 0 {
			s.pages[loc] = 0
			return
		}
		at := starts[i]
		if !f.measuring {
			end := len(f.lines)
			for _, next := range starts[i+1:] {
				if next >= 0 {
					end = next
					break
				}
			}
			if line := lineHolding(f.lines[at:end], loc.Text); line >= 0 {
				at += line
			}
		}
		s.pages[loc] = pageOf(at)
	})
}

// lineHolding returns the first of lines that holds words, where they
// may run on to the next line, or -1 (see paginate.LineHolding).
func lineHolding(lines []string, words string) int {
	folded := make([]string, len(lines))
	for i, line := range lines {
		folded[i] = paginate.FoldIndexText(line)
	}
	return paginate.LineHolding(folded, paginate.FoldIndexText(words), nil)
}

// contentsHeadings are the headings the contents list: the book's, and
// the index's last.
func (l *layouter) contentsHeadings() []*ast.Heading {
	headings := l.doc.Headings()
	if l.index != nil {
		headings = append(headings, l.index.heading)
	}
	return headings
}

// indexChapter lays out the index at the end of the book, on pages of its
// own: its title centred as a chapter's, a letter over each group, each
// entry its term and pages, the page that defines the term in stars
// ("*12*", as the book marks emphasis), its continued lines and its
// sub-entries indented.
func (l *layouter) indexChapter(f *flow) {
	s := l.index
	if s == nil {
		return
	}
	f.newPage()
	f.marks = append(f.marks, mark{at: len(f.items), running: indexTitle, anchor: s.heading.ID})
	f.keepAll([]string{centre(indexTitle, TextWidth), centre(repeat("=", width(indexTitle)), TextWidth)}, true)
	letter := ""
	for _, e := range s.index.Entries {
		if group := e.Letter(); group != letter {
			letter = group
			f.space()
			f.line(letter, true)
		}
		l.indexEntry(f, e, 0)
	}
}

// indexEntry lays out an entry and its sub-entries, depth deep.
func (l *layouter) indexEntry(f *flow, e *ast.IndexEntry, depth int) {
	var b strings.Builder
	b.WriteString(e.Term)
	for _, run := range e.PageRuns(func(loc *ast.Locator) int {
		if page := l.index.pages[loc]; page > 0 {
			return page
		}
		return 10 // a stand-in as wide as most, before the pages are known
	}) {
		page := strconv.Itoa(run.First)
		if run.Last > run.First {
			page += "–" + strconv.Itoa(run.Last)
		}
		if run.Defines {
			page = "*" + page + "*"
		}
		b.WriteString(", " + page)
	}
	if e.See != "" {
		b.WriteString(", see " + e.See)
	}
	if len(e.SeeAlso) > 0 {
		b.WriteString(". See also " + strings.Join(e.SeeAlso, "; "))
	}
	indent := blanks(2 * depth)
	lines := l.wrap(b.String(), indent, indent+"    ", TextWidth)
	// An entry with sub-entries keeps with the first of them.
	f.keepAll(lines, len(e.Sub) > 0)
	for _, sub := range e.Sub {
		l.indexEntry(f, sub, depth+1)
	}
}
