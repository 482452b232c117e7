package parser

import (
	"errors"
	"io"
	"path/filepath"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/picture"
)

// resolveImages reads the file of each picture of the book, and of its
// cover, through the manuscript directory, and decodes it once, whole, for
// every writer (see package picture): a path outside the directory is an
// error at the path, as a missing file is; so is a file that is not a PNG,
// a JPEG or an SVG, or is broken anywhere, or has more pixels than the
// book's budget (picture_megapixels); what an SVG may not carry is left
// out of it with a warning. A picture without alt text is a warning: a
// screen reader, and the ASCII book, have nothing else to say of it. A
// book parsed from memory has no directory, dir, and its pictures are left
// unread.
func resolveImages(doc *ast.Document, dir *BookDir, diags *ast.DiagnosticList) {
	read := map[string]*ast.Image{} // the pictures read, by path
	resolve := func(img *ast.Image) {
		if dir == nil {
			return
		}
		if done := read[img.Path]; done != nil {
			img.Format, img.Pixels, img.Data, img.Print = done.Format, done.Pixels, done.Data, done.Print
			return
		}
		read[img.Path] = img
		if filepath.IsLocal(filepath.FromSlash(img.Path)) {
			doc.Pictures = append(doc.Pictures, dir.Join(img.Path))
		}
		data, err := readImageFile(dir, img.Path)
		if err != nil {
			code, msg := fileProblem(img.Path, err)
			if code == "" {
				code, msg = "file/unreadable", `"`+img.Path+`" cannot be read: `+err.Error()
			}
			diags.Errorf(img.PathPos, code, msg)
			return
		}
		pic, err := picture.Read(img.Path, data, doc.Config.MaxPicturePixels())
		if err != nil {
			var perr *picture.Error
			if errors.As(err, &perr) {
				diags.Errorf(img.PathPos, perr.Code, `"`+img.Path+`" `+perr.Message)
			}
			return
		}
		if len(pic.Removed) > 0 {
			diags.Warnf(img.PathPos, "image/svg", `"`+img.Path+`" carries what a picture of the book may not, which galley leaves out of it: `+
				strings.Join(pic.Removed, "; ")+`; the site and the EPUB show the rest`)
		}
		img.Format, img.Pixels = pic.Format, ast.ImageSize{Width: pic.Width, Height: pic.Height}
		img.Data, img.Print = pic.Data, pic.Print
	}
	ast.WalkBlocks(doc.Blocks, func(b ast.Block) {
		img, ok := b.(*ast.Image)
		if !ok {
			return
		}
		if img.Alt == "" {
			diags.Warnf(img.Pos, "image/alt", `picture "`+img.Path+`" has no alt text: say what it shows, for screen readers and the ASCII book`)
		}
		resolve(img)
	})
	if doc.Cover != nil {
		resolve(doc.Cover)
	}
}

// readImageFile reads a picture's file through the manuscript directory.
func readImageFile(dir *BookDir, name string) ([]byte, error) {
	f, err := dir.openFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
