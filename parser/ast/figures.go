package ast

import (
	"regexp"
	"strings"
)

// IsFigure reports whether a cell's text is a figure a reader compares
// down its column: a number, maybe signed, with decimals or a percent
// sign ("40%", "+10", "−5", "0.5"), a range or a ratio of two ("0–1",
// "01–05", "96+", "0/8").
func IsFigure(text string) bool { return figurePattern.MatchString(text) }

var figurePattern = regexp.MustCompile(`^(?:[+\-−±]?\d+(?:[.,]\d+)*%?)(?:[–\-/](?:[+\-−]?\d+(?:[.,]\d+)*%?)|\+)?$`)

// FigureColumn reports whether a column whose body cells are cells is a
// column of figures, which the books and the site set flush right so that
// units, tens and percent signs line up: every cell is a figure, or a
// blank or a dash, which stands for no value, and at least one is a
// figure.
func FigureColumn(cells []string) bool {
	figures := 0
	for _, c := range cells {
		switch text := strings.TrimSpace(c); {
		case text == "" || text == "—" || text == "–":
		case IsFigure(text):
			figures++
		default:
			return false
		}
	}
	return figures > 0
}

// FigureColumns reports for each of the table's columns whether it is a
// column of figures (see FigureColumn).
func (t *Table) FigureColumns() []bool {
	figures := make([]bool, len(t.Header))
	cells := make([]string, 0, len(t.Rows))
	for i := range figures {
		cells = cells[:0]
		for _, r := range t.Rows {
			if i < len(r) {
				cells = append(cells, r[i].Text)
			}
		}
		figures[i] = FigureColumn(cells)
	}
	return figures
}
