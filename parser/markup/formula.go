package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

func isFormulaLine(l prose.Line) bool {
	_, _, ok := prose.SplitFormulaLine(l.Text[l.Indent():])
	return ok
}

func (p *blockParser) formula(lines []prose.Line, i int) (*ast.Formula, int) {
	f := &ast.Formula{BlockNode: ast.BlockNode{Pos: lines[i].FirstTextPos()}}
	for ; i < len(lines) && isFormulaLine(lines[i]); i++ {
		l := lines[i].Dedent(lines[i].Indent())
		label, valueAt, _ := prose.SplitFormulaLine(l.Text)
		f.Entries = append(f.Entries, &ast.FormulaEntry{
			Pos:      l.Pos(),
			Label:    label,
			Value:    strings.TrimSpace(l.Text[valueAt:]),
			ValuePos: l.PosAt(valueAt),
		})
	}
	return f, i
}
