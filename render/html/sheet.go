package html

import (
	"html/template"
	"io"
	"os"
	"path/filepath"

	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/templates"
)

// SheetAssets are the files a sheet's page links to, in the templates
// package: WriteSheetAssets copies them beside the pages.
var SheetAssets = []string{"sheet.css", "sheet.js", "favicon.svg"}

// sheetTemplates holds "sheet-page", a whole page, and "sheet-form", the
// form alone, for pages that show a sheet among other content. A page
// may hold BackMarker and DownloadsMarker, which html/template would strip
// as comments.
var sheetTemplates = template.Must(template.New("sheet").Funcs(template.FuncMap{
	"backMarker":      func() template.HTML { return BackMarker },
	"downloadsMarker": func() template.HTML { return DownloadsMarker },
}).ParseFS(templates.FS, "sheet.html.tmpl"))

// SheetOptions say what a sheet's form links to and where it keeps its
// edits.
type SheetOptions struct {
	// Book names the book in the browser's storage key, so that two books
	// with a class of the same name keep their own edits; "" uses the
	// game named in the sheet's header.
	Book string
	// Language is the page's language tag, the book's; "" is
	// ast.DefaultLanguage.
	Language string
	// PDF and ASCII are the addresses of the sheet's other forms, linked
	// from the page; empty ones are left out.
	PDF, ASCII string
	// Assets is the address of the directory holding SheetAssets, ending in
	// "/"; "" for the page's own directory.
	Assets string
	// Downloads leaves BackMarker and DownloadsMarker on the page, for a
	// sheet written into a book's output, where the build links back to
	// the book's site and lists its downloads.
	Downloads bool
}

// SheetPage writes the filled sheet as a standalone HTML page: the form of
// SheetForm with its stylesheet, script and links. The page makes no
// request but for its own sheet.css, sheet.js and icon, and its Content Security
// Policy allows nothing else, inline scripts and styles included.
func SheetPage(w io.Writer, f *sheet.Filled, opts SheetOptions) error {
	return sheetTemplates.ExecuteTemplate(w, "sheet-page", newSheetView(f, opts))
}

// SheetForm writes the filled sheet as an HTML form, for a page that
// already links sheet.css and sheet.js. The form is built from the sheet
// model, not drawn from its art: each rating is a number input (0 to 100),
// each XP tick box or set-able radio button a checkbox, each track a group
// of radio buttons, each inventory slot text and number inputs, and each
// attack box's field read-only text, every input with its label. The
// script keeps the player's edits in the browser's localStorage under the
// book and the class, and the form's reset button brings back the class's
// values.
func SheetForm(w io.Writer, f *sheet.Filled, opts SheetOptions) error {
	return sheetTemplates.ExecuteTemplate(w, "sheet-form", newSheetView(f, opts))
}

// WriteSheetAssets writes SheetAssets into dir.
func WriteSheetAssets(dir string) error {
	for _, name := range SheetAssets {
		data, err := templates.FS.ReadFile(name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
