package pipeline

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/html"
)

// linkDownloads lists the book's downloads that the build wrote into dir,
// the new output, with their sizes, in the place of html.DownloadsMarker
// on the site's index and on each sheet's page, and links each sheet's
// page back to the site in the place of html.BackMarker. It runs once every part is written, as only then
// are the print books' sizes known; a build without the site, the sheets
// or the books lists what there is.
func linkDownloads(book *Book, dir string) error {
	if book.Doc == nil {
		return nil
	}
	downloads, err := Downloads(book, dir)
	if err != nil {
		return err
	}
	back := ""
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err == nil {
		back = "../index.html"
		if err := fillDownloads(filepath.Join(dir, "index.html"), "", "", downloads); err != nil {
			return err
		}
	}
	if book.Sheets != nil {
		for _, f := range book.Sheets.All() {
			page := filepath.Join(dir, SheetsDir, ast.FileStem(f.Name)+".html")
			if err := fillDownloads(page, "../", back, downloads); err != nil {
				return err
			}
		}
	}
	return nil
}

// Downloads returns the downloads dir holds, in the order the site's index
// lists them: the PDF, EPUB and ASCII books, then each sheet, the classes'
// and the blank one, in its forms. A build lists them itself once every
// part is written; galley serve writes its prints apart from the site, and
// after it, and lists them on the index it serves once they are there.
func Downloads(book *Book, dir string) ([]html.Download, error) {
	cfg := book.Doc.Config
	var downloads []html.Download
	add := func(label string, forms ...html.DownloadForm) error {
		var found []html.DownloadForm
		for _, form := range forms {
			info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(form.Path)))
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return err
			}
			form.Size = info.Size()
			found = append(found, form)
		}
		if len(found) > 0 {
			downloads = append(downloads, html.Download{Label: label, Forms: found})
		}
		return nil
	}
	if err := add("The book", html.DownloadForm{Name: "PDF", Path: BookFile(cfg, ".pdf")}, html.DownloadForm{Name: "EPUB", Path: BookFile(cfg, ".epub")}, html.DownloadForm{Name: "ASCII", Path: BookFile(cfg, ".txt")}); err != nil {
		return nil, err
	}
	if book.Sheets == nil {
		return downloads, nil
	}
	for _, f := range book.Sheets.All() {
		label := f.Class + " sheet"
		if f.Class == "" {
			label = "Blank sheet"
		}
		stem := path.Join(SheetsDir, ast.FileStem(f.Name))
		err := add(label,
			html.DownloadForm{Name: "PDF form", Path: stem + ".pdf"},
			html.DownloadForm{Name: "HTML form", Path: stem + ".html"},
			html.DownloadForm{Name: "ASCII", Path: stem + ".txt"})
		if err != nil {
			return nil, err
		}
	}
	return downloads, nil
}

// fillDownloads puts the downloads, as seen from a page root away from the
// output's root, in the place of html.DownloadsMarker on the page at name,
// if the page is there, and the link to back, if not "", in the place of
// html.BackMarker.
func fillDownloads(name, root, back string, downloads []html.Download) error {
	page, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var list, backLink bytes.Buffer
	if len(downloads) > 0 {
		html.WriteDownloads(&list, root, downloads)
	}
	if back != "" {
		html.WriteBackLink(&backLink, back)
	}
	filled := bytes.Replace(page, []byte(html.DownloadsMarker), list.Bytes(), 1)
	filled = bytes.Replace(filled, []byte(html.BackMarker), backLink.Bytes(), 1)
	if bytes.Equal(filled, page) {
		return nil
	}
	return os.WriteFile(name, filled, 0o644)
}
