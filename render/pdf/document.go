// Package pdf writes the PDF forms of a book with fpdf: for now its
// character sheets, drawn as vector art from the sheet model.
package pdf

import (
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
)

// undated is the creation and modification date of a PDF of a book with no
// date (one parsed from memory), in place of fpdf's default, the time of
// the run, so that the same book still gives the same bytes.
var undated = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// New returns an empty PDF document in millimetres on the named paper (see
// ast.ParsePaper; "" for the default), with galley's fonts added and the
// settings that make its output byte-identical from run to run: the book's
// date (ast.Document.Date) as its creation and modification date, a
// sorted catalogue, compression. Pages are added by the drawing functions,
// such as DrawSheet, so that a book can hold sheets among its other pages.
func New(paper string, date time.Time) (*fpdf.Fpdf, error) {
	if paper == "" {
		paper = ast.Papers[0]
	}
	size, err := ast.ParsePaper(paper)
	if err != nil {
		return nil, err
	}
	return newPDF(fpdf.SizeType{Wd: size.Width, Ht: size.Height}, date)
}

// newPDF returns an empty PDF document of pages of the given size, in
// millimetres, as New describes.
func newPDF(size fpdf.SizeType, date time.Time) (*fpdf.Fpdf, error) {
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: size})
	pdf.SetCompression(true)
	// A page's content is compressed when the next page begins, so that a
	// long book holds its pages in a fifth of the memory until it is
	// written (see third_party/fpdf).
	pdf.SetCompressFinishedPages(true)
	pdf.SetCatalogSort(true)
	if date.IsZero() {
		date = undated
	}
	// fpdf writes the date's clock without its zone: in UTC it is the
	// same wherever the book is built.
	date = date.UTC()
	pdf.SetCreationDate(date)
	pdf.SetModificationDate(date)
	pdf.SetCreator("galley", true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	addFamily(pdf, fontSans)
	addFamily(pdf, fontMono)
	return pdf, pdf.Error()
}
