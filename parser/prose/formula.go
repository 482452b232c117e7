package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A formula is a block of "Label ....... Value" lines, a definition list
// with dot leaders, as the books write their minigames' formulas: the
// markup and the outline alike.

// SplitFormulaLine reads "Label[:] ... Value". The dots are a leader only
// when they follow the label's end (a space or a colon) and are followed by
// a space or the end of the line, so "numbered 0, 1, ..., 9" is prose.
func SplitFormulaLine(text string) (label string, valueAt int, ok bool) {
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

// FormulaEntry reads a formula line, without its indent, into its entry,
// or returns false when it is no formula line.
func FormulaEntry(l Line) (*ast.FormulaEntry, bool) {
	label, valueAt, ok := SplitFormulaLine(l.Text)
	if !ok {
		return nil, false
	}
	return &ast.FormulaEntry{
		Pos:      l.Pos(),
		Label:    label,
		Value:    strings.TrimSpace(l.Text[valueAt:]),
		ValuePos: l.PosAt(valueAt),
	}, true
}
