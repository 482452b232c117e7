package check

import (
	"slices"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// The character sheet template draws its areas side by side, each under a
// band of its own (╠►Survival◄═╣, ╠►Abilities◄═╣); a book's outline that
// nests one area's entry under another's says the sheet is made otherwise.
// Seed 000's contents nest "Abilities Area" under "Survival Area", where
// its sheet and its table of areas keep them apart. tocAreas warns at such
// an entry (toc/area).

// tocAreas checks the outline's entries for the sheet's areas.
func (c *checker) tocAreas() {
	toc := c.doc.TOC()
	if toc == nil || c.sheet == nil {
		return
	}
	var areas []string
	for _, a := range c.sheet.Areas {
		areas = append(areas, strings.ToLower(a.Title))
	}
	areaOf := func(e *ast.TOCEntry) string {
		title := strings.ToLower(strings.TrimSpace(e.Title))
		if name, ok := strings.CutSuffix(title, " area"); ok && slices.Contains(areas, name) {
			return name
		}
		return ""
	}
	for i, e := range toc.Entries {
		if areaOf(e) == "" {
			continue
		}
		// The entry it is nested under: the nearest before it of a lesser
		// depth.
		for j := i - 1; j >= 0; j-- {
			parent := toc.Entries[j]
			if parent.Depth >= e.Depth {
				continue
			}
			if areaOf(parent) != "" {
				c.diags.Warnf(e.Pos, "toc/area", `the outline nests "`+strings.TrimSpace(e.Title)+`" under "`+strings.TrimSpace(parent.Title)+
					`", but the sheet template draws them as two areas, side by side: give it the depth of "`+strings.TrimSpace(parent.Title)+`"`)
			}
			break
		}
	}
}
