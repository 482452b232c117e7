package pipeline

import (
	"context"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/ascii"
	"github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/render/pdf"
	"github.com/galleyhq/galley/rules/check"
)

// Read parses the manuscript at path, reading the files whose extension
// names no markup as format. The error is a path that cannot be read.
func Read(path string, format parser.Format) (*ast.Document, ast.DiagnosticList, error) {
	return parser.ParseBookFrom(path, format)
}

// Check parses and checks the manuscript at path: the parser's
// diagnostics and the checker's, in source order.
func Check(path string, format parser.Format, configure func(*ast.Config)) (*ast.Document, *check.Result, error) {
	c, err := StartChecking(path, format, configure, true)
	if err != nil {
		return nil, nil, err
	}
	return c.Doc, c.Finish(), nil
}

// checking is a book whose checks are under way. Most take moments, but
// two lay the book out: the outline's page numbers are the ASCII book's,
// the book its art is drawn for, and what the PDF's layout did badly is
// found by laying the PDF book out, as long as writing the site takes
// for a long book. So those checks run alongside whatever the command
// does next, and Finish waits for them. They only warn: the errors are
// known at once.
type Checking struct {
	Doc *ast.Document
	// Result holds every diagnostic but the layouts' warnings until
	// Finish.
	Result *check.Result
	pages  chan ast.DiagnosticList
	layout chan ast.DiagnosticList
}

// StartChecking reads the manuscript at path and starts checking it.
// configure, when not nil, changes the book's configuration first, as
// build's flags do, before any check reads it. layoutPDF lays the PDF book
// out and weighs the site's pages for their warnings (see pdf.CheckLayout
// and html.CheckPageWeights); build has them from the parts it writes.
func StartChecking(path string, format parser.Format, configure func(*ast.Config), layoutPDF bool) (*Checking, error) {
	preTouchFor(path)
	doc, diags, err := Read(path, format)
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
	c := &Checking{Doc: doc, pages: make(chan ast.DiagnosticList, 1), layout: make(chan ast.DiagnosticList, 1)}
	go func() {
		c.pages <- check.TOCPages(doc, func() map[string]int { return ascii.Pagination(doc).Headings })
	}()
	layout := func(checks *check.Result) {
		diags := pdf.CheckLayout(context.Background(), doc, checks, "")
		// The site's pages are weighed as build writes them. A temporary
		// site that cannot be written leaves the warnings to build.
		weights, _ := html.CheckPageWeights(context.Background(), doc)
		c.layout <- append(diags, weights...)
	}
	switch {
	case !layoutPDF:
		c.layout <- nil
	case !doc.Config.Proof:
		go layout(nil)
	}
	// A character the PDF's fonts lack would stop the PDF book. The
	// glyphs and the rules are checked at once; neither changes the book.
	glyphs := make(chan ast.DiagnosticList, 1)
	go func() { glyphs <- pdf.CheckGlyphs(doc) }()
	c.Result = check.Book(doc)
	if layoutPDF && doc.Config.Proof {
		// A proof marks the tables the engine checked, lines the layout
		// has to know of.
		go layout(c.Result)
	}
	c.Result.Diagnostics = append(diags, c.Result.Diagnostics...)
	c.Result.Diagnostics = append(c.Result.Diagnostics, <-glyphs...)
	return c, nil
}

// Errors counts the book's errors, all known before Finish.
func (c *Checking) Errors() int {
	errors, _ := c.Result.Diagnostics.Count()
	return errors
}

// Finish adds the layouts' warnings, once they are known, and puts the
// diagnostics in source order.
func (c *Checking) Finish() *check.Result {
	c.Result.Diagnostics = append(c.Result.Diagnostics, <-c.pages...)
	c.Result.Diagnostics = append(c.Result.Diagnostics, <-c.layout...)
	c.Result.Diagnostics.Sort(c.Doc.Files)
	return c.Result
}
