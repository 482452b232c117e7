package picture

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

// pngOf encodes m as image/png writes it.
func pngOf(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// rawPNG writes a PNG of the given header and pixel rows (each with its
// filter byte) as they are, with no check that they agree.
func rawPNG(width, height uint32, depth, colorType, interlace byte, rows []byte) []byte {
	var out bytes.Buffer
	out.WriteString(pngSignature)
	header := make([]byte, 13)
	binary.BigEndian.PutUint32(header, width)
	binary.BigEndian.PutUint32(header[4:], height)
	header[8], header[9], header[12] = depth, colorType, interlace
	writeChunk(&out, "IHDR", header)
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(rows)
	w.Close()
	writeChunk(&out, "IDAT", z.Bytes())
	writeChunk(&out, "IEND", nil)
	return out.Bytes()
}

// gradient is a picture of every kind image/png decodes, each pixel
// different from its neighbours, so that a row filtered wrong shows.
func gradient(kind string, w, h int) image.Image {
	r := image.Rect(0, 0, w, h)
	var m interface {
		image.Image
		Set(x, y int, c color.Color)
	}
	switch kind {
	case "gray":
		m = image.NewGray(r)
	case "gray16":
		m = image.NewGray16(r)
	case "rgb":
		m = image.NewRGBA(r)
	case "rgb16":
		m = image.NewRGBA64(r)
	case "rgba":
		m = image.NewNRGBA(r)
	case "rgba16":
		m = image.NewNRGBA64(r)
	case "paletted":
		m = image.NewPaletted(r, color.Palette{color.RGBA{200, 0, 0, 255}, color.RGBA{0, 90, 0, 255}, color.RGBA{0, 0, 250, 255}})
	case "paletted-alpha":
		m = image.NewPaletted(r, color.Palette{color.NRGBA{200, 0, 0, 255}, color.NRGBA{0, 90, 0, 128}, color.NRGBA{0, 0, 0, 0}})
	}
	for y := range h {
		for x := range w {
			alpha := uint16(0xffff)
			if strings.HasPrefix(kind, "rgba") {
				alpha = uint16(0x3000 + 0x1111*((x+y)%12))
			}
			m.Set(x, y, color.NRGBA64{uint16(x * 5000), uint16(y * 7000), uint16((x * y * 977) % 65536), alpha})
		}
	}
	return m
}

// TestPrintPNG writes every kind of PNG image/png reads as the PNG the PDF
// embeds: 8-bit, not interlaced, filtered Up, and the same picture, to the
// precision of 8 bits.
func TestPrintPNG(t *testing.T) {
	for _, kind := range []string{"gray", "gray16", "rgb", "rgb16", "rgba", "rgba16", "paletted", "paletted-alpha"} {
		t.Run(kind, func(t *testing.T) {
			m := gradient(kind, 7, 5)
			p, err := Read("pic.png", pngOf(t, m), DefaultMaxPixels)
			if err != nil {
				t.Fatal(err)
			}
			if p.Width != 7 || p.Height != 5 || p.Format != PNG {
				t.Fatalf("%s %d×%d, want png 7×5", p.Format, p.Width, p.Height)
			}
			checkPrintPNG(t, p.Print)
			printed, err := png.Decode(bytes.NewReader(p.Print))
			if err != nil {
				t.Fatal(err)
			}
			for y := range 5 {
				for x := range 7 {
					want := color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA)
					got := color.NRGBAModel.Convert(printed.At(x, y)).(color.NRGBA)
					if want.A == 0 {
						want, got = color.NRGBA{}, color.NRGBA{A: got.A}
					}
					if got != want {
						t.Fatalf("pixel (%d, %d) printed %v, want %v", x, y, got, want)
					}
				}
			}
		})
	}
}

// checkPrintPNG fails t unless data is a PNG as printPNG writes them.
func checkPrintPNG(t testing.TB, data []byte) {
	t.Helper()
	if !bytes.HasPrefix(data, []byte(pngSignature)) || len(data) < 33 {
		t.Fatalf("print PNG: no PNG header")
	}
	depth, colorType, interlace := data[24], data[25], data[28]
	if depth != 8 || interlace != 0 || colorType == 4 || colorType > 6 {
		t.Fatalf("print PNG: depth %d, colour type %d, interlace %d", depth, colorType, interlace)
	}
	var chunks []string
	for rest := data[8:]; len(rest) >= 12; {
		n := binary.BigEndian.Uint32(rest)
		chunks = append(chunks, string(rest[4:8]))
		rest = rest[12+n:]
	}
	if got := strings.Join(chunks, " "); got != "IHDR IDAT IEND" && got != "IHDR PLTE IDAT IEND" {
		t.Fatalf("print PNG chunks %s", got)
	}
}

// TestReadBroken refuses, each with what is wrong, the files a writer
// could not use: a PNG cut short or whose pixels are not zlib, a header
// image.DecodeConfig reads over a body that is not there, a picture of no
// pixels, a JPEG cut short, and a file of another kind.
func TestReadBroken(t *testing.T) {
	good := pngOf(t, gradient("rgb", 4, 4))
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, gradient("rgb", 16, 16), nil); err != nil {
		t.Fatal(err)
	}
	garbage := rawPNG(4, 4, 8, 2, 0, nil)
	garbage = bytes.Replace(garbage, []byte("IDAT"), []byte("IDAT\x00\x01\x02\x03"), 1)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut.png", good[:len(good)-20], "is not a valid PNG file"},
		{"header.png", good[:33], "is not a valid PNG file"},
		{"garbage.png", garbage, "is not a valid PNG file"},
		{"short.png", rawPNG(4, 4, 8, 2, 0, make([]byte, 13)), "is not a valid PNG file"},
		{"empty.png", rawPNG(0, 4, 8, 2, 0, nil), "is not a valid PNG file"},
		{"cut.jpg", jpg.Bytes()[:jpg.Len()/2], "is not a valid JPEG file"},
		{"text.png", []byte("hello"), "is not a PNG, JPEG or SVG file"},
		{"gif.png", []byte("GIF89a\x01\x00\x01\x00"), "is not a PNG, JPEG or SVG file"},
	} {
		_, err := Read(c.name, c.data, DefaultMaxPixels)
		var perr *Error
		if !errors.As(err, &perr) || perr.Code != "image/invalid" || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want image/invalid %q", c.name, err, c.want)
		}
	}
}

// TestPixelBudget refuses a picture over the budget from its header, before
// decoding any of it: 20000×20000 pixels of zeros, 1.5 MB compressed and
// 1.6 GB decoded, is refused at once whether its pixels are there or not.
func TestPixelBudget(t *testing.T) {
	huge := rawPNG(20000, 20000, 8, 6, 0, nil)
	_, err := Read("zeros.png", huge, DefaultMaxPixels)
	var perr *Error
	if !errors.As(err, &perr) || perr.Code != "image/pixels" || !strings.Contains(err.Error(), "400 megapixels, more than the 40 megapixels") {
		t.Fatalf("got %v, want image/pixels", err)
	}
	small := pngOf(t, gradient("rgba", 10, 10))
	if _, err := Read("small.png", small, 99); err == nil || !strings.Contains(err.Error(), "is 10×10 pixels, 0.0001 megapixels, more than the 9.9e-05 megapixels") {
		t.Errorf("a 100-pixel picture under a budget of 99: %v", err)
	}
	if _, err := Read("small.png", small, 100); err != nil {
		t.Errorf("a 100-pixel picture under a budget of 100: %v", err)
	}
}

// TestReadJPEG keeps a JPEG as it is, for every part.
func TestReadJPEG(t *testing.T) {
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, gradient("rgb", 16, 8), nil); err != nil {
		t.Fatal(err)
	}
	p, err := Read("pic.jpg", jpg.Bytes(), DefaultMaxPixels)
	if err != nil {
		t.Fatal(err)
	}
	if p.Format != JPEG || p.Width != 16 || p.Height != 8 || !bytes.Equal(p.Data, jpg.Bytes()) || !bytes.Equal(p.Print, jpg.Bytes()) {
		t.Errorf("got %s %d×%d, want the JPEG as it is", p.Format, p.Width, p.Height)
	}
}
