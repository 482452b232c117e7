package parser

import (
	"testing"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/internal/readertest"
)

// readsAsOne checks that src, read in the markup name's extension names,
// gives in chunks of chunkLines lines the tree and diagnostics of one pass.
func readsAsOne(t testing.TB, name string, src []byte, chunkLines int) {
	t.Helper()
	format := FormatOf(name, string(src), "")
	readertest.ReadsAsOne(t, func(chunkLines int) (*ast.Document, ast.DiagnosticList) {
		return parse(name, src, chunkLines, format)
	}, chunkLines)
}
