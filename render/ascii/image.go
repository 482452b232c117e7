package ascii

import (
	"github.com/galleyhq/galley/parser/ast"
)

// image prints a picture as what it shows, "[Picture: ALT TEXT]", wrapped
// to the frame, with its caption; all of it on one page. A picture without
// alt text is named by its file, which the parser warns of.
func (l *layouter) image(f *flow, img *ast.Image, columns int) {
	what := img.Alt
	if what == "" {
		what = img.Path
	}
	lines := wrap("[Picture: "+what+"]", "", "", columns)
	if img.Caption != nil {
		lines = append(lines, wrap(l.caption(img.Caption), "", "", columns)...)
	}
	f.keepAll(lines, false)
}
