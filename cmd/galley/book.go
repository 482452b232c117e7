package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/report"
)

// defaultManuscript is the manuscript every command reads when given no path
// outside a book's directory: the bundled book.
const defaultManuscript = "manuscript"

// manuscriptPath returns the PATH argument or, without one, the book in the
// working directory (a galley.toml there, as galley new writes), else the
// default.
func manuscriptPath(args []string) string {
	if len(args) > 0 {
		return args[0]
	}
	if _, err := os.Stat(ast.ConfigFile); err == nil {
		return "."
	}
	return defaultManuscript
}

// readBook reads the manuscript at path, as --from says (see pipeline.Read).
// A path that cannot be read is an error galley cannot run past (exit 2).
func readBook(cmd *cobra.Command, path string) (*ast.Document, ast.DiagnosticList, error) {
	doc, diags, err := pipeline.Read(cmd.Context(), pipeline.Options{Path: path, Format: manuscriptFormat})
	if err != nil {
		return nil, nil, cannotRun(err)
	}
	return doc, diags, nil
}

// stopped is the exit error of a command the pipeline stopped with err: an
// interrupt, which says so and what it left (not "context canceled"), or
// what else went wrong. Either is exit 2.
func stopped(ctx context.Context, err error, left string) error {
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return cannotRun(fmt.Errorf("interrupted: %s", left))
	}
	return cannotRun(err)
}

// useColor reports whether output to cmd's stdout should be coloured: only
// on a terminal, and never when NO_COLOR is set (https://no-color.org).
func useColor(cmd *cobra.Command) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	f, ok := cmd.OutOrStdout().(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// writeDiagnosticsText writes diagnostics, if any, as compiler messages to
// stderr, for commands whose stdout carries something else; notes are left
// to galley check --notes.
func writeDiagnosticsText(cmd *cobra.Command, doc *ast.Document, diags ast.DiagnosticList) error {
	diags = diags.WithoutNotes()
	if len(diags) == 0 {
		return nil
	}
	return report.Text(cmd.ErrOrStderr(), diags, doc, false)
}

// exitFor returns the exit error a book's diagnostics call for.
func exitFor(diags ast.DiagnosticList) error {
	if errors, _ := diags.Count(); errors > 0 {
		return bookHasErrors()
	}
	return nil
}
