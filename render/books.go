package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/ascii"
	"github.com/galleyhq/galley/render/pdf"
)

// BookFile names a print book at the top of the output: the slug of
// galley.toml's title ("Nests & Insects" is nests-insects.pdf), or book.pdf
// for a title with no letter or digit.
func BookFile(cfg *parser.Config, ext string) string {
	name := "book"
	if strings.IndexFunc(cfg.Title, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
		name = parser.Slug(cfg.Title)
	}
	return name + ext
}

// WritePDFBook writes the PDF rulebook into dir, on the book's paper.
func WritePDFBook(doc *parser.Document, dir string) (Written, error) {
	var b bytes.Buffer
	pages, err := pdf.WriteBook(&b, doc, doc.Config.Paper)
	if err != nil {
		return Written{}, err
	}
	return pagesWritten("a PDF book", pages.Pages), os.WriteFile(filepath.Join(dir, BookFile(doc.Config, ".pdf")), b.Bytes(), 0o644)
}

// WriteASCIIBook writes the framed ASCII book into dir.
func WriteASCIIBook(doc *parser.Document, dir string) (Written, error) {
	var b bytes.Buffer
	pages, err := ascii.WriteBook(&b, doc)
	if err != nil {
		return Written{}, err
	}
	return pagesWritten("an ASCII book", pages.Pages), os.WriteFile(filepath.Join(dir, BookFile(doc.Config, ".txt")), b.Bytes(), 0o644)
}

func pagesWritten(what string, pages int) Written {
	return Written{Summary: what + " of " + strconv.Itoa(pages) + " pages"}
}
