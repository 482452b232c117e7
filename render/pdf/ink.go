package pdf

import (
	"bytes"
	"image"
	"image/color"
	_ "image/jpeg" // the pictures' print forms
	_ "image/png"
)

// cmykPicture returns a picture's pixels, a PNG or JPEG's, in CMYK for a
// press that prints from it: four bytes a pixel, 255 for full ink, each
// pixel composed over white paper first (PDF/X-1a has no transparency)
// and converted as the vector colours are (see cmykOf), no pixel laying
// more ink than limit percent. over is how many pixels asked for more,
// and most the most ink one asked for. A picture that does not decode
// returns nil pixels, and is placed as it is.
func cmykPicture(data []byte, limit float64) (w, h int, px []byte, over int, most float64) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return 0, 0, nil, 0, 0
	}
	b := img.Bounds()
	w, h = b.Dx(), b.Dy()
	px = make([]byte, 0, 4*w*h)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			// Over white: what shows through a transparent pixel is the
			// paper.
			a := int(c.A)
			ink := rgb{onWhite(c.R, a), onWhite(c.G, a), onWhite(c.B, a)}
			if total := inkOf(ink); total > limit && limit > 0 {
				over++
				most = max(most, total)
			}
			// Rounded down, so that the limit holds of the bytes too.
			cy, m, ye, k := cmykOf(ink, limit)
			px = append(px, byte(cy*255), byte(m*255), byte(ye*255), byte(k*255))
		}
	}
	return w, h, px, over, most
}

// onWhite returns a component of alpha a (0 to 255) over white.
func onWhite(v uint8, a int) int {
	return (int(v)*a + 255*(255-a) + 127) / 255
}
