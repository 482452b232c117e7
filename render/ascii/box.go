package ascii

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// box draws a box as seed 001 does, across the width it has:
//
//	┌[Example 2]──────────┐
//	│ Its blocks, laid out │
//	│ two columns narrower │
//	└──────────────────────┘
//
// A box taller than a quarter of a page may break across pages: it closes
// its border at the foot of the page and opens again under its title,
// marked "(continued)".
func (l *layouter) box(f *flow, b *ast.Box, columns int) {
	l.framed(f, b.Title, l.blocks(b.Blocks, columns-4), columns)
}

// framed draws body, laid out four columns narrower than columns, in a
// box's border under title.
func (l *layouter) framed(f *flow, title string, body *flow, columns int) {
	inner := columns - 4
	group := &paginate.Group{}
	body.nest(group)
	side := func(_ int, s string) string { return "│ " + s + blanks(max(0, inner-width(s))) + " │" }
	bottom := "└" + repeat("─", columns-2) + "┘"
	f.line(boxTop(title, columns), true)
	f.add(body, side)
	f.line(bottom, false)
	// A short box stays on one page, as a sidebar does; a longer one may
	// break, but its last line keeps with the border, so that a break
	// never leaves a continued box empty.
	for i := range f.items[:len(f.items)-1] {
		f.items[i].Keep = f.items[i].Keep || len(f.items) <= maxUnbrokenBox || i == len(f.items)-2
	}
	f.items[len(f.items)-1].Group = group
	f.group(group, &groupArt{head: []string{boxTop(strings.TrimSpace(title+" (continued)"), columns)}, tail: []string{bottom}})
}

// maxUnbrokenBox is the height, in lines, of the tallest box that never
// breaks: a quarter of a page.
const maxUnbrokenBox = BodyLines / 4

// boxTop is a box's top border with its title: ┌[Title]───┐, or a plain
// border for a box without one (a Markdown note, say), rather than ┌[]───┐.
func boxTop(title string, columns int) string {
	if title == "" {
		return "┌" + repeat("─", columns-2) + "┐"
	}
	label := "[" + clip(title, columns-4) + "]"
	return "┌" + label + repeat("─", columns-2-width(label)) + "┐"
}
