package markup

import (
	"slices"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// commandNames lists the commands that stand alone on a line. \begin and
// \end are read with the environments, in environment.go, \image, which
// takes the caption after it, in image.go, and \alt, which takes the art
// under it, in figure.go.
var commandNames = []string{"begin", "end", "newpage", "charsheet", "odds", "image", "alt"}

// command builds the block of a command line, or reports an unknown one.
func (p *blockParser) command(l prose.Line, name string) ast.Block {
	if slices.Contains(prose.LineCommands, name) {
		return p.LineCommand(l, name)
	}
	msg := `unknown command \` + name
	if best := ast.Closest(name, commandNames); best != "" {
		msg += ` (did you mean \` + best + `?)`
	}
	p.Diags.Errorf(l.FirstTextPos(), "command/unknown", msg)
	return nil
}
