package parser

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

func (p *blockParser) classData(env *environment) *ast.ClassData {
	c := &ast.ClassData{BlockNode: ast.BlockNode{Pos: env.begin.FirstTextPos()}, Class: strings.TrimSpace(env.arg)}
	if c.Class == "" {
		p.Diags.Errorf(c.Pos, "classdata/class", `class data needs its class: \begin{charsheet}[CLASS]`)
	}
	section := ""
	for _, l := range env.content {
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
