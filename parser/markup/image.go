package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// imageUsage is how the markup writes a picture, for its diagnostics.
const imageUsage = `expected \image[WIDTH]{PATH}{ALT TEXT} alone on its line, as in \image[50%]{art/map.png}{A map of the hive}; WIDTH (a share of the column, or mm) may be left out`

// image reads \image[WIDTH]{PATH}{ALT} at lines[i] and the "Figure:"
// caption after it, and returns the line after them.
func (p *blockParser) image(lines []prose.Line, i int) (ast.Block, int) {
	l := lines[i]
	at := l.Indent()
	t := strings.TrimRight(l.Text, " \t")
	off := at + len(`\image`)
	img := &ast.Image{BlockNode: ast.BlockNode{Pos: l.FirstTextPos()}}
	if strings.HasPrefix(t[off:], "[") {
		end := strings.IndexByte(t[off:], ']')
		if end < 0 {
			p.Diags.Errorf(l.FirstTextPos(), "image/malformed", imageUsage)
			return nil, i + 1
		}
		option := strings.TrimSpace(t[off+1 : off+end])
		w, ok := prose.ParseImageWidth(option)
		if !ok {
			p.Diags.Errorf(l.PosAt(off+1), "image/width", `image width "`+option+`" is neither a share of the column up to 100% ("50%") nor millimetres ("60mm")`)
		}
		img.Width = w
		off += end + 1
	}
	args, ok := braceArgs(t[off:])
	if !ok || len(args) == 0 || len(args) > 2 || strings.TrimSpace(args[0]) == "" {
		p.Diags.Errorf(l.FirstTextPos(), "image/malformed", imageUsage)
		return nil, i + 1
	}
	path := args[0]
	img.PathPos = l.PosAt(off + 1 + len(path) - len(strings.TrimLeft(path, " ")))
	img.Path = strings.TrimSpace(path)
	if len(args) == 2 {
		img.Alt = strings.TrimSpace(args[1])
	}
	img.Caption, i = p.caption(lines, i+1, prose.FigureCaptionLabels)
	return img, i
}

// braceArgs splits "{a}{b}" into its arguments; ok is false for anything
// else, text outside the braces or a brace left open. Arguments hold no
// braces.
func braceArgs(s string) (args []string, ok bool) {
	for s != "" {
		if s[0] != '{' {
			return nil, false
		}
		end := strings.IndexAny(s[1:], "{}")
		if end < 0 || s[1+end] != '}' {
			return nil, false
		}
		args = append(args, s[1:1+end])
		s = s[end+2:]
	}
	return args, true
}
