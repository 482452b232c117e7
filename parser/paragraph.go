package parser

import "strings"

// Paragraph is prose: consecutive lines, reflowed on output.
type Paragraph struct {
	blockNode
	Inlines []Inline `json:"inlines"`
}

// Kind returns KindParagraph.
func (*Paragraph) Kind() NodeKind { return KindParagraph }

// RunIn is a run-in heading, `_Label_` at the start of a paragraph, printed
// as a bold label that the paragraph's text runs on from.
type RunIn struct {
	inlineNode
	Label string `json:"label"`
}

// Kind returns KindRunIn.
func (*RunIn) Kind() NodeKind { return KindRunIn }

func (p *blockParser) paragraph(lines []sourceLine) *Paragraph {
	// A block's position is that of its first character.
	first := lines[0].dedent(lines[0].indent())
	para := &Paragraph{blockNode: blockNode{first.pos()}}
	if runIn, rest := cutRunIn(first); runIn != nil {
		para.Inlines, first = []Inline{runIn}, rest
	}
	p.prose.add(first, lines, &para.Inlines)
	return para
}

// cutRunIn splits `_Label_ text` into the label and the rest of the line,
// or returns nil when the line starts with no label. The closing underscore
// must end a word, so `_snake_case_` stays text.
func cutRunIn(l sourceLine) (*RunIn, sourceLine) {
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
	return &RunIn{inlineNode{l.pos()}, label}, rest
}
