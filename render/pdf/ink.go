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
// pixel composed over ground, the colour the picture is drawn on (the
// paper's white, or a cover's ground: PDF/X-1a has no transparency), and
// converted as the vector colours are (see cmykOf), no pixel laying more
// ink than limit percent. over is how many pixels asked for more, and
// most the most ink one asked for. A picture that does not decode
// returns nil pixels, and is placed as it is.
func cmykPicture(data []byte, limit float64, ground rgb) (w, h int, px []byte, over int, most float64) {
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
			a := int(c.A)
			ink := rgb{composed(c.R, a, ground.r), composed(c.G, a, ground.g), composed(c.B, a, ground.b)}
			if total := inkOf(ink); total > limit && limit > 0 {
				over++
				most = max(most, total)
			}
			px = append(px, cmykBytes(ink, limit)...)
		}
	}
	return w, h, px, over, most
}

// composed returns a component v of alpha a (0 to 255) over the same
// component of the ground.
func composed(v uint8, a, ground int) int {
	return (int(v)*a + ground*(255-a) + 127) / 255
}

// cmykBytes returns the four bytes of c's inks (see cmykOf), each
// rounded to the nearest, and then as many steps taken from the largest
// of cyan, magenta and yellow as rounding put the four over limit.
func cmykBytes(c rgb, limit float64) []byte {
	cy, m, y, k := cmykOf(c, limit)
	inks := [4]int{int(cy*255 + 0.5), int(m*255 + 0.5), int(y*255 + 0.5), int(k*255 + 0.5)}
	if limit > 0 {
		for inks[0]+inks[1]+inks[2]+inks[3] > int(limit*255/100) {
			largest := 0
			for i := 1; i < 3; i++ {
				if inks[i] > inks[largest] {
					largest = i
				}
			}
			if inks[largest] == 0 {
				break // black alone, which no limit galley knows is under
			}
			inks[largest]--
		}
	}
	return []byte{byte(inks[0]), byte(inks[1]), byte(inks[2]), byte(inks[3])}
}
