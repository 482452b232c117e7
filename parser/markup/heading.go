package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// underlineLevel returns 1 for a line of "=", 2 for a line of "-", and 0 for
// anything else. Three characters at least, so that a stray "--" stays text.
func underlineLevel(l prose.Line) int {
	t := l.Trimmed()
	if len(t) < 3 {
		return 0
	}
	switch {
	case strings.Trim(t, "=") == "":
		return 1
	case strings.Trim(t, "-") == "":
		return 2
	}
	return 0
}

// isHeadingAt reports whether lines[i] is a title over an underline.
func isHeadingAt(lines []prose.Line, i int) bool {
	if i+1 >= len(lines) || lines[i].IsBlank() || underlineLevel(lines[i]) != 0 {
		return false
	}
	return underlineLevel(lines[i+1]) != 0 && prose.CommandName(lines[i].Trimmed()) == ""
}

func newHeading(title, underline prose.Line) *ast.Heading {
	return &ast.Heading{
		BlockNode: ast.BlockNode{Pos: title.FirstTextPos()},
		Level:     underlineLevel(underline),
		Title:     title.Trimmed(),
	}
}
