package parser

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	for _, in := range []string{"", "50", "120%", "0mm", "-3mm", "wide", "3cm", "NaN%", "nanmm", "Infmm", "inf%", "1e300mm", "2000mm", "-0%"} {
		if got, ok := prose.ParseImageWidth(in); ok {
			t.Errorf("ParseImageWidth(%q) = %v, want it refused", in, got)
		}
	}
}

// TestImagesDecoded decodes every picture whole when the book is read, so
// that what no writer could use is an error at its path, in the markup and
// in Markdown alike: a PNG whose header reads but whose pixels are cut
// short, one over the book's budget of pixels, and an SVG that is not XML;
// an SVG with a script loses it, with a warning. picture_megapixels raises
// the budget, and must be a number of pixels a picture can have.
func TestImagesDecoded(t *testing.T) {
	dir := t.TempDir()
	writePictures(t, dir, 30, 20)
	good, err := os.ReadFile(filepath.Join(dir, "art", "pic.png"))
	if err != nil {
		t.Fatal(err)
	}
	var big bytes.Buffer
	if err := png.Encode(&big, image.NewGray(image.Rect(0, 0, 40, 40))); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"art/short.png":  string(good[:len(good)-16]),
		"art/short2.png": string(good[:len(good)-16]),
		"art/big.png":    big.String(),
		"art/bad.svg":    `<svg xmlns="http://www.w3.org/2000/svg"><g></svg>`,
		"art/script.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`,
		"book.txt":       "Pictures\n========\n\n\\image{art/short.png}{Short}\n\n\\image{art/big.png}{Big}\n\n\\image{art/script.svg}{Script}\n",
		"more.md":        "# More\n\n![Bad](art/bad.svg)\n\n![Short](art/short2.png)\n",
		"galley.toml":    "files = [\"book.txt\", \"more.md\"]\npicture_megapixels = 0.001\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc, diags, err := ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range diags {
		got = append(got, filepath.Base(d.Pos.File)+":"+strconv.Itoa(d.Pos.Line)+":"+strconv.Itoa(d.Pos.Col)+" "+d.Code)
	}
	want := []string{
		"book.txt:4:8 image/invalid", "book.txt:6:8 image/pixels", "book.txt:8:8 image/svg",
		"more.md:3:8 image/invalid", "more.md:5:10 image/invalid",
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n got %v\nwant %v\n%v", got, want, diags)
	}
	var svg *ast.Image
	ast.WalkBlocks(doc.Blocks, func(b ast.Block) {
		if img, ok := b.(*ast.Image); ok && img.Path == "art/script.svg" {
			svg = img
		}
	})
	if svg == nil || bytes.Contains(svg.Data, []byte("script")) || svg.Pixels != (ast.ImageSize{Width: 10, Height: 10}) {
		t.Errorf("the SVG with a script: %+v", svg)
	}

	for value, ok := range map[string]bool{"100": true, "0.5": true, "0": false, "-1": false, "inf": false, "nan": false, "1e9": false} {
		if err := os.WriteFile(filepath.Join(dir, "galley.toml"), []byte("picture_megapixels = "+value+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		doc, diags, err := ParseBook(dir)
		if err != nil {
			t.Fatal(err)
		}
		refused := slices.ContainsFunc(diags, func(d *ast.Diagnostic) bool { return d.Code == "config/picture_megapixels" })
		if refused == ok || !ok && doc.Config.PictureMegapixels != 40 {
			t.Errorf("picture_megapixels = %s: refused %v, budget %v", value, refused, doc.Config.PictureMegapixels)
		}
	}
}
