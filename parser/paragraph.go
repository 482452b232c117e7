package parser

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

func (p *blockParser) paragraph(lines []sourceLine) *ast.Paragraph {
	// A block's position is that of its first character.
	first := lines[0].dedent(lines[0].indent())
	para := &ast.Paragraph{BlockNode: ast.BlockNode{Pos: first.pos()}}
	if runIn, rest := cutRunIn(first); runIn != nil {
		para.Inlines, first = []ast.Inline{runIn}, rest
	}
	p.prose.add(first, lines, &para.Inlines)
	return para
}

// cutRunIn splits `_Label_ text` into the label and the rest of the line,
// or returns nil when the line starts with no label. The closing underscore
// must end a word, so `_snake_case_` stays text.
func cutRunIn(l sourceLine) (*ast.RunIn, sourceLine) {
	if !strings.HasPrefix(l.text, "_") || strings.HasPrefix(l.text, "__") {
		return nil, l
	}
	end := strings.IndexByte(l.text[1:], '_') + 1
	if end <= 1 {
		return nil, l
	}
	after := l.text[end+1:]
	if after != "" && after[0] != ' ' && !strings.ContainsRune(".,:;!?", rune(after[0])) {
		return nil, l
	}
	label := strings.TrimSpace(l.text[1:end])
	if label == "" {
		return nil, l
	}
	rest := l
	rest.text = strings.TrimLeft(after, " ")
	rest.col = int32(l.posAt(len(l.text) - len(rest.text)).Col)
	return &ast.RunIn{InlineNode: ast.InlineNode{Pos: l.pos()}, Label: label}, rest
}
