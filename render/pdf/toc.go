package pdf

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
)

// contentsTitle is the title of the table of contents when the author's
// outline has none.
const contentsTitle = "Contents"

// Table of contents geometry: each level indents its entries, and a
// chapter stands a little apart from the entries before it.
const (
	tocIndent      = 5.0
	tocChapterSkip = 2.4
)

var (
	tocFont    = font{fontSerif, "", 9.5}
	tocChapter = font{fontSerif, "B", 10}
	tocLeading = 13 * ptMM
)

// toc sets the table of contents in place of the author's outline: every
// heading to galley.toml's toc_depth, indented by depth, a dot leader to
// its page, the whole line a link to it. The pages are drawn from the
// final pagination: the contents' length does not depend on them.
func (l *layouter) toc(t *ast.TOC) *flow {
	title := contentsTitle
	if t != nil && t.Title != "" {
		title = typo.String(t.Title)
	}
	st := headingStyles[0]
	f := &flow{}
	body := l.body()
	p := f.item(st.leading+2.2, true, func(y float64) {
		l.set.draw(body.x, y+baseline(st.font, st.leading), title, st.font, inkHeading)
		l.tag.artifact("Layout")
		l.pdf.SetDrawColor(inkHeading.r, inkHeading.g, inkHeading.b)
		l.pdf.SetLineWidth(0.5)
		l.pdf.Line(body.x, y+st.leading+1.2, body.x+body.width, y+st.leading+1.2)
	})
	p.mark().contents = title
	p.tag = l.tag.add("P")
	f.space(st.after)
	for i, h := range l.contentsHeadings() {
		if h.Depth > l.doc.Config.TOCDepth {
			continue
		}
		fnt := tocFont
		if h.Depth == 1 {
			fnt = tocChapter
			if i > 0 {
				f.space(tocChapterSkip)
			}
		}
		x := body.x + float64(h.Depth-1)*tocIndent
		link := l.linkOf(h)
		tag := l.tag.tocEntry()
		f.item(tocLeading, h.Depth == 1, func(y float64) {
			base := y + baseline(fnt, tocLeading)
			right := body.x + body.width
			// The leaders end where the widest page number starts, so
			// that they line up.
			numbers := right - l.set.width(strconv.Itoa(l.pages.Pages), tocChapter)
			text := fitText(l.set, typo.String(h.Title), fnt, numbers-x-12)
			end := x + l.set.draw(x, base, text, fnt, inkText)
			l.leader(end, numbers, base, tocFont)
			page := strconv.Itoa(l.pages.Page(h.ID))
			l.set.draw(right-l.set.width(page, fnt), base, page, fnt, inkText)
			if link != 0 {
				l.pdf.LinkIn(tag, text+", page "+page, l.set.dx+x, l.set.dy+y, body.x+body.width-x, tocLeading, link)
			}
		}).tag = tag
	}
	// The contents are a list to scan, not prose: one column.
	f.across()
	return f
}
