package ascii

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// verbatim prints a \begin{nolayout} block as written. A block that draws
// a page of its own, frame and all, as the sheet template does, is that
// page; any other keeps its lines together in the text, cut at the frame.
func verbatim(f *flow, v *ast.Verbatim, columns int) {
	lines := paginate.TrimBlank(v.Lines)
	if len(lines) == 0 {
		return
	}
	if paginate.IsPageArt(lines) {
		f.whole(func() []string { return fullPage(lines) }, true)
		return
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = clip(strings.TrimRight(l, " "), columns)
	}
	f.keepAll(out, false)
}

// fullPage pads a page drawn whole to the page's height with blank lines.
func fullPage(lines []string) []string {
	page := append([]string(nil), lines...)
	for len(page) < PageLines {
		page = append(page, "")
	}
	return page
}
