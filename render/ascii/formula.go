package ascii

import (
	"github.com/galleyhq/galley/parser/ast"
)

// formula prints "Label ....... Value" lines with their values in one
// column, the dots leading each label to it, as the manuscript writes
// them. A value too long for its line wraps under itself.
func formula(f *flow, b *ast.Formula, columns int) {
	labels := 0
	for _, e := range b.Entries {
		labels = max(labels, width(e.Label))
	}
	// Six dots between the longest label and its value, as the manuscript
	// writes them, but never so far right that a value has less than
	// half the line.
	at := min(labels+8, columns/2)
	var lines []string
	for _, e := range b.Entries {
		label := clip(e.Label, at-5)
		lead := label + " " + repeat(".", at-2-width(label)) + " "
		lines = append(lines, wrap(e.Value, lead, repeat(" ", at), columns)...)
	}
	f.keepAll(lines, false)
}
