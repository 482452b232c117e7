package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// splitFormulaLine reads "Label[:] ... Value". The dots are a leader only
// when they follow the label's end (a space or a colon) and are followed by
// a space or the end of the line, so "numbered 0, 1, ..., 9" is prose.
func splitFormulaLine(text string) (label string, valueAt int, ok bool) {
	dots := strings.Index(text, "...")
	if dots <= 0 || text[dots-1] != ' ' && text[dots-1] != ':' {
		return "", 0, false
	}
	label = strings.TrimSuffix(strings.TrimSpace(text[:dots]), ":")
	label = strings.TrimSpace(label)
	if label == "" || !isLabelStart(label[0]) {
		return "", 0, false
	}
	end := dots
	for end < len(text) && text[end] == '.' {
		end++
	}
	if end < len(text) && text[end] != ' ' {
		return "", 0, false
	}
	valueAt = len(text) - len(strings.TrimLeft(text[end:], " "))
	return label, valueAt, true
}

func isLabelStart(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' || c >= 0x80 }

func isFormulaLine(l prose.Line) bool {
	_, _, ok := splitFormulaLine(l.Text[l.Indent():])
	return ok
}

func (p *blockParser) formula(lines []prose.Line, i int) (*ast.Formula, int) {
	f := &ast.Formula{BlockNode: ast.BlockNode{Pos: lines[i].FirstTextPos()}}
	for ; i < len(lines) && isFormulaLine(lines[i]); i++ {
		l := lines[i].Dedent(lines[i].Indent())
		label, valueAt, _ := splitFormulaLine(l.Text)
		f.Entries = append(f.Entries, &ast.FormulaEntry{
			Pos:      l.Pos(),
			Label:    label,
			Value:    strings.TrimSpace(l.Text[valueAt:]),
			ValuePos: l.PosAt(valueAt),
		})
	}
	return f, i
}
