package ascii

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// table lays a table out as seed 001 does: the header row, a rule of "─",
// the rows, another rule and the caption under it, the columns apart by
// the table's gap.
//
//	Degree of Success    Outcome
//	─────────────────────────────────────
//	Critical Success     Both Attacks Hit
//	─────────────────────────────────────
//	Table 3: What each Degree …
//
// Columns are as wide as their widest cell; when the table is wider than
// the page, the widest columns give way and their cells wrap. A table that
// breaks across pages closes with a rule and repeats its header and rule
// on the next.
func (l *layouter) table(f *flow, t *ast.Table, columns int) {
	header := l.cellTexts(t.Header)
	if len(header) == 0 {
		// A table without rows is an error galley check reports.
		return
	}
	rows := make([][]string, len(t.Rows))
	for i, r := range t.Rows {
		rows[i] = l.cellTexts(r)
		// A ragged row (an error galley check reports) is laid out with
		// the header's columns.
		for len(rows[i]) < len(header) {
			rows[i] = append(rows[i], "")
		}
		rows[i] = rows[i][:len(header)]
	}
	widths, gap := columnWidths(header, rows, t.Gap, columns)
	total := gap * (len(widths) - 1)
	for _, w := range widths {
		total += w
	}
	rule := repeat("─", total)
	group := &paginate.Group{}
	head := append(l.tableRow(header, widths, gap), rule)
	f.group(group, &groupArt{head: head, tail: []string{rule}})
	start := len(f.items)
	f.keepAll(head, true)
	for i, r := range rows {
		// The first row keeps with the header; the last two keep together
		// and with the rule and the caption, so that no page holds a lone
		// row.
		f.keepAll(l.tableRow(r, widths, gap), i == 0 || i >= len(rows)-2)
	}
	for i := start; i < len(f.items); i++ {
		f.items[i].Group = group
	}
	if t.Caption == nil {
		f.line(rule, false)
		return
	}
	f.line(rule, true)
	f.keepAll(l.wrap(l.caption(t.Caption), "", "", columns), false)
}

// cellTexts writes a row's cells as prose.
func (l *layouter) cellTexts(cells []*ast.Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = l.text(c.Inlines())
	}
	return out
}

// caption writes "Table 2: …" or "Figure 7: …".
func (l *layouter) caption(c *ast.Caption) string {
	return c.Label + " " + strconv.Itoa(c.Number) + ": " + l.text(c.Inlines)
}

// columnWidths returns each column's width, its widest cell, and the gap
// between columns, the table's own, unless the table would then be wider
// than columns. Then the gap narrows, down to minGap, and if that is not
// enough the widest columns are cut down to one width, the largest that
// lets the table fit, as water finds its level; no column is cut below
// minColumn.
func columnWidths(header []string, rows [][]string, gap, columns int) ([]int, int) {
	widths := make([]int, len(header))
	for i, h := range header {
		widths[i] = width(h)
	}
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], width(c))
		}
	}
	sum := 0
	for _, w := range widths {
		sum += w
	}
	for gap > minGap && sum+gap*(len(widths)-1) > columns {
		gap--
	}
	room := columns - gap*(len(widths)-1)
	if sum <= room {
		return widths, gap
	}
	sorted := slices.Clone(widths)
	slices.Sort(sorted)
	// Find the level: the columns narrower than it keep their width, the
	// others share what is left.
	level, below := 0, 0
	for i, w := range sorted {
		rest := len(sorted) - i
		if below+w*rest >= room {
			level = (room - below) / rest
			break
		}
		below += w
	}
	level = max(level, minColumn)
	for i, w := range widths {
		widths[i] = min(w, level)
	}
	return widths, gap
}

// minGap and minColumn are the narrowest a crowded table's gaps and
// columns become. A table with too many columns for the page overflows
// rather than become unreadable, and the frame cuts its lines short.
const (
	minGap    = 2
	minColumn = 6
)

// tableRow is tableRow for the layouter: a measuring one only counts the
// row's lines, its tallest cell's.
func (l *layouter) tableRow(cells []string, widths []int, gap int) []string {
	if !l.measuring {
		return tableRow(cells, widths, gap)
	}
	height := 1
	for i, c := range cells {
		height = max(height, wrapCount(c, "", "", widths[i]))
	}
	return unwritten(height)
}

// tableRow lays out one row: each cell wrapped in its column, the row as
// tall as its tallest cell.
func tableRow(cells []string, widths []int, gap int) []string {
	wrapped := make([][]string, len(cells))
	height := 1
	for i, c := range cells {
		wrapped[i] = wrap(c, "", "", widths[i])
		height = max(height, len(wrapped[i]))
	}
	lines := make([]string, height)
	for row := range lines {
		var b strings.Builder
		for i := range cells {
			cell := ""
			if row < len(wrapped[i]) {
				cell = wrapped[i][row]
			}
			if i < len(cells)-1 {
				cell = pad(cell, widths[i]+gap)
			}
			b.WriteString(cell)
		}
		lines[row] = strings.TrimRight(b.String(), " ")
	}
	return lines
}
