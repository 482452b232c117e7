// Package markup reads galley's own markup (MARKUP.md): underlined
// headings, \begin…\end environments for boxes, tables and the contents,
// box-drawing figures, dot-leader formulas, lists, footnotes and the line
// commands, with the prose under them read by package prose. A long file's
// line pass is cut into chunks read at once (see chunks.go).
package markup

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// Read reads the file f, named name, written in the markup, into blocks;
// their inlines are parsed by p's prose queue.
func Read(p *prose.Parser, name string, f *prose.File) []ast.Block {
	lines := dropComments(f, name, p.Diags)
	// Never nil, so that an empty file's tree says so: "blocks": [].
	return (&blockParser{p}).chunkBlocks(lines)
}
