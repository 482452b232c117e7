package pipeline

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/html"
)

// Downloads returns the downloads dir holds, in the order the site's index
// lists them. A build lists them itself once every part is written; galley
// serve writes its prints apart from the site, and after it, and lists
// them on the index it serves once they are there.
func Downloads(doc *ast.Document, dir string) ([]html.Download, error) {
	return downloadsIn(doc, dir)
}
