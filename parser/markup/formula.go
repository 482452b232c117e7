package markup

import (
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
		entry, _ := prose.FormulaEntry(lines[i].Dedent(lines[i].Indent()))
		f.Entries = append(f.Entries, entry)
	}
	return f, i
}
