package parser

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// maxImageMM is the widest a picture may be asked to be, in millimetres:
// wider than any page, so that every width a picture is set at is a
// number.
const maxImageMM = 1000

// ParseImageWidth reads "50%" or "60mm", as the markup's option and
// Markdown's width attribute write it: a share of the column more than 0
// and up to 100, or a length more than 0 and up to maxImageMM; not NaN,
// not Inf.
func ParseImageWidth(s string) (ast.ImageWidth, bool) {
	number, unit := s, ""
	for _, u := range []string{"%", "mm"} {
		if n, ok := strings.CutSuffix(s, u); ok {
			number, unit = strings.TrimSpace(n), u
			break
		}
	}
	v, err := strconv.ParseFloat(number, 64)
	switch {
	case unit == "" || err != nil || !(v > 0):
		return ast.ImageWidth{}, false
	case unit == "%":
		return ast.ImageWidth{Percent: v}, v <= 100
	}
	return ast.ImageWidth{MM: v}, v <= maxImageMM
}

// imageUsage is how the markup writes a picture, for its diagnostics.
const imageUsage = `expected \image[WIDTH]{PATH}{ALT TEXT} alone on its line, as in \image[50%]{art/map.png}{A map of the hive}; WIDTH (a share of the column, or mm) may be left out`

// image reads \image[WIDTH]{PATH}{ALT} at lines[i] and the "Figure:"
// caption after it, and returns the line after them.
func (p *blockParser) image(lines []sourceLine, i int) (ast.Block, int) {
	l := lines[i]
	at := l.indent()
	t := strings.TrimRight(l.text, " \t")
	off := at + len(`\image`)
	img := &ast.Image{BlockNode: ast.BlockNode{Pos: l.firstTextPos()}}
	if strings.HasPrefix(t[off:], "[") {
		end := strings.IndexByte(t[off:], ']')
		if end < 0 {
			p.diags.Errorf(l.firstTextPos(), "image/malformed", imageUsage)
			return nil, i + 1
		}
		option := strings.TrimSpace(t[off+1 : off+end])
		w, ok := ParseImageWidth(option)
		if !ok {
			p.diags.Errorf(l.posAt(off+1), "image/width", `image width "`+option+`" is neither a share of the column up to 100% ("50%") nor millimetres ("60mm")`)
		}
		img.Width = w
		off += end + 1
	}
	args, ok := braceArgs(t[off:])
	if !ok || len(args) == 0 || len(args) > 2 || strings.TrimSpace(args[0]) == "" {
		p.diags.Errorf(l.firstTextPos(), "image/malformed", imageUsage)
		return nil, i + 1
	}
	path := args[0]
	img.PathPos = l.posAt(off + 1 + len(path) - len(strings.TrimLeft(path, " ")))
	img.Path = strings.TrimSpace(path)
	if len(args) == 2 {
		img.Alt = strings.TrimSpace(args[1])
	}
	img.Caption, i = p.caption(lines, i+1, figureCaptionLabels)
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
