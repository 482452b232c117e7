package prose

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

var (
	TableCaptionLabels  = []string{"Table", "Figure"}
	FigureCaptionLabels = []string{"Figure"}
)

// captionPrefix reads "Label N:" or "Label:" at the start of text, for one of
// labels. It returns the label, the number (0 when not written), the length
// of the prefix with the spaces after it, and the byte offset of the number.
func captionPrefix(text string, labels []string) (label string, number, length, numberAt int, ok bool) {
	for _, label := range labels {
		rest, found := strings.CutPrefix(text, label)
		if !found {
			continue
		}
		digits := strings.TrimLeft(rest, " ")
		numberAt = len(text) - len(digits)
		n := 0
		for n < len(digits) && digits[n] >= '0' && digits[n] <= '9' {
			n++
		}
		if n > 0 && digits[n:] != "" && digits[n] == ':' && n <= 9 {
			number, _ = strconv.Atoi(digits[:n])
			after := digits[n+1:]
			return label, number, len(text) - len(strings.TrimLeft(after, " ")), numberAt, true
		}
		if n == 0 && strings.HasPrefix(rest, ":") {
			return label, 0, len(text) - len(strings.TrimLeft(rest[1:], " ")), 0, true
		}
	}
	return "", 0, 0, 0, false
}

// Caption returns the caption para is, its first line starting "Label N:"
// or "Label:" for one of labels, or nil when it is not one. A reader finds
// the paragraph where its syntax puts a caption; the caption is read alike
// in every one.
func (p *Parser) Caption(para []Line, labels []string) *ast.Caption {
	first := para[0].Dedent(para[0].Indent())
	label, number, length, numberAt, ok := captionPrefix(first.Text, labels)
	if !ok {
		return nil
	}
	c := &ast.Caption{Pos: first.Pos(), Label: label, Number: number, Explicit: number > 0}
	if c.Explicit {
		c.NumberPos = first.PosAt(numberAt)
	}
	rest := first
	rest.Text = first.Text[length:]
	rest.Col = int32(first.PosAt(length).Col)
	p.Prose.Add(rest, para, &c.Inlines)
	return c
}
