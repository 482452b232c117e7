package parser

import (
	"strconv"
	"strings"
)

// TOC is the author's outline, \begin{toc}: indented entries with dot
// leaders and a page number or TODO. galley generates the real table of
// contents; the outline gives every heading its depth and is checked for
// drift against the headings and, in the paginated books, the pages.
type TOC struct {
	blockNode
	Title   string      `json:"title,omitempty"`
	Entries []*TOCEntry `json:"entries"`
}

// Kind returns KindTOC.
func (*TOC) Kind() NodeKind { return KindTOC }

// TOCEntry is one line of the outline.
type TOCEntry struct {
	Pos
	Title string `json:"title"`
	// Depth is 1 for an entry at the left margin, one more for every two
	// spaces of indentation.
	Depth int `json:"depth"`
	// Page is the page the author wrote, 0 for TODO.
	Page int `json:"page,omitempty"`
	// PagePos is where the page number is written.
	PagePos Pos `json:"-"`
	// Heading is the heading the entry matched, nil if none did.
	Heading *Heading `json:"-"`
}

func (p *blockParser) toc(env *environment) *TOC {
	toc := &TOC{blockNode: blockNode{env.begin.firstTextPos()}}
	lines := env.content
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l.isBlank() || underlineLevel(l) != 0:
			continue
		case isHeadingAt(lines, i):
			toc.Title = l.trimmed()
			continue
		}
		if e := parseTOCEntry(l); e != nil {
			toc.Entries = append(toc.Entries, e)
			continue
		}
		p.diags.Warnf(l.firstTextPos(), "toc/syntax", `outline line is not "Title ..... page" or "Title ..... TODO"`)
	}
	return toc
}

// parseTOCEntry reads "  Title ........ 12" or "Title ..... TODO".
func parseTOCEntry(l sourceLine) *TOCEntry {
	text := strings.TrimRight(l.text, " ")
	pageAt := strings.LastIndexByte(text, ' ') + 1
	page := text[pageAt:]
	leader := strings.TrimRight(text[:pageAt], " ")
	title := strings.TrimRight(leader, ".")
	if len(leader)-len(title) < 2 {
		return nil
	}
	title = strings.TrimSpace(title)
	if title == "" {
		return nil
	}
	e := &TOCEntry{Pos: l.firstTextPos(), Title: title, Depth: l.indent()/2 + 1, PagePos: l.posAt(pageAt)}
	if page != "TODO" {
		n, err := strconv.Atoi(page)
		if err != nil || n <= 0 {
			return nil
		}
		e.Page = n
	}
	return e
}
