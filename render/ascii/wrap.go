package ascii

import (
	"strings"
)

// wrap reflows text into lines of at most columns columns, breaking at
// spaces but not at no-break spaces, which it prints as spaces; a word
// longer than a line is broken where the line ends. The first line starts
// with first and the others with rest, which give a list item its marker
// or a footnote its hanging indent, and count in the width.
func wrap(text, first, rest string, columns int) []string {
	var lines []string
	var line strings.Builder
	line.WriteString(first)
	used, empty := width(first), true
	newLine := func() {
		lines = append(lines, line.String())
		line.Reset()
		line.WriteString(rest)
		used, empty = width(rest), true
	}
	breakable := func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }
	for _, word := range strings.FieldsFunc(text, breakable) {
		word = strings.ReplaceAll(word, "\u00a0", " ")
		w := width(word)
		if !empty {
			if used+1+w > columns {
				newLine()
			} else {
				line.WriteByte(' ')
				used++
			}
		}
		for used+w > columns && used < columns {
			// A word wider than the line: fill the line with its head.
			r := []rune(word)
			cut := columns - used
			line.WriteString(string(r[:cut]))
			newLine()
			word, w = string(r[cut:]), w-cut
		}
		line.WriteString(word)
		used += w
		empty = false
	}
	return append(lines, line.String())
}
