package parser

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// writePictures writes a w by h PNG and JPEG into dir/art, and a PNG cut
// short in its header.
func writePictures(t *testing.T, dir string, w, h int) {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	var p, j bytes.Buffer
	if err := png.Encode(&p, m); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&j, m, nil); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"pic.png": p.Bytes(), "pic.jpg": j.Bytes(), "cut.png": p.Bytes()[:20]}
	if err := os.MkdirAll(filepath.Join(dir, "art"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, "art", name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestImages reads pictures through a manuscript directory: their width
// as written, their format and size from their headers, their captions
// numbered with the figures' art, and the diagnostics of a picture galley
// cannot read, each at its path.
func TestImages(t *testing.T) {
	dir := t.TempDir()
	writePictures(t, dir, 30, 20)
	book := `Pictures
========

\image{art/pic.png}{A plain picture}

Figure: First

┌──┐
└──┘
────

Figure: Art between the pictures

  \image[40%]{ art/pic.jpg }{ A JPEG }

Figure: Third

\image[25.5mm]{art/cut.png}{Cut}

\image{art/pic.png}
`
	if err := os.WriteFile(filepath.Join(dir, "book.txt"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	doc, diags, err := ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	var images []*ast.Image
	ast.WalkBlocks(doc.Blocks, func(b ast.Block) {
		if img, ok := b.(*ast.Image); ok {
			images = append(images, img)
		}
	})
	if len(images) != 4 {
		t.Fatalf("%d pictures, want 4", len(images))
	}
	want := []struct {
		path, alt, width, format string
		caption                  int
		pathCol                  int
	}{
		{"art/pic.png", "A plain picture", "", "png", 1, 8},
		{"art/pic.jpg", "A JPEG", "40%", "jpeg", 3, 16},
		{"art/cut.png", "Cut", "25.5mm", "", 0, 16},
		{"art/pic.png", "", "", "png", 0, 8},
	}
	for i, w := range want {
		img := images[i]
		number := 0
		if img.Caption != nil {
			number = img.Caption.Number
		}
		if img.Path != w.path || img.Alt != w.alt || img.Width.String() != w.width || img.Format != w.format || number != w.caption || img.PathPos.Col != w.pathCol {
			t.Errorf("picture %d: %q %q %q %q Figure %d, path at column %d; want %+v", i, img.Path, img.Alt, img.Width, img.Format, number, img.PathPos.Col, w)
		}
		if w.format != "" && (img.Pixels != ast.ImageSize{Width: 30, Height: 20} || len(img.Data) == 0) {
			t.Errorf("picture %d: %v, %d bytes; want 30×20 and its data", i, img.Pixels, len(img.Data))
		}
	}
	var got []string
	for _, d := range diags {
		got = append(got, d.Pos.String()+" "+d.Code)
	}
	wantDiags := []string{
		filepath.Join(dir, "book.txt") + ":18:16 image/invalid",
		filepath.Join(dir, "book.txt") + ":20:1 image/alt",
	}
	if !slices.Equal(got, wantDiags) {
		t.Errorf("diagnostics:\ngot  %v\nwant %v", got, wantDiags)
	}
}

// TestImageWidth reads the widths the markup may write, and refuses the
// rest.
func TestImageWidth(t *testing.T) {
	for in, want := range map[string]ast.ImageWidth{
		"50%": {Percent: 50}, "100 %": {Percent: 100}, "60mm": {MM: 60}, "12.5mm": {MM: 12.5},
	} {
		if got, ok := prose.ParseImageWidth(in); !ok || got != want {
			t.Errorf("ParseImageWidth(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "50", "120%", "0mm", "-3mm", "wide", "3cm"} {
		if got, ok := prose.ParseImageWidth(in); ok {
			t.Errorf("ParseImageWidth(%q) = %v, want it refused", in, got)
		}
	}
}

// TestSVGSize reads an SVG's size from its root element.
func TestSVGSize(t *testing.T) {
	for svg, want := range map[string]ast.ImageSize{
		`<svg width="120" height="60"/>`:                         {Width: 120, Height: 60},
		`<?xml version="1.0"?><svg width="1in" height="0.5in"/>`: {Width: 96, Height: 48},
		`<svg viewBox="0 0 40 20"/>`:                             {Width: 40, Height: 20},
		`<svg width="80" viewBox="0,0,40,20"/>`:                  {Width: 80, Height: 40},
		`<svg width="100%"/>`:                                    {Width: 300, Height: 150},
	} {
		if got, err := svgSize([]byte(svg)); err != nil || got != want {
			t.Errorf("svgSize(%s) = %v, %v; want %v", svg, got, err, want)
		}
	}
	if _, err := svgSize([]byte(`<html/>`)); err == nil {
		t.Error("an HTML file read as an SVG")
	}
}
