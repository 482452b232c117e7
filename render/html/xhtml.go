package html

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// The EPUB writer (render/epub) draws the book as XHTML with the site's
// words: these are the pieces of the site's drawing it shares, so that a
// box or a footnote mark reads the same in both.

// BoxLabel splits a box's title into its label, the kind and number
// ("Rules Summary 7"), and its subtitle ("Qualification Roll").
func BoxLabel(b *ast.Box) (label, subtitle string) { return boxLabel(b) }

// Superscript returns n in superscript digits, as the manuscript marks
// footnotes.
func Superscript(n int) string { return superscript(n) }

// RunsOnWithSpace reports whether the text after a run-in label needs a
// space before it (see runsOnWithSpace).
func RunsOnWithSpace(rest []ast.Inline) bool { return runsOnWithSpace(rest) }

// ArtWidthClass returns the class that names monospace art's widest line
// in characters, rounded up to a multiple of ten ("w80"), for a stylesheet
// to size the art's type to fit a narrow screen.
func ArtWidthClass(lines []string) string {
	widest := 0
	for _, l := range lines {
		widest = max(widest, utf8.RuneCountInString(strings.TrimRight(l, " ")))
	}
	return "w" + strconv.Itoa((widest+9)/10*10)
}
