package html

import (
	"bytes"
	"strconv"

	"github.com/galleyhq/galley/render/xhtml"
)

// DownloadsMarker stands where the site's index and each sheet's page list
// the book's downloads. The site and the sheets are written while the PDF
// and ASCII books are, so their sizes are known only once every part is
// done: the build then puts the list in the marker's place (see
// WriteDownloads), and a page written without the other parts keeps the
// marker, a comment no reader sees.
const DownloadsMarker = "<!-- galley:downloads -->"

// BackMarker stands at the top of each sheet's page, where the build links
// back to the book's site when it wrote one (see WriteBackLink).
const BackMarker = "<!-- galley:back -->"

// Download is one file a reader may take away: the PDF book, the ASCII
// book, a sheet in one of its forms.
type Download struct {
	// Label names it for a reader: "PDF book", "Ants".
	Label string
	// Forms are the files it comes as, in the order they are listed.
	Forms []DownloadForm
}

// DownloadForm is one file of a download.
type DownloadForm struct {
	// Name says the form: "PDF", "ASCII", "HTML form".
	Name string
	// Path is the file's path from the output's root, with "/".
	Path string
	// Size is the file's length in bytes.
	Size int64
}

// WriteDownloads writes the list of downloads for a page root away from
// the output's root ("" or "../").
func WriteDownloads(b *bytes.Buffer, root string, downloads []Download) {
	b.WriteString(`<nav class="downloads" aria-labelledby="book-downloads">` + "\n")
	b.WriteString(`<h2 id="book-downloads">Downloads</h2>` + "\n<ul>\n")
	for _, d := range downloads {
		b.WriteString("<li>")
		xhtml.Escape(b, d.Label)
		b.WriteString(":")
		for i, form := range d.Forms {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(` <a href="`)
			xhtml.Escape(b, root+form.Path)
			b.WriteString(`">`)
			xhtml.Escape(b, form.Name)
			b.WriteString("</a> (")
			b.WriteString(fileSize(form.Size))
			b.WriteString(")")
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n</nav>")
}

// WriteBackLink writes the link from a sheet's page to back, the address
// of the book's site.
func WriteBackLink(b *bytes.Buffer, back string) {
	b.WriteString(`<p class="sheet-back"><a href="`)
	xhtml.Escape(b, back)
	b.WriteString(`">← Back to the book</a></p>`)
}

// fileSize writes a size as a reader reads it: 812 bytes, 38 KB, 2.4 MB.
func fileSize(n int64) string {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10) + " bytes"
	case n < 999_500: // what would round to 1000 KB is 1.0 MB
		return strconv.FormatInt((n+500)/1000, 10) + " KB"
	}
	return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
}
