package paginate

import "strings"

// The markup draws some art a whole page at a time, frame and all: the
// cover, the sheet template. Both print books place such art as a page of
// its own.

// frameColumns is the width of the seed's page frame, ╔ to ╗.
const frameColumns = 93

// maxPageLines is the height of the seed's page, shadow line included.
const maxPageLines = 50

// IsPageArt reports whether art, without its blank lines at either end,
// draws a page of its own: it opens with a ╔ header as wide as the frame
// and is no taller than a page.
func IsPageArt(art []string) bool {
	return len(art) > 0 && len(art) <= maxPageLines && strings.HasPrefix(art[0], "╔") &&
		len([]rune(art[0])) == frameColumns
}

// TrimBlank drops the blank lines that open and close a block of art.
func TrimBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
