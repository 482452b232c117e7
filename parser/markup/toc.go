package markup

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

func (p *blockParser) toc(env *environment) *ast.TOC {
	toc := &ast.TOC{BlockNode: ast.BlockNode{Pos: env.begin.FirstTextPos()}}
	lines := env.content
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l.IsBlank() || underlineLevel(l) != 0:
			continue
		case isHeadingAt(lines, i):
			toc.Title = l.Trimmed()
			continue
		}
		if e := parseTOCEntry(l); e != nil {
			toc.Entries = append(toc.Entries, e)
			continue
		}
		p.Diags.Warnf(l.FirstTextPos(), "toc/syntax", `outline line is not "Title ..... page" or "Title ..... TODO"`)
	}
	return toc
}

// parseTOCEntry reads "  Title ........ 12" or "Title ..... TODO".
func parseTOCEntry(l prose.Line) *ast.TOCEntry {
	text := strings.TrimRight(l.Text, " ")
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
	e := &ast.TOCEntry{Pos: l.FirstTextPos(), Title: title, Depth: l.Indent()/2 + 1, PagePos: l.PosAt(pageAt)}
	if page != "TODO" {
		n, err := strconv.Atoi(page)
		if err != nil || n <= 0 {
			return nil
		}
		e.Page = n
	}
	return e
}
