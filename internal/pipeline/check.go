package pipeline

import (
	"context"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/ascii"
	"github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/render/pdf"
	"github.com/galleyhq/galley/rules/check"
)

// Check finishes checking a loaded book, as galley check does: it adds to
// the book's diagnostics what laying the book out finds, and returns them
// all in source order. Three layouts, run at once, only warn:
//
//   - the ASCII book's, the book the manuscript's art is drawn for, whose
//     page numbers the author's outline should give (see check.TOCPages);
//   - the PDF book's, once, as a build writes it (see pdf.Book.Warnings),
//     drawn for the press's preflight too when the book is for the press;
//   - the site's, whose pages are weighed against page_weight.
//
// A layout that cannot be done (the site's temporary directory cannot be
// written) leaves its warnings to build. The error is ctx's: cancelling it
// stops the layouts, and the site weighed is removed. A panic in a layout
// is raised again here (see parallel.Go), where galley serve recovers it.
func Check(ctx context.Context, b *Book) (ast.DiagnosticList, error) {
	pages := parallel.Go(func() ast.DiagnosticList {
		return check.TOCPages(b.Doc, func() map[string]int {
			return ascii.Pagination(ctx, b.Doc, b.Sheets).Headings
		})
	})
	layout := parallel.Go(func() ast.DiagnosticList { return pdfWarnings(ctx, b) })
	weights := parallel.Go(func() ast.DiagnosticList {
		diags, _ := html.CheckPageWeights(ctx, b.Doc, b.Sheets)
		return diags
	})
	warnings := append(append(pages(), layout()...), weights()...)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return b.with(warnings), nil
}

// pdfWarnings lays the PDF book out, as its part writes it, and reports
// what the layout could not do well.
func pdfWarnings(ctx context.Context, b *Book) ast.DiagnosticList {
	// The book is not written: its structure tree, which changes nothing
	// of the layout, would be built for nothing.
	book, err := pdf.LayOut(ctx, b.Doc, b.Sheets, pdf.Options{Proof: b.Proof(), Untagged: true})
	if err != nil {
		return nil
	}
	if b.Doc.Config.Press != "" {
		// The press's preflight measures what is drawn: the pages are
		// drawn, and not written.
		if err := book.Draw(ctx); err != nil {
			return nil
		}
	}
	return book.Warnings()
}
