package pdf

import (
	"fmt"
	"math"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// underfullShare is how full a page in the middle of a chapter must be
// for the layout not to warn of it: less than this share of the page's
// height is a gap a reader notices.
const underfullShare = 0.6

// badLines is a block some lines of which the layout set badly: a
// paragraph's overfull, loose or cut, or art's too small (see
// noteSmallType).
type badLines struct {
	block                ast.Block
	overfull, loose, cut int
	// small is the size art is set at below smallestType, and columns
	// the columns it is wide, fit the columns its widest room holds at
	// smallestType.
	small        float64
	columns, fit int
}

// noteSmallType records, for galley check, art of the block being laid
// out that its widest room, width wide, holds only at a size below
// smallestType.
func (l *layouter) noteSmallType(a *art, width float64) {
	fit := int(width / (smallestType * ptMM * monoAdvance))
	l.badLines = append(l.badLines, badLines{block: l.source, small: a.size, columns: a.columns, fit: fit})
}

// noteBadLines records, for galley check, the lines of the block being
// laid out that run into the margin, were set looser than the tolerance or
// cut a word. A block whose text is set piece by piece (a table's cells, a
// formula's labels) is noted once, its pieces' lines counted together.
func (l *layouter) noteBadLines(lines []textLine) {
	bad := badLines{block: l.source}
	for _, line := range lines {
		if line.overfull {
			bad.overfull++
		}
		if line.loose {
			bad.loose++
		}
		if line.cut {
			bad.cut++
		}
	}
	if bad.block == nil || bad.overfull+bad.loose+bad.cut == 0 {
		return
	}
	if n := len(l.badLines); n > 0 && l.badLines[n-1].block == bad.block {
		last := &l.badLines[n-1]
		last.overfull, last.loose, last.cut = last.overfull+bad.overfull, last.loose+bad.loose, last.cut+bad.cut
		return
	}
	l.badLines = append(l.badLines, bad)
}

// warnings reports what the layout of f in pages did badly; see
// Book.Warnings.
func (l *layouter) warnings(f *flow, pages []paginate.Page) ast.DiagnosticList {
	var diags ast.DiagnosticList
	for _, bad := range l.badLines {
		if bad.overfull > 0 {
			diags.Warnf(bad.block.Position(), "layout/overfull", fmt.Sprintf(
				"%s runs into the margin on the PDF page: no break fits it in the column; shorten or split the long word or number", lineCount(bad.overfull)))
		}
		if bad.cut > 0 {
			diags.Warnf(bad.block.Position(), "layout/overfull", fmt.Sprintf(
				"%s a word cut without a hyphen, from PDF page %d: the word is wider than its column and no hyphenation point fits; shorten the word, or give its column more room",
				plural(bad.cut, "1 line ends in", lineCount(bad.cut)+" end in"), pageOf(f, pages, bad.block)))
		}
		if bad.small > 0 {
			diags.Warnf(bad.block.Position(), "layout/small-type", fmt.Sprintf(
				"this art is set at %.1f pt on PDF page %d, below the %.1f pt a reader can read: it is %d columns wide, and where it stands %d fit at %.1f pt; narrow it, or print on a wider paper",
				bad.small, pageOf(f, pages, bad.block), smallestType, bad.columns, bad.fit, smallestType))
		}
		if bad.loose > 0 {
			diags.Warnf(bad.block.Position(), "layout/loose", fmt.Sprintf(
				"%s of this paragraph could not be justified without gaps wider than the tolerance and %s set ragged: reword it, or break up its long unhyphenable words",
				lineCount(bad.loose), plural(bad.loose, "is", "are")))
		}
	}
	groups := measureGroups(f.items)
	sources := sourceCursor{marks: f.sources}
	// split are the groups that break though they would fit in a column,
	// in the order they first break, with the pages they span.
	type span struct{ first, last int }
	var split []*paginate.Group
	spans := map[*paginate.Group]*span{}
	body := l.bodyHeight()
	for n, page := range pages {
		number := n + 1
		if page.End == page.Start || f.items[page.Start].Whole {
			continue
		}
		next := page.End
		for next < len(f.items) && (f.items[next].Space || f.items[next].Whole) {
			next++
		}
		// A page before a forced break ends its chapter, and may be as
		// short as that makes it.
		ends := next == len(f.items) || f.items[next].NewPage
		underfull := !ends && page.Used(f.items, l.frame()) < underfullShare*body
		for i, col := range page.Columns {
			for _, g := range col.Continued {
				if s := spans[g]; s != nil {
					s.last = max(s.last, number)
				}
			}
			if g := outermostKept(col.Broken, groups, body); g != nil && spans[g] == nil && f.art[g] != nil && f.art[g].block != nil {
				split = append(split, g)
				spans[g] = &span{number, number}
			}
			// A heading may end the text across the page over the
			// columns, and the last page of a chapter.
			foot := i == len(page.Columns)-1
			if col.Index == paginate.Across && !foot || foot && ends {
				continue
			}
			last := col.End - 1
			for last > col.Start && (f.items[last].Space || f.items[last].Whole) {
				last--
			}
			// A heading that need not keep with what follows (a section
			// with no text of its own) parts from nothing.
			if h, ok := sources.at(last).(*ast.Heading); ok && f.items[last].Keep {
				where := fmt.Sprintf("PDF page %d", number)
				if !foot {
					where = fmt.Sprintf("a column of PDF page %d", number)
				}
				diags.Warnf(h.Position(), "layout/heading-at-foot", fmt.Sprintf(
					"the heading %q is the last line of %s, parted from its text: what follows it keeps together and does not fit under it; shorten the text before it or move the heading's first block",
					h.Title, where))
			}
			// A column stops short where its spaces could not
			// stretch to its foot, and the second column is empty
			// beside a band that stands in the first alone, to the
			// page's foot when the band is the page's last.
			short := col.Short
			if col.Index == 0 && l.columns > 1 && (foot || page.Columns[i+1].Index != 1) {
				empty := col.Height(f.items)
				if foot {
					empty = l.bodyHeight() - col.Top
				}
				short = max(short, empty)
			}
			if short > bodyLeading && !underfull && !floatsOnly(f.items, page.End) {
				l.warnShort(&diags, f, &sources, page, i, number, next, short)
			}
		}
		if ends {
			continue
		}
		used := page.Used(f.items, l.frame())
		if used >= underfullShare*body {
			continue
		}
		cause, starts := sources.at(next), sources.startsAt(next)
		if cause == nil {
			continue
		}
		kept := keptHeight(f.items, next)
		why := fmt.Sprintf("the %s here, with what keeps with it, is %s tall and did not fit in the %s left",
			cause.Kind(), mm(kept), mm(body-used))
		switch {
		case kept > body:
			why = fmt.Sprintf("the %s here, with what keeps with it, is %s tall, taller than a page, and starts a page of its own",
				cause.Kind(), mm(kept))
		case !starts:
			why = fmt.Sprintf("the page breaks inside the %s here, the first place after page %d's text that it may: its lines keep together for %s",
				cause.Kind(), number, mm(kept))
		}
		diags.Warnf(cause.Position(), "layout/underfull", fmt.Sprintf(
			"PDF page %d, in the middle of a chapter, is only %d%% full: %s; shorten or split it, or move it",
			number, int(math.Round(100*used/body)), why))
	}
	for _, g := range split {
		b, s := f.art[g].block, spans[g]
		where := fmt.Sprintf("across PDF pages %d–%d", s.first, s.last)
		if s.first == s.last {
			where = fmt.Sprintf("between the columns of PDF page %d", s.first)
		}
		diags.Warnf(b.Position(), "layout/split", fmt.Sprintf(
			"%s breaks %s though a column would hold it (%s): it keeps together with what stands around it, and the whole is taller than a column; put a paragraph between them, or shorten the text before it",
			blockName(b), where, mm(groups[g].height)))
	}
	l.shortChapters(&diags, f, pages)
	if l.index != nil {
		l.index.warnings(&diags)
	}
	diags = append(diags, svgWarnings(l.doc)...)
	diags = append(diags, l.sheetWarnings(f, pages)...)
	return diags
}

// warnShort warns of the page's column i, which stops short short of its
// foot (see paginate.Column.Short), at the block after it, which did not fit
// under it: the first of the next column, or of the band under it, or of
// the next page, next.
func (l *layouter) warnShort(diags *ast.DiagnosticList, f *flow, sources *sourceCursor, page paginate.Page, i, number, next int, short float64) {
	after := next
	if i+1 < len(page.Columns) {
		after = page.Columns[i+1].Start
	}
	cause := sources.at(after)
	if cause == nil {
		return
	}
	where := "the page's foot"
	if i+1 < len(page.Columns) && page.Columns[i+1].Top == page.Columns[i].Top {
		where = "the next column"
	} else if i+1 < len(page.Columns) {
		where = "the text across the page under it"
	}
	diags.Warnf(cause.Position(), "layout/short-column", fmt.Sprintf(
		"a column of PDF page %d stops %s short of its foot, %.1f lines, though its spaces stretched: the %s here, with what keeps with it, is %s tall and went on to %s; shorten or split it, or move it",
		number, mm(short), short/bodyLeading, cause.Kind(), mm(keptHeight(f.items, after)), where))
}

// pageOf returns the number of the page block starts on, 0 if none.
func pageOf(f *flow, pages []paginate.Page, block ast.Block) int {
	at := -1
	for _, s := range f.sources {
		if s.block == block {
			at = s.at
			break
		}
	}
	for n, page := range pages {
		if page.Start <= at && at < page.End {
			return n + 1
		}
	}
	return 0
}

// A chapter is short when it takes one page and fills less than
// shortChapterShare of it; a book of at least shortChaptersLeast chapters
// more than half of which are short, each starting a page, is mostly
// paper, as a quick reference is: its chapters should run on.
const (
	shortChapterShare  = 0.5
	shortChaptersLeast = 3
)

// shortChapters warns, at the first short chapter's heading, of a book of
// short chapters each starting a page (see shortChapterShare), and
// suggests chapters = "continue".
func (l *layouter) shortChapters(diags *ast.DiagnosticList, f *flow, pages []paginate.Page) {
	if l.doc.Config.Chapters == ast.ChaptersContinue {
		return
	}
	sources := sourceCursor{marks: f.sources}
	var first *ast.Heading
	chapters, short := 0, 0
	for n := 0; n < len(pages); n++ {
		page := pages[n]
		if page.End == page.Start || f.items[page.Start].Whole {
			continue
		}
		h, ok := sources.at(page.Start).(*ast.Heading)
		if !ok || h.Depth != 1 || !sources.startsAt(page.Start) {
			continue
		}
		chapters++
		next := page.End
		for next < len(f.items) && (f.items[next].Space || f.items[next].Whole) {
			next++
		}
		alone := next == len(f.items) || f.items[next].NewPage
		if alone && page.Used(f.items, l.frame()) < shortChapterShare*l.bodyHeight() {
			if short++; first == nil {
				first = h
			}
		}
	}
	if chapters < shortChaptersLeast || 2*short <= chapters {
		return
	}
	diags.Warnf(first.Position(), "layout/chapters", fmt.Sprintf(
		"%d of the book's %d chapters take a PDF page of their own and fill less than half of it: chapters = \"continue\" in galley.toml runs each chapter on after the one before",
		short, chapters))
}

// sourceCursor finds the block an item belongs to, from flow's marks, for
// items asked for in order: the innermost block last started at or before
// it.
type sourceCursor struct {
	marks []source
	next  int
	block ast.Block
}

// at returns the block item i belongs to; i may not be less than the last
// asked for.
func (c *sourceCursor) at(i int) ast.Block {
	for c.next < len(c.marks) && c.marks[c.next].at <= i {
		c.block = c.marks[c.next].block
		c.next++
	}
	return c.block
}

// startsAt reports whether item i, the last asked for, starts its block.
func (c *sourceCursor) startsAt(i int) bool {
	return c.next > 0 && c.marks[c.next-1].at == i
}

// groupMeasure is what a group's items say of it: the room it takes
// unbroken, and how many of them allow a break after them.
type groupMeasure struct {
	height float64
	breaks int
}

// measureGroups measures every group of items.
func measureGroups(items []paginate.Item) map[*paginate.Group]*groupMeasure {
	groups := map[*paginate.Group]*groupMeasure{}
	for _, it := range items {
		for g := it.Group; g != nil; g = g.Parent {
			m := groups[g]
			if m == nil {
				m = &groupMeasure{}
				groups[g] = m
			}
			m.height += it.Height
			if !it.Keep {
				m.breaks++
			}
		}
	}
	return groups
}

// outermostKept returns the outermost of broken, given innermost first,
// that was to be kept whole and that a page would hold: the block the
// break should not have gone through. A group kept whole allows no break
// but after its last item (see layouter.keptWhole); a longer one breaks
// as it may, and one taller than a page as it must.
func outermostKept(broken []*paginate.Group, groups map[*paginate.Group]*groupMeasure, body float64) *paginate.Group {
	for i := len(broken) - 1; i >= 0; i-- {
		if m := groups[broken[i]]; m != nil && m.breaks <= 1 && m.height <= body {
			return broken[i]
		}
	}
	return nil
}

// keptHeight is the height of the chain of kept items from items[i]: what
// must go on a page together.
func keptHeight(items []paginate.Item, i int) float64 {
	h := 0.0
	for ; i < len(items) && !items[i].NewPage && !items[i].Whole; i++ {
		h += items[i].Height
		if !items[i].Keep {
			break
		}
	}
	return h
}

// blockName names a table or box as a reader finds it: "Table 7", or its
// kind and title.
func blockName(b ast.Block) string {
	switch b := b.(type) {
	case *ast.Table:
		if b.Caption != nil {
			return fmt.Sprintf("%s %d", b.Caption.Label, b.Caption.Number)
		}
		return "the table"
	case *ast.Box:
		return fmt.Sprintf("the box %q", b.Title)
	}
	return "the " + b.Kind().String()
}

func mm(v float64) string { return fmt.Sprintf("%.0f mm", v) }

func lineCount(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "line", "lines")) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
