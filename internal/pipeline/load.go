package pipeline

import (
	"context"
	"io/fs"
	"sync"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/internal/pretouch"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/index"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/pdf"
	"github.com/galleyhq/galley/rules/check"
)

// Book is a manuscript read, filled and checked: what every writer writes
// from.
type Book struct {
	Doc *ast.Document
	// Sheets are the book's character sheets, its template filled with
	// each class and the blank one; nil for a book without a template.
	Sheets *sheet.Book
	// Checks is what the rules checker found: the check bound to each
	// table, which a proof marks. A book Start returns has it once
	// Checked returns.
	Checks *check.Result
	// Diagnostics are every problem Load found, in source order: the
	// readers', the sheets', the checker's, and the runes the PDF's fonts
	// lack. Every error of the book is among them; what laying the book
	// out finds, which only warns, is Check's and the parts'. A book Start
	// returns has the checker's and the fonts' once Checked returns.
	Diagnostics ast.DiagnosticList
	// SiteFiles overrides the site's embedded templates, stylesheets and
	// scripts; galley serve passes the templates directory it watches.
	SiteFiles fs.FS

	// checking waits for the checks Start left running and adds what
	// they found; checked runs it once.
	checking func()
	checked  sync.Once
}

// Load reads the manuscript (see Read), fills its generated tables, reads
// its character sheets and checks it: steps 1 to 5 of the package's
// journey. The error is a manuscript that cannot be read, or ctx's.
func Load(ctx context.Context, opts Options) (*Book, error) {
	book, err := Start(ctx, opts)
	if err != nil {
		return nil, err
	}
	book.Checked()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return book, nil
}

// Start does what Load does, but returns once the book can be written:
// read, filled, its sheets read and its index built, while its rules and
// the fonts' glyphs are still being checked (see Checked). A site needs
// none of what they find but a proof's marks (see Proof), so it is
// written meanwhile: the checks' last 50 to 100 ms at 12 MB were a core
// idle.
func Start(ctx context.Context, opts Options) (*Book, error) {
	pretouch.For(opts.Path)
	doc, diags, err := Read(ctx, opts)
	if err != nil {
		return nil, err
	}
	// The engine writes the generated tables' cells before anything reads
	// the book, so that every writer prints them and the checks below see
	// the book as it is published.
	check.Fill(doc)
	sheets, sheetDiags := sheet.OfBook(doc)
	diags = append(diags, sheetDiags...)
	// The index is the tree's, built once for every writer, from the
	// book as it is published and the sheets' vocabulary. A character the
	// PDF's fonts lack would stop the PDF book. The index is built, and
	// the glyphs and the rules checked, at once: none of them changes the
	// book, nor reads the index, which goes into it once built. A panic
	// in any is raised here or in Checked (see parallel.Go).
	type indexed struct {
		index *ast.Index
		diags ast.DiagnosticList
	}
	built := parallel.Go(func() indexed {
		idx, diags := index.Build(doc, sheets)
		return indexed{idx, diags}
	})
	glyphs := parallel.Go(func() ast.DiagnosticList { return pdf.CheckGlyphs(doc) })
	checks := parallel.Go(func() *check.Result { return check.Book(doc, sheets) })
	ix := built()
	doc.Index = ix.index
	diags = append(diags, ix.diags...)
	book := &Book{Doc: doc, Sheets: sheets, Diagnostics: diags}
	book.checking = func() {
		book.Checks = checks()
		book.Diagnostics = append(book.Diagnostics, book.Checks.Diagnostics...)
		book.Diagnostics = append(book.Diagnostics, glyphs()...)
		book.Diagnostics.Sort(doc.Files)
	}
	if err := ctx.Err(); err != nil {
		book.Checked() // nothing is left running
		return nil, err
	}
	return book, nil
}

// Checked waits for the checks of a book Start returned, and returns the
// book with what they found (Checks and Diagnostics); a book Load
// returned, or one made otherwise, is returned as it is.
func (b *Book) Checked() *Book {
	b.checked.Do(func() {
		if b.checking != nil {
			b.checking()
		}
	})
	return b
}

// Errors counts the book's errors, all of which Load finds.
func (b *Book) Errors() int {
	errors, _ := b.Checked().Diagnostics.Count()
	return errors
}

// Proof returns what a proof marks under each table: the name of the check
// bound to it (see Config.Proof); nil for a reader's book, which marks
// nothing.
func (b *Book) Proof() func(*ast.Table) string {
	if !b.Doc.Config.Proof {
		return nil
	}
	return b.Checked().Checks.CheckOf
}

// with returns the book's diagnostics and more, in source order.
func (b *Book) with(more ast.DiagnosticList) ast.DiagnosticList {
	b.Checked()
	diags := append(b.Diagnostics[:len(b.Diagnostics):len(b.Diagnostics)], more...)
	diags.Sort(b.Doc.Files)
	return diags
}
