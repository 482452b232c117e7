package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// Paragraph returns the paragraph of lines, whose first line may start
// with a run-in label. Its inlines are parsed by p's prose queue.
func (p *Parser) Paragraph(lines []Line) *ast.Paragraph {
	// A block's position is that of its first character.
	first := lines[0].Dedent(lines[0].Indent())
	para := &ast.Paragraph{BlockNode: ast.BlockNode{Pos: first.Pos()}}
	if runIn, rest := CutRunIn(first); runIn != nil {
		para.Inlines, first = []ast.Inline{runIn}, rest
	}
	p.Prose.Add(first, lines, &para.Inlines)
	return para
}

// CutRunIn splits `_Label_ text` into the label and the rest of the line,
// or returns nil when the line starts with no label. The closing underscore
// must end a word, so `_snake_case_` stays text.
func CutRunIn(l Line) (*ast.RunIn, Line) {
	if !strings.HasPrefix(l.Text, "_") || strings.HasPrefix(l.Text, "__") {
		return nil, l
	}
	end := strings.IndexByte(l.Text[1:], '_') + 1
	if end <= 1 {
		return nil, l
	}
	after := l.Text[end+1:]
	if after != "" && after[0] != ' ' && !strings.ContainsRune(".,:;!?", rune(after[0])) {
		return nil, l
	}
	label := strings.TrimSpace(l.Text[1:end])
	if label == "" {
		return nil, l
	}
	rest := l
	rest.Text = strings.TrimLeft(after, " ")
	rest.Col = int32(l.PosAt(len(l.Text) - len(rest.Text)).Col)
	return &ast.RunIn{InlineNode: ast.InlineNode{Pos: l.Pos()}, Label: label}, rest
}
