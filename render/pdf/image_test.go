package pdf

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
)

// picturesBook is the sample book with a PNG, a JPEG and an SVG in its
// text, and a PNG on its cover.
var picturesBook = filepath.Join("..", "..", "testdata", "books", "pictures")

// placed is a picture as a page's content stream places it: its size in
// millimetres, read from the "cm" before its "Do".
type placed struct{ w, h float64 }

// placedImages reads back, page by page, every picture the PDF draws.
func placedImages(t *testing.T, data []byte) []placed {
	t.Helper()
	streams := regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)
	draw := regexp.MustCompile(`([\d.]+) 0 0 ([\d.]+) [\d.-]+ [\d.-]+ cm /I\w+ Do`)
	var out []placed
	for _, m := range streams.FindAllSubmatch(data, -1) {
		content, err := inflate(m[1])
		if err != nil {
			continue // a picture's own data, not a page
		}
		for _, d := range draw.FindAllSubmatch(content, -1) {
			w, _ := strconv.ParseFloat(string(d[1]), 64)
			h, _ := strconv.ParseFloat(string(d[2]), 64)
			out = append(out, placed{w / ptOf(1), h / ptOf(1)})
		}
	}
	return out
}

// TestPicturesPlacedAtTheirSize writes the pictures book and reads back the
// size each picture is drawn at: the cover's within the room the cover
// gives its art, the map at its own size (a CSS pixel a pixel), the
// soldier at 40% of a column, the wide map at the 150 mm asked for, across
// the columns, and no SVG, which the PDF prints as its alt text. Every
// picture keeps its proportions.
func TestPicturesPlacedAtTheirSize(t *testing.T) {
	doc, diags, err := parser.ParseBook(picturesBook)
	if errs, _ := diags.Count(); err != nil || errs > 0 {
		t.Fatalf("parse: %v %v", err, diags)
	}
	data := writeBook(t, doc, "a4")
	got := placedImages(t, data)
	book, err := newBook(doc, "a4", pressOf(doc))
	if err != nil {
		t.Fatal(err)
	}
	column := newLayouter(context.Background(), book, doc, testbook.SheetsOf(doc)).column().width
	// The book's pictures, by their files' pixels: the cover 300×200, the
	// map 240×160 (at 96 to the inch, 63.5 mm wide), the soldier 160×200.
	want := []placed{
		{210.0 * 2 / 3, 210.0 * 2 / 3 * 2 / 3}, // two thirds of the cover's width
		{63.5, 63.5 * 2 / 3},
		{column * 0.4, column * 0.4 * 5 / 4},
		{150, 100},
	}
	if len(got) != len(want) {
		t.Fatalf("the PDF places %d pictures, want %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		if p := got[i]; math.Abs(p.w-w.w) > 0.01 || math.Abs(p.h-w.h) > 0.01 {
			t.Errorf("picture %d placed %.2f×%.2f mm, want %.2f×%.2f", i, p.w, p.h, w.w, w.h)
		}
	}
	if !slices.ContainsFunc(got, func(p placed) bool { return p.w > column }) {
		t.Errorf("no picture is set across the columns (wider than a column's %.1f mm): %v", column, got)
	}
}

// quadrants is a 40×40 picture of four colours, one to a quarter, the last
// half transparent; c converts each into the picture's colour model.
func quadrants(m draw.Image, c func(color.NRGBA) color.Color) image.Image {
	colors := [4]color.NRGBA{{200, 30, 0, 255}, {10, 180, 60, 255}, {20, 40, 220, 255}, {90, 60, 30, 128}}
	for y := range 40 {
		for x := range 40 {
			m.Set(x, y, c(colors[y/20*2+x/20]))
		}
	}
	return m
}

// TestPicturesDrawnAsDecoded embeds PNGs of every kind fpdf once misread, a
// 16-bit RGBA one, an 8-bit one with an alpha channel whose rows image/png
// filters against the pixel before, 16-bit grey, an interlaced one, and
// reads back with poppler's pdfimages the picture the PDF holds: each pixel
// must be the file's, to 8 bits.
func TestPicturesDrawnAsDecoded(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdfimages"); err != nil {
		t.Skip("pdfimages (poppler-utils) is not installed")
	}
	r := image.Rect(0, 0, 40, 40)
	same := func(c color.NRGBA) color.Color { return c }
	gray := func(c color.NRGBA) color.Color { return color.Gray16Model.Convert(color.NRGBA{c.R, c.G, c.B, 255}) }
	for _, c := range []struct {
		name string
		m    image.Image
		png  func([]byte) []byte
	}{
		{"rgba16", quadrants(image.NewNRGBA64(r), same), nil},
		{"rgba8", quadrants(image.NewNRGBA(r), same), nil},
		{"gray16", quadrants(image.NewGray16(r), gray), nil},
		{"rgb-interlaced", quadrants(image.NewRGBA(r), func(c color.NRGBA) color.Color { return color.NRGBA{c.R, c.G, c.B, 255} }), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var b bytes.Buffer
			if err := png.Encode(&b, c.m); err != nil {
				t.Fatal(err)
			}
			data := b.Bytes()
			if strings.HasSuffix(c.name, "interlaced") {
				data = interlacedPNG(t, c.m)
			}
			writeFiles(t, dir, map[string]string{
				"book.txt": "Quadrants\n=========\n\n\\image{q.png}{Four colours}\n",
				"q.png":    string(data),
			})
			doc, diags, err := parser.ParseBook(dir)
			if errs, _ := diags.Count(); err != nil || errs > 0 {
				t.Fatalf("parse: %v %v", err, diags)
			}
			pdfFile := filepath.Join(dir, "book.pdf")
			if err := os.WriteFile(pdfFile, writeBook(t, doc, "a4"), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command("pdfimages", "-png", pdfFile, filepath.Join(dir, "img")).CombinedOutput(); err != nil {
				t.Fatalf("pdfimages: %v\n%s", err, out)
			}
			colour := decodeFile(t, filepath.Join(dir, "img-000.png"))
			var alpha image.Image
			if _, err := os.Stat(filepath.Join(dir, "img-001.png")); err == nil {
				alpha = decodeFile(t, filepath.Join(dir, "img-001.png"))
			}
			for _, at := range []image.Point{{10, 10}, {30, 10}, {10, 30}, {30, 30}, {39, 39}, {21, 5}} {
				want := color.NRGBAModel.Convert(c.m.At(at.X, at.Y)).(color.NRGBA)
				r, g, b, _ := colour.At(at.X, at.Y).RGBA()
				got := color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
				if alpha != nil {
					a, _, _, _ := alpha.At(at.X, at.Y).RGBA()
					got.A = uint8(a >> 8)
				}
				if got != want {
					t.Errorf("pixel %v is %v in the PDF, %v in the file", at, got, want)
				}
			}
		})
	}
}

// interlacedPNG writes m as an 8-bit RGB PNG interlaced with Adam7, which
// image/png never writes.
func interlacedPNG(t *testing.T, m image.Image) []byte {
	t.Helper()
	b := m.Bounds()
	var rows []byte
	passes := []struct{ x0, y0, dx, dy int }{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}
	for _, p := range passes {
		for y := p.y0; y < b.Dy(); y += p.dy {
			if p.x0 >= b.Dx() {
				continue
			}
			rows = append(rows, 0)
			for x := p.x0; x < b.Dx(); x += p.dx {
				c := color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA)
				rows = append(rows, c.R, c.G, c.B)
			}
		}
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(rows)
	zw.Close()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		binary.Write(&out, binary.BigEndian, uint32(len(data)))
		out.WriteString(kind)
		out.Write(data)
		binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(kind), data...)))
	}
	header := make([]byte, 13)
	binary.BigEndian.PutUint32(header, uint32(b.Dx()))
	binary.BigEndian.PutUint32(header[4:], uint32(b.Dy()))
	header[8], header[9], header[12] = 8, 2, 1
	chunk("IHDR", header)
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

func decodeFile(t *testing.T, name string) image.Image {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// writeFiles writes files, by name, into dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
