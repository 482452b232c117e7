package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

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
// two) and NAME.pdf, a fillable PDF form, on the book's paper, and returns
// how many sheets it wrote. A book without a sheet template has no sheets
// and gets no directory. Sheet names are file names: the parser accepts no
// class name with anything but letters, digits, '-' and '_', and a long
// one is cut (see ast.FileStem). The sheets' diagnostics are Load's to
// report: the sheets are written from what could be read.
func WriteSheets(ctx context.Context, b *Book, dir string) (sheets int, err error) {
	if b.Sheets == nil {
		return 0, nil
	}
	out := filepath.Join(dir, SheetsDir)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, err
	}
	if err := html.WriteSheetAssets(out); err != nil {
		return 0, err
	}
	all := b.Sheets.All()
	errs := make([]error, len(all))
	// Each sheet's files are its own, so the sheets are written across the
	// cores; the PDFs, which embed their fonts, are most of the work.
	parallel.For(len(all), func(i int) {
		if ctx.Err() == nil {
			errs[i] = writeSheet(b.Doc, all[i], out)
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

// writeSheet writes one sheet in its three forms, as its own page, which
// links the other two and the book's downloads.
func writeSheet(doc *ast.Document, f *sheet.Filled, out string) error {
	name := ast.FileStem(f.Name)
	for _, form := range SheetForms {
		var b bytes.Buffer
		if err := WriteSheet(&b, doc, f, form, true); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name+sheetExt[form]), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// SheetForms are the forms a character sheet is written in, as galley
// sheet's --format names them: the template's ASCII art, an HTML form that
// keeps a player's edits in the browser, a one-page fillable PDF form.
var SheetForms = []string{"ascii", "html", "pdf"}

// sheetExt is the file ending of each form.
var sheetExt = map[string]string{"ascii": ".txt", "html": ".html", "pdf": ".pdf"}

// WriteSheet writes the filled sheet f of doc to w in form, one of
// SheetForms, on the book's paper. A page of the sheets part (ownPage)
// links the sheet's other forms, the book's downloads and the site;
// galley sheet's page stands alone.
func WriteSheet(w io.Writer, doc *ast.Document, f *sheet.Filled, form string, ownPage bool) error {
	switch form {
	case "html":
		opts := html.SheetOptions{Book: doc.Config.Title, Language: doc.Config.Language}
		if ownPage {
			name := ast.FileStem(f.Name)
			opts.PDF, opts.ASCII, opts.Downloads = name+".pdf", name+".txt", true
		}
		return html.SheetPage(w, f, opts)
	case "pdf":
		return pdf.WriteSheet(w, f, doc.Config.Paper, doc.Config.Language, doc.Date)
	case "ascii":
		return ascii.WriteSheet(w, f)
	}
	return fmt.Errorf("unknown sheet form %q: use %s", form, strings.Join(SheetForms, ", "))
}

// WriteSheetFile writes the filled sheet f of doc in form into the file
// name, as galley sheet -o does: the sheet is drawn whole first, so that a
// failure leaves no half-written file, and an HTML form gets the sheet.css
// and sheet.js it links beside it.
func WriteSheetFile(name string, doc *ast.Document, f *sheet.Filled, form string) error {
	var b bytes.Buffer
	if err := WriteSheet(&b, doc, f, form, false); err != nil {
		return err
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		return err
	}
	if form == "html" {
		return html.WriteSheetAssets(filepath.Dir(name))
	}
	return nil
}
