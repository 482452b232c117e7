package main

import (
	"context"
	"os"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/ascii"
	"github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/render/pdf"
	"github.com/galleyhq/galley/render/report"
	"github.com/galleyhq/galley/rules/check"
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
	if _, err := os.Stat(parser.ConfigFile); err == nil {
		return "."
	}
	return defaultManuscript
}

// readBook parses the manuscript at path. A path that cannot be read is an
// error galley cannot run past (exit 2).
func readBook(path string) (*ast.Document, ast.DiagnosticList, error) {
	doc, diags, err := parser.ParseBookFrom(path, manuscriptFormat)
	if err != nil {
		return nil, nil, cannotRun(err)
	}
	return doc, diags, nil
}

// checkBook parses and checks the manuscript at path: the parser's
// diagnostics and the checker's, in source order.
func checkBook(path string, configure func(*ast.Config)) (*ast.Document, *check.Result, error) {
	c, err := startChecking(path, configure, true)
	if err != nil {
		return nil, nil, err
	}
	return c.doc, c.finish(), nil
}

// checking is a book whose checks are under way. Most take moments, but
// two lay the book out: the outline's page numbers are the ASCII book's,
// the book its art is drawn for, and what the PDF's layout did badly is
// found by laying the PDF book out, as long as writing the site takes
// for a long book. So those checks run alongside whatever the command
// does next, and finish waits for them. They only warn: the errors are
// known at once. A panic in one is raised again by finish (see
// parallel.Go).
type checking struct {
	doc *ast.Document
	// result holds every diagnostic but the layouts' warnings until
	// finish.
	result        *check.Result
	pages, layout func() ast.DiagnosticList
}

// startChecking reads the manuscript at path and starts checking it.
// configure, when not nil, changes the book's configuration first, as
// build's flags do, before any check reads it. layoutPDF lays the PDF book
// out and weighs the site's pages for their warnings (see pdf.CheckLayout
// and html.CheckPageWeights); build has them from the parts it writes.
func startChecking(path string, configure func(*ast.Config), layoutPDF bool) (*checking, error) {
	preTouchFor(path)
	doc, diags, err := readBook(path)
	if err != nil {
		return nil, err
	}
	if configure != nil {
		configure(doc.Config)
	}
	// The engine writes the generated tables' cells before anything reads
	// the book, so that every writer prints them and the checks below see
	// the book as it is published.
	check.Fill(doc)
	c := &checking{doc: doc}
	c.pages = parallel.Go(func() ast.DiagnosticList {
		return check.TOCPages(doc, func() map[string]int { return ascii.Pagination(doc).Headings })
	})
	layout := func(checks *check.Result) func() ast.DiagnosticList {
		return parallel.Go(func() ast.DiagnosticList {
			diags := pdf.CheckLayout(context.Background(), doc, checks, "")
			// The site's pages are weighed as build writes them. A
			// temporary site that cannot be written leaves the warnings
			// to build.
			weights, _ := html.CheckPageWeights(context.Background(), doc)
			return append(diags, weights...)
		})
	}
	switch {
	case !layoutPDF:
		c.layout = func() ast.DiagnosticList { return nil }
	case !doc.Config.Proof:
		c.layout = layout(nil)
	}
	// A character the PDF's fonts lack would stop the PDF book. The
	// glyphs and the rules are checked at once; neither changes the book.
	glyphs := parallel.Go(func() ast.DiagnosticList { return pdf.CheckGlyphs(doc) })
	c.result = check.Book(doc)
	if layoutPDF && doc.Config.Proof {
		// A proof marks the tables the engine checked, lines the layout
		// has to know of.
		c.layout = layout(c.result)
	}
	c.result.Diagnostics = append(diags, c.result.Diagnostics...)
	c.result.Diagnostics = append(c.result.Diagnostics, glyphs()...)
	return c, nil
}

// errors counts the book's errors, all known before finish.
func (c *checking) errors() int {
	errors, _ := c.result.Diagnostics.Count()
	return errors
}

// finish adds the layouts' warnings, once they are known, and puts the
// diagnostics in source order.
func (c *checking) finish() *check.Result {
	c.result.Diagnostics = append(c.result.Diagnostics, c.pages()...)
	c.result.Diagnostics = append(c.result.Diagnostics, c.layout()...)
	c.result.Diagnostics.Sort(c.doc.Files)
	return c.result
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
// stderr, for commands whose stdout carries something else.
func writeDiagnosticsText(cmd *cobra.Command, doc *ast.Document, diags ast.DiagnosticList) error {
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
