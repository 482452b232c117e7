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
	lines = trimFirstIndent(lines)
	para := &Paragraph{blockNode: blockNode{lines[0].pos()}}
	runIn, rest, ok := cutRunIn(lines[0])
	if !ok {
		para.Inlines = parseInlines(lines)
		return para
	}
	lines = append([]sourceLine{rest}, lines[1:]...)
	para.Inlines = append([]Inline{runIn}, parseInlines(lines)...)
	return para
}

// trimFirstIndent drops the leading spaces of the first line, so that a
// block's position is that of its first character.
func trimFirstIndent(lines []sourceLine) []sourceLine {
	if lines[0].indent() == 0 {
		return lines
	}
	out := append([]sourceLine(nil), lines...)
	out[0] = out[0].dedent(out[0].indent())
	return out
}

// cutRunIn splits `_Label_ text` into the label and the rest of the line.
// The closing underscore must end a word, so `_snake_case_` stays text.
func cutRunIn(l sourceLine) (*RunIn, sourceLine, bool) {
	if !strings.HasPrefix(l.text, "_") || strings.HasPrefix(l.text, "__") {
		return nil, l, false
	}
	end := strings.IndexByte(l.text[1:], '_') + 1
	if end <= 1 {
		return nil, l, false
	}
	after := l.text[end+1:]
	if after != "" && after[0] != ' ' && !strings.ContainsRune(".,:;!?", rune(after[0])) {
		return nil, l, false
	}
	label := &RunIn{inlineNode{l.pos()}, strings.TrimSpace(l.text[1:end])}
	rest := l
	rest.text = strings.TrimLeft(after, " ")
	rest.col = l.posAt(len(l.text) - len(rest.text)).Col
	return label, rest, label.Label != ""
}
