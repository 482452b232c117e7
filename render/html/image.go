package html

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/xhtml"
)

// picturesDir is where the site keeps the book's pictures, under assets/.
const picturesDir = assetsDir + "/pictures"

// pictureExts are the files' extensions by format.
var pictureExts = map[string]string{"png": ".png", "jpeg": ".jpg", "svg": ".svg"}

// pictures are the book's pictures as the site publishes them: each file
// once, under a name made of its content's hash, so that the same picture
// shown twice, or under two paths, is one file, and a picture that changes
// gets a new name that no browser has cached.
type pictures struct {
	// src is each picture's file, from the site's root.
	src map[*ast.Image]string
	// files are the bytes to write, by path from the site's root.
	files map[string][]byte
}

// collectPictures names the files of the book's pictures and of its cover.
// A picture the parser could not read has none; the site shows its alt
// text.
func collectPictures(doc *ast.Document) pictures {
	p := pictures{src: map[*ast.Image]string{}, files: map[string][]byte{}}
	add := func(img *ast.Image) {
		ext, ok := pictureExts[img.Format]
		if !ok || img.Data == nil {
			return
		}
		sum := sha256.Sum256(img.Data)
		name := picturesDir + "/" + hex.EncodeToString(sum[:8]) + ext
		p.src[img] = name
		p.files[name] = img.Data
	}
	ast.WalkBlocks(doc.Blocks, func(b ast.Block) {
		if img, ok := b.(*ast.Image); ok {
			add(img)
		}
	})
	if doc.Cover != nil {
		add(doc.Cover)
	}
	return p
}

// Picture writes a picture's <img>: its width and height attributes
// are the size it is shown at, so that the page keeps its room before it
// loads, lazily; a width asked for as a share of the column is a class
// the stylesheet sizes, in steps of 5% (the page's policy allows no inline
// style). A picture with no file shows its alt text, as the ASCII book
// does.
func (w *pageWriter) Picture(_ *xhtml.Writer, img *ast.Image) {
	src, ok := w.site.pictures.src[img]
	if !ok {
		w.out.WriteString(`<p class="picture-missing">[Picture: `)
		xhtml.Escape(w.out, img.Alt)
		w.out.WriteString("]</p>")
		return
	}
	width, height := float64(img.Pixels.Width), float64(img.Pixels.Height)
	if img.Width.MM > 0 {
		width, height = img.Width.MM*96/25.4, img.Width.MM*96/25.4*height/width
	}
	w.out.WriteString(`<img src="`)
	xhtml.Href(w.out, w.page.Root()+src)
	w.out.WriteString(`" width="` + strconv.Itoa(int(math.Round(width))) + `" height="` + strconv.Itoa(int(math.Round(height))) + `"`)
	if share := img.Width.Percent; share > 0 {
		w.out.WriteString(` class="share-` + strconv.Itoa(max(5, int(math.Round(share/5))*5)) + `"`)
	}
	w.out.WriteString(` alt="`)
	xhtml.Escape(w.out, img.Alt)
	w.out.WriteString(`"`)
	if img.Title != "" {
		w.out.WriteString(` title="`)
		xhtml.Escape(w.out, img.Title)
		w.out.WriteString(`"`)
	}
	w.out.WriteString(` loading="lazy" decoding="async">`)
}

// writeCover writes the cover picture galley.toml names, once, at the head
// of the index page; it stands in for the cover page's art.
func (w *pageWriter) writeCover() {
	cover := w.site.doc.Cover
	if cover == nil || w.cover {
		return
	}
	w.cover = true
	w.out.WriteString(`<div class="cover-picture">`)
	w.Picture(w.x, cover)
	w.out.WriteString("</div>\n")
}
