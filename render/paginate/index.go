package paginate

import "strings"

// FoldIndexText is text as a book's index searches its lines for a term:
// lower case, its apostrophes straight and its spaces single.
func FoldIndexText(text string) string {
	text = strings.ReplaceAll(strings.ToLower(text), "’", "'")
	return strings.Join(strings.Fields(text), " ")
}

// LineHolding returns the first of a block's lines, folded (see
// FoldIndexText), that holds words, folded too, where they may run on to
// the next line, or -1: the line a place of the index is on. broken, when
// not nil, says which lines end inside a word, hyphenated, and so join
// the next without a space.
func LineHolding(lines []string, words string, broken func(i int) bool) int {
	if words == "" {
		return -1
	}
	for i, line := range lines {
		joined := line
		if i+1 < len(lines) {
			sep := " "
			if broken != nil && broken(i) {
				sep = ""
			}
			joined += sep + lines[i+1]
		}
		if at := strings.Index(joined, words); at >= 0 && at < len(line) {
			return i
		}
	}
	return -1
}
