package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// ClassData reads a class's data for its character sheet, "Field: value"
// lines under "[Box Title]" lines, written at at for class; the markup
// writes it as \begin{charsheet}[CLASS], Markdown as a ```charsheet CLASS
// block.
func (p *Parser) ClassData(at ast.Pos, class string, content []Line) *ast.ClassData {
	c := &ast.ClassData{BlockNode: ast.BlockNode{Pos: at}, Class: strings.TrimSpace(class)}
	if c.Class == "" {
		p.Diags.Errorf(c.Pos, "classdata/class", `class data needs its class: \begin{charsheet}[CLASS]`)
	}
	section := ""
	for _, l := range content {
		t := l.Trimmed()
		if t == "" {
			continue
		}
		l = l.Dedent(l.Indent())
		if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
			section = strings.TrimSpace(t[1 : len(t)-1])
			continue
		}
		name, value, ok := strings.Cut(l.Text, ":")
		if !ok || strings.TrimSpace(name) == "" {
			p.Diags.Errorf(l.Pos(), "classdata/syntax", `expected "Field: value" or "[Box Title]"`)
			continue
		}
		valueAt := len(name) + 1
		valueAt += len(value) - len(strings.TrimLeft(value, " "))
		c.Fields = append(c.Fields, &ast.ClassField{
			Pos:      l.Pos(),
			Section:  section,
			Name:     strings.TrimSpace(name),
			Value:    strings.TrimSpace(value),
			ValuePos: l.PosAt(valueAt),
		})
	}
	return c
}
