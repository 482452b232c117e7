package pipeline

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/ascii"
	"github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/render/pdf"
)

// SheetsDir is the directory of the output that holds the character sheets.
const SheetsDir = "sheets"

// WriteSheets writes every character sheet of the book into dir/sheets: for
// each class, and for the blank sheet, NAME.txt (ASCII), NAME.html (the
// form, beside the sheet.css and sheet.js it links, and linking the other
// two) and NAME.pdf, a fillable PDF form, on the named paper ("" for the
// default), and returns how many sheets it wrote. A book without a sheet
// template has no sheets and gets no directory. Sheet names are file names: the parser accepts no class name
// with anything but letters, digits, '-' and '_', and a long one is cut (see ast.FileStem). The sheets' diagnostics are galley check's to report: the
// sheets are written from what could be read.
func WriteSheets(ctx context.Context, doc *ast.Document, dir string, paper string) (sheets int, err error) {
	book, _ := sheet.OfBook(doc)
	if book == nil {
		return 0, nil
	}
	out := filepath.Join(dir, SheetsDir)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, err
	}
	if err := html.WriteSheetAssets(out); err != nil {
		return 0, err
	}
	all := book.All()
	errs := make([]error, len(all))
	// Each sheet's files are its own, so the sheets are written across the
	// cores; the PDFs, which embed their fonts, are most of the work.
	parallel.For(len(all), func(i int) {
		if ctx.Err() == nil {
			errs[i] = writeSheet(doc, all[i], out, paper)
		}
	})
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}
	return len(all), nil
}

// writeSheet writes one sheet in its three forms.
func writeSheet(doc *ast.Document, f *sheet.Filled, out, paper string) error {
	var txt, page, print bytes.Buffer
	if err := ascii.WriteSheet(&txt, f); err != nil {
		return err
	}
	name := ast.FileStem(f.Name)
	opts := html.SheetOptions{Book: doc.Config.Title, Language: doc.Config.Language, PDF: name + ".pdf", ASCII: name + ".txt", Downloads: true}
	if err := html.SheetPage(&page, f, opts); err != nil {
		return err
	}
	if err := pdf.WriteSheet(&print, f, paper, doc.Date); err != nil {
		return err
	}
	for _, file := range []struct {
		ext  string
		data []byte
	}{{".txt", txt.Bytes()}, {".html", page.Bytes()}, {".pdf", print.Bytes()}} {
		if err := os.WriteFile(filepath.Join(out, name+file.ext), file.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
