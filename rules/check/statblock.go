package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// attackBoxTitles are the stat boxes whose labels the sheet template fixes.
var attackBoxTitles = map[string]bool{"Base Attack": true, "Special Attack": true}

// statBlocks checks the labels of every attack box drawn in the book's
// figures against the template's box of the same title: an unknown label is
// an error (with the closest label, or the box it belongs to), a label used
// twice in one box a warning.
func (c *checker) statBlocks() {
	c.walkBlocks(func(n ast.Block) {
		fig, ok := n.(*ast.Figure)
		if !ok {
			return
		}
		top := attackBoxTop(fig.Art)
		if top < 0 {
			return
		}
		for _, box := range ast.ArtBoxes(fig.Art[top:]) {
			if !attackBoxTitles[box.Title] {
				continue
			}
			labels := c.vocabulary.attackLabels[box.Title]
			seen := map[string]bool{}
			for _, r := range box.Rows {
				pos := ast.Pos{File: fig.File, Line: fig.Line + top + r.Line, Col: fig.Col + r.Col}
				if !contains(labels, r.Label) {
					closest := ast.Closest(r.Label, labels)
					msg := `"` + r.Label + `" is not a field of the ` + box.Title + ` box`
					if other := c.vocabulary.attackBoxOf(r.Label); other != "" {
						msg = `"` + r.Label + `" is a field of the ` + other + ` box, not of the ` + box.Title + ` box`
					}
					if closest != "" {
						msg += ` (did you mean "` + closest + `"?)`
					}
					c.errorAt(pos, "statblock/label", msg, closest)
					continue
				}
				if seen[r.Label] {
					c.diags.Warnf(pos, "statblock/repeat", `"`+r.Label+`" appears twice in the `+box.Title+` box`)
				}
				seen[r.Label] = true
			}
		}
	})
}

// attackBoxTop returns the first line of art that draws the top of a box
// titled as one of attackBoxTitles, or -1: reading every box of a figure,
// row by row, costs more than looking for the titles, most figures draw
// none of them, and a sheet draws its attack boxes below the others.
func attackBoxTop(art []string) int {
	for i, line := range art {
		top := strings.Index(line, "┌[")
		if top < 0 {
			continue
		}
		for title := range attackBoxTitles {
			if strings.Contains(line[top:], "┌["+title+"]") {
				return i
			}
		}
	}
	return -1
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
