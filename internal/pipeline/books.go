package pipeline

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/ascii"
	"github.com/galleyhq/galley/render/epub"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/pdf"
	"github.com/galleyhq/galley/render/report"
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

// writePDFBook lays the PDF rulebook out, once, writes it into dir and
// reports what its layout could not do well. A book for the press is
// three files: the reader's book, with its links and bookmarks, as a
// book not for the press is; the press's interior (BOOK-interior.pdf),
// laid out for the press; and its cover (BOOK-cover.pdf), as wide as the
// interior's pages make its spine. The interior's warnings, the
// preflight's among them, and the cover's picture's are the build's.
func writePDFBook(ctx context.Context, book *Book, dir string) (Written, error) {
	if book.Doc.Config.Press != "" {
		return writePressBooks(ctx, book, dir)
	}
	laidOut, err := writeLaidOut(ctx, book, false, filepath.Join(dir, BookFile(book.Doc.Config, ".pdf")))
	if err != nil {
		return Written{}, err
	}
	return Written{Summary: pagesOf("a PDF book", laidOut.Pagination().Pages), Diagnostics: laidOut.Warnings()}, nil
}

// writePressBooks writes a book for the press: the reader's book, the
// press's interior and its cover (see writePDFBook).
func writePressBooks(ctx context.Context, book *Book, dir string) (Written, error) {
	cfg := book.Doc.Config
	if _, err := writeLaidOut(ctx, book, true, filepath.Join(dir, BookFile(cfg, ".pdf"))); err != nil {
		return Written{}, err
	}
	interior, err := writeLaidOut(ctx, book, false, filepath.Join(dir, BookFile(cfg, "-interior.pdf")))
	if err != nil {
		return Written{}, err
	}
	pages := interior.Pagination().Pages
	var cover ast.DiagnosticList
	err = writeFile(filepath.Join(dir, BookFile(cfg, "-cover.pdf")), func(w io.Writer) (err error) {
		cover, err = pdf.WriteCover(ctx, w, book.Doc, pages)
		return err
	})
	if err != nil {
		return Written{}, err
	}
	return Written{
		Summary:     "a PDF book, and for the " + string(cfg.Press) + " press its " + pagesOf("interior", pages) + " and its cover",
		Diagnostics: append(interior.Warnings(), cover...),
	}, nil
}

// writeLaidOut lays the book out as a PDF book, a reader's when reader
// is set whatever press it names, and writes it to file.
func writeLaidOut(ctx context.Context, book *Book, reader bool, file string) (*pdf.Book, error) {
	laidOut, err := pdf.LayOut(ctx, book.Doc, book.Sheets, pdf.Options{Proof: book.Proof(), Reader: reader})
	if err != nil {
		return nil, err
	}
	return laidOut, writeFile(file, func(w io.Writer) error { return laidOut.Write(ctx, w) })
}

// writeASCIIBook writes the framed ASCII book into dir, and compares the
// pages of its headings with those the author's outline gives.
func writeASCIIBook(ctx context.Context, book *Book, dir string) (Written, error) {
	var pages *paginate.Pagination
	err := writeFile(filepath.Join(dir, BookFile(book.Doc.Config, ".txt")), func(w io.Writer) (err error) {
		pages, err = ascii.WriteBook(ctx, w, book.Doc, book.Sheets)
		return err
	})
	if err != nil {
		return Written{}, err
	}
	outline := check.TOCPages(book.Doc, func() map[string]int { return pages.Headings })
	return Written{Summary: pagesOf("an ASCII book", pages.Pages), Diagnostics: outline}, nil
}

// writeEPUBBook writes the EPUB 3 book into dir.
func writeEPUBBook(ctx context.Context, book *Book, dir string) (Written, error) {
	err := writeFile(filepath.Join(dir, BookFile(book.Doc.Config, ".epub")), func(w io.Writer) error {
		return epub.Write(ctx, w, book.Doc, book.Sheets)
	})
	return Written{Summary: "an EPUB book"}, err
}

// pagesOf says how many pages a book has: "a PDF book of 49 pages".
func pagesOf(what string, pages int) string {
	return what + " of " + report.Count(pages, "page")
}

// writeFile writes a book's file through a buffer, straight to disk, not
// through a copy of it in memory, which for a long book would be the
// build's largest allocation. The file is in the build's new directory,
// which a failed build removes, so a half-written book is never seen.
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
