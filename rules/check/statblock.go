package check

import (
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// statBox is one box of a stat block drawn as art: ┌[Base Attack]──┐, with
// "Label:....value" rows.
type statBox struct {
	title    string
	from, to int // rune columns of the box's left and right borders
	rows     []statRow
}

// statRow is one "Label:....value" row of a stat box.
type statRow struct {
	label string
	value string
	line  int // index of the art line
	col   int // rune column of the label
}

// readStatBoxes finds the boxes titled in wanted ("Base Attack", "Special
// Attack") anywhere in art, side by side or not ("┐┌" joins them), and reads
// their rows down to the bottom border.
func readStatBoxes(art []string, wanted map[string]bool) []*statBox {
	var boxes []*statBox
	for line, text := range art {
		if !strings.Contains(text, "┌[") {
			continue
		}
		top := []rune(text)
		for i := 0; i+1 < len(top); i++ {
			if top[i] != '┌' || top[i+1] != '[' {
				continue
			}
			end := i + 2
			for end < len(top) && top[end] != ']' {
				end++
			}
			right := end
			for right < len(top) && top[right] != '┐' {
				right++
			}
			if right >= len(top) {
				break
			}
			if title := string(top[i+2 : end]); wanted[title] {
				box := &statBox{title: title, from: i, to: right}
				box.readRows(art, line+1)
				boxes = append(boxes, box)
			}
			i = right
		}
	}
	return boxes
}

// readRows reads the box's rows from art[first] down to its bottom border.
func (b *statBox) readRows(art []string, first int) {
	for line := first; line < len(art); line++ {
		row := []rune(art[line])
		if b.to >= len(row) || row[b.from] != '│' {
			return
		}
		if r, ok := parseStatRow(row[b.from+1 : b.to]); ok {
			r.line, r.col = line, b.from+1+r.col
			b.rows = append(b.rows, r)
		}
	}
}

// parseStatRow reads "Label:......value" or, as the seed sometimes has it,
// "Label......value" without the colon.
func parseStatRow(cells []rune) (statRow, bool) {
	s := string(cells)
	lead := len(s) - len(strings.TrimLeft(s, " "))
	s = strings.TrimSpace(s)
	dots := strings.Index(s, "..")
	if dots <= 0 {
		return statRow{}, false
	}
	label := strings.TrimSpace(strings.TrimSuffix(s[:dots], ":"))
	if label == "" {
		return statRow{}, false
	}
	value := strings.TrimSpace(strings.TrimLeft(s[dots:], "."))
	return statRow{label: label, value: value, col: utf8.RuneCountInString(string(cells)[:lead])}, true
}

// attackBoxTitles are the stat boxes whose labels the sheet template fixes.
var attackBoxTitles = map[string]bool{"Base Attack": true, "Special Attack": true}

// statBlocks checks the labels of every attack box drawn in the book's
// figures against the template's box of the same title: an unknown label is
// an error (with the closest label, or the box it belongs to), a label used
// twice in one box a warning.
func (c *checker) statBlocks() {
	ast.WalkBlocks(c.doc.Blocks, func(n ast.Block) {
		fig, ok := n.(*ast.Figure)
		if !ok {
			return
		}
		for _, box := range readStatBoxes(fig.Art, attackBoxTitles) {
			labels := c.vocabulary.attackLabels[box.title]
			seen := map[string]bool{}
			for _, r := range box.rows {
				pos := ast.Pos{File: fig.File, Line: fig.Line + r.line, Col: fig.Col + r.col}
				if !contains(labels, r.label) {
					closest := ast.Closest(r.label, labels)
					msg := `"` + r.label + `" is not a field of the ` + box.title + ` box`
					if other := c.vocabulary.attackBoxOf(r.label); other != "" {
						msg = `"` + r.label + `" is a field of the ` + other + ` box, not of the ` + box.title + ` box`
					}
					if closest != "" {
						msg += ` (did you mean "` + closest + `"?)`
					}
					c.errorAt(pos, "statblock/label", msg, closest)
					continue
				}
				if seen[r.label] {
					c.diags.Warnf(pos, "statblock/repeat", `"`+r.label+`" appears twice in the `+box.title+` box`)
				}
				seen[r.label] = true
			}
		}
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
