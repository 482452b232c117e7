package ascii

import (
	"strings"
	"unicode/utf8"
)

// wrap reflows text into lines of at most columns columns, breaking at
// spaces but not at no-break spaces, which it prints as spaces; a word
// longer than a line is broken where the line ends. The first line starts
// with first and the others with rest, which give a list item its marker
// or a footnote its hanging indent, and count in the width.
//
// Each line is a stretch of text with its spaces made single; most prose
// has them single already, so most lines are slices of text, which saves
// a book of prose a copy of itself.
func wrap(text, first, rest string, columns int) []string {
	lines := make([]string, 0, len(text)/max(columns, 1)+1)
	wrapSpans(text, first, rest, columns, func(prefix string, start, end int) {
		lines = append(lines, prefix+singleSpaced(text[start:end]))
	})
	return lines
}

// wrapCount returns how many lines wrap would return, without making them.
func wrapCount(text, first, rest string, columns int) int {
	n := 0
	wrapSpans(text, first, rest, columns, func(string, int, int) { n++ })
	return n
}

// wrapSpans finds the lines wrap makes and passes each to line: its
// prefix, first or rest, and where its stretch of text starts and ends.
func wrapSpans(text, first, rest string, columns int, line func(prefix string, start, end int)) {
	prefix := first
	used, empty := width(first), true
	// The line under way holds text[start:end].
	start, end := 0, 0
	newLine := func() {
		line(prefix, start, end)
		prefix = rest
		used, empty = width(rest), true
	}
	for i := 0; i < len(text); {
		for i < len(text) && breakable(rune(text[i])) {
			i++
		}
		if i == len(text) {
			break
		}
		j := i
		for j < len(text) && !breakable(rune(text[j])) {
			j++
		}
		w := width(text[i:j])
		if !empty {
			if used+1+w > columns {
				newLine()
			} else {
				used++
			}
		}
		if empty {
			start = i
		}
		for used+w > columns && used < columns {
			// A word wider than the line: fill the line with its head.
			cut := columns - used
			end = i
			for range cut {
				_, size := utf8.DecodeRuneInString(text[end:j])
				end += size
			}
			newLine()
			start, i, w = end, end, w-cut
		}
		end = j
		used += w
		empty = false
		i = j
	}
	newLine()
}

// breakable reports whether a line may break at r.
func breakable(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }

// singleSpaced returns a stretch of text between two words with one space
// between each two words, and no-break spaces printed as spaces.
func singleSpaced(s string) string {
	for i := range len(s) {
		if s[i] == '\t' || s[i] == '\n' || strings.HasPrefix(s[i:], "  ") || strings.HasPrefix(s[i:], "\u00a0") {
			return strings.ReplaceAll(strings.Join(strings.FieldsFunc(s, breakable), " "), "\u00a0", " ")
		}
	}
	return s
}
