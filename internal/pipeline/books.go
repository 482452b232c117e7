package pipeline

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/ascii"
	"github.com/galleyhq/galley/render/epub"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/pdf"
	"github.com/galleyhq/galley/rules/check"
)

// BookFile names a print book at the top of the output: the slug of
// galley.toml's title ("Nests & Insects" is nests-insects.pdf), cut to a
// safe length, or book.pdf for a title with no letter or digit.
func BookFile(cfg *ast.Config, ext string) string {
	name := "book"
	if strings.IndexFunc(cfg.Title, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
		name = ast.FileStem(ast.Slug(cfg.Title))
	}
	return name + ext
}

// WritePDFBook writes the PDF rulebook into dir, on the book's paper; checks
// (which may be nil) mark the tables the engine checked in a proof.
func WritePDFBook(ctx context.Context, doc *ast.Document, checks *check.Result, dir string) (Written, error) {
	return writeBook("a PDF book", filepath.Join(dir, BookFile(doc.Config, ".pdf")), func(w io.Writer) (*paginate.Pagination, error) {
		return pdf.WriteBook(ctx, w, doc, checks, doc.Config.Paper)
	})
}

// WriteASCIIBook writes the framed ASCII book into dir.
func WriteASCIIBook(ctx context.Context, doc *ast.Document, dir string) (Written, error) {
	return writeBook("an ASCII book", filepath.Join(dir, BookFile(doc.Config, ".txt")), func(w io.Writer) (*paginate.Pagination, error) {
		return ascii.WriteBook(ctx, w, doc)
	})
}

// WriteEPUBBook writes the EPUB 3 book into dir.
func WriteEPUBBook(ctx context.Context, doc *ast.Document, dir string) (Written, error) {
	err := writeFile(filepath.Join(dir, BookFile(doc.Config, ".epub")), func(w io.Writer) error {
		return epub.Write(ctx, w, doc)
	})
	return Written{Summary: "an EPUB book"}, err
}

// writeBook writes a print book straight into its file, not through a copy
// of it in memory, which for a long book would be the build's largest
// allocation. The file is in the build's new directory, which a failed
// build removes, so a half-written book is never seen.
func writeBook(what, file string, write func(io.Writer) (*paginate.Pagination, error)) (Written, error) {
	var pages *paginate.Pagination
	err := writeFile(file, func(w io.Writer) (err error) {
		pages, err = write(w)
		return err
	})
	if err != nil {
		return Written{}, err
	}
	written := pagesWritten(what, pages.Pages)
	written.Diagnostics = pages.Warnings
	return written, nil
}

// writeFile writes a book's file through a buffer, straight to disk.
func writeFile(file string, write func(io.Writer) error) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	return err
}

func pagesWritten(what string, pages int) Written {
	return Written{Summary: what + " of " + strconv.Itoa(pages) + " pages"}
}
