package pipeline

import (
	"context"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules/check"
)

// Options say which manuscript to read, and how.
type Options struct {
	// Path is the manuscript: a file, or a directory with its
	// galley.toml.
	Path string
	// Format is the markup of the manuscript files whose extension names
	// none (see parser.Format); "" for galley's.
	Format parser.Format
	// Configure, when not nil, changes the book's configuration once it is
	// read and before anything else reads it, as build's flags do.
	Configure func(*ast.Config)
}

// Read reads the manuscript into the document tree, with what the readers
// found wrong in it, and infers the book's system when galley.toml names
// none (see check.InferSystem). The error is a manuscript that cannot be read at all
// (a path that does not exist), which galley cannot go on from.
func Read(ctx context.Context, opts Options) (*ast.Document, ast.DiagnosticList, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	doc, diags, err := parser.ParseBookFrom(opts.Path, opts.Format)
	if err != nil {
		return nil, nil, err
	}
	if opts.Configure != nil {
		opts.Configure(doc.Config)
	}
	if doc.Config.System == "" {
		inferred := check.InferSystem(doc)
		doc.Config.System, doc.Config.SystemInferred = inferred.System, inferred.Evidence
	}
	return doc, diags, ctx.Err()
}
