package picture

import (
	"bytes"
	"errors"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// fuzzMaxPixels bounds what one input may decode to, so that the fuzzer
// spends its time on the picture's structure rather than on its pixels.
const fuzzMaxPixels = 1 << 16

// FuzzPicture reads arbitrary bytes as a PNG, a JPEG or an SVG. Whatever
// they are, Read must not panic, and must either refuse them with an
// *Error or return a picture every writer can use: a size within bounds,
// data for the site and the EPUB, and for the PDF a file fpdf embeds
// without an error (a PNG as printPNG writes it); an SVG as cleaned, which
// reads again as itself with nothing left to remove.
func FuzzPicture(f *testing.F) {
	for _, kind := range []string{"gray", "gray16", "rgb", "rgba", "rgba16", "paletted", "paletted-alpha"} {
		f.Add(pngOf(f, gradient(kind, 5, 3)), false)
	}
	// Interlaced, 2×2 grey: Adam7's passes 1, 6 and 7.
	f.Add(rawPNG(2, 2, 8, 0, 1, []byte{0, 1, 0, 2, 0, 3, 4}), false)
	f.Add(rawPNG(300, 300, 8, 6, 0, nil), false)
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, gradient("rgb", 9, 9), nil); err != nil {
		f.Fatal(err)
	}
	f.Add(jpg.Bytes(), false)
	for _, svg := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"><circle r="4" fill="url(#g)"/></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 4 2"><style>a{}</style><a xlink:href="#x"><use href="#y"/></a><script>x</script></svg>`,
		`<!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg" onload="x" style="fill:url(a)"><set attributeName="href"/><text>&amp;&#10;</text></svg>`,
	} {
		f.Add([]byte(svg), true)
	}
	// The repository's own pictures, if any.
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "books", "*", "art", "*"))
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data, filepath.Ext(file) == ".svg")
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, svg bool) {
		name := "pic.png"
		if svg {
			name = "pic.svg"
		}
		p, err := Read(name, data, fuzzMaxPixels)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) || perr.Code == "" || perr.Message == "" {
				t.Fatalf("error %v is not a picture's *Error", err)
			}
			return
		}
		if p.Width < 1 || p.Height < 1 || p.Width > maxSVGSide || p.Height > maxSVGSide || len(p.Data) == 0 {
			t.Fatalf("%s of %d×%d, %d bytes", p.Format, p.Width, p.Height, len(p.Data))
		}
		if p.Format == SVG {
			again, err := Read(name, p.Data, fuzzMaxPixels)
			if err != nil || !bytes.Equal(again.Data, p.Data) || len(again.Removed) > 0 || again.Width != p.Width || again.Height != p.Height {
				t.Fatalf("the cleaned SVG reads as another: %v, %q removed\n%s\n%s", err, again.Removed, p.Data, again.Data)
			}
			return
		}
		if int64(p.Width)*int64(p.Height) > fuzzMaxPixels {
			t.Fatalf("%d×%d pixels decoded, over the budget", p.Width, p.Height)
		}
		if p.Format == PNG {
			checkPrintPNG(t, p.Print)
			if _, err := png.Decode(bytes.NewReader(p.Print)); err != nil {
				t.Fatalf("the print PNG does not decode: %v", err)
			}
		}
		doc := fpdf.New("P", "mm", "A4", "")
		doc.AddPage()
		opts := fpdf.ImageOptions{ImageType: p.Format}
		doc.RegisterImageOptionsReader("pic", opts, bytes.NewReader(p.Print))
		doc.ImageOptions("pic", 10, 10, 50, 0, false, opts, 0, "")
		if err := doc.Output(io.Discard); err != nil {
			t.Fatalf("fpdf cannot embed the %s: %v", p.Format, err)
		}
	})
}
