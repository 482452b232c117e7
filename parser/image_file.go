package parser

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	_ "image/jpeg" // the formats image.DecodeConfig reads
	_ "image/png"
	"io"
	"math"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// resolveImages reads the file of each picture of the book, and of its
// cover, through the manuscript directory: a path outside it is an error at
// the path, as a missing file is; a file that is not a PNG, a JPEG or an
// SVG, or whose header is broken, is an error too. A picture without alt
// text is a warning: a screen reader, and the ASCII book, have nothing else
// to say of it. A book parsed from memory has no directory, dir, and its
// pictures are left unread.
func resolveImages(doc *ast.Document, dir *BookDir, diags *ast.DiagnosticList) {
	read := map[string]*ast.Image{} // the pictures read, by path
	resolve := func(img *ast.Image) {
		if dir == nil {
			return
		}
		if done := read[img.Path]; done != nil {
			img.Format, img.Pixels, img.Data = done.Format, done.Pixels, done.Data
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
		format, size, err := imageConfig(img.Path, data)
		if err != nil {
			diags.Errorf(img.PathPos, "image/invalid", `"`+img.Path+`" `+err.Error())
			return
		}
		img.Format, img.Pixels, img.Data = format, size, data
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
	f, err := dir.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// imageConfig returns a picture's format and size in pixels from its
// header, or why it is not a picture galley can print.
func imageConfig(name string, data []byte) (string, ast.ImageSize, error) {
	if strings.EqualFold(path.Ext(name), ".svg") {
		size, err := svgSize(data)
		return "svg", size, err
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	switch {
	case errors.Is(err, image.ErrFormat):
		return "", ast.ImageSize{}, imageError("is not a PNG, JPEG or SVG file")
	case err != nil:
		return "", ast.ImageSize{}, imageError("is not a valid " + strings.ToUpper(format) + " file: " + err.Error())
	case cfg.Width == 0 || cfg.Height == 0:
		return "", ast.ImageSize{}, imageError("is a picture of no pixels")
	}
	return format, ast.ImageSize{Width: cfg.Width, Height: cfg.Height}, nil
}

// imageError says what is wrong with a picture's file.
type imageError string

func (e imageError) Error() string { return string(e) }

// svgSize reads an SVG's size from its root element: width and height in
// CSS pixels (or absolute units), else the viewBox's, else the 300 by 150
// that a browser gives a picture of no size.
func svgSize(data []byte) (ast.ImageSize, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err != nil {
			return ast.ImageSize{}, imageError("is not an SVG file: it has no <svg> element")
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if start.Name.Local != "svg" {
			return ast.ImageSize{}, imageError("is not an SVG file: its root element is <" + start.Name.Local + ">")
		}
		var w, h float64
		var box []string
		for _, a := range start.Attr {
			switch a.Name.Local {
			case "width":
				w = cssPixels(a.Value)
			case "height":
				h = cssPixels(a.Value)
			case "viewBox":
				box = strings.Fields(strings.ReplaceAll(a.Value, ",", " "))
			}
		}
		if len(box) == 4 && (w == 0 || h == 0) {
			bw, _ := strconv.ParseFloat(box[2], 64)
			bh, _ := strconv.ParseFloat(box[3], 64)
			switch {
			case w == 0 && h == 0:
				w, h = bw, bh
			case w == 0 && bh > 0:
				w = h * bw / bh
			case h == 0 && bw > 0:
				h = w * bh / bw
			}
		}
		if w <= 0 || h <= 0 {
			w, h = 300, 150
		}
		return ast.ImageSize{Width: int(math.Round(w)), Height: int(math.Round(h))}, nil
	}
}

// cssPixels reads an SVG length in CSS pixels: a bare number or px, or an
// absolute unit; 0 for a share ("100%") or what it cannot read.
func cssPixels(s string) float64 {
	units := []struct {
		suffix string
		px     float64
	}{{"px", 1}, {"mm", 96 / 25.4}, {"cm", 96 / 2.54}, {"in", 96}, {"pt", 96.0 / 72}, {"pc", 16}}
	s = strings.TrimSpace(s)
	scale := 1.0
	for _, u := range units {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			s, scale = n, u.px
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 {
		return 0
	}
	return v * scale
}
