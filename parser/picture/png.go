package picture

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
)

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// readPNG decodes a PNG whole, once its header says it is within the
// budget, and writes the PNG the PDF embeds from its pixels.
func readPNG(data []byte, maxPixels int64) (*Picture, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, invalid("is not a valid PNG file: " + err.Error())
	}
	if err := checkPixels(PNG, cfg.Width, cfg.Height, maxPixels); err != nil {
		return nil, err
	}
	m, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, invalid("is not a valid PNG file: " + err.Error())
	}
	return &Picture{Format: PNG, Width: cfg.Width, Height: cfg.Height, Data: data, Print: printPNG(m)}, nil
}

// printPNG writes m as the PNG the PDF embeds. fpdf copies a PNG's
// compressed rows into the PDF as they are, decoded there by the PNG
// predictors, and reads only some PNGs right: not 16-bit samples, not
// interlacing, and not a picture with an alpha channel whose rows are
// filtered against the pixel before (Sub, Average, Paeth), since it splits
// the colour from the alpha without undoing the filters. So the PNG
// written here has 8-bit samples, no interlacing, every row filtered Up
// (against the row above, which survives the split) and no chunk but
// IHDR, PLTE, IDAT and IEND: grey, a palette, RGB, or RGBA when the
// picture is not opaque.
func printPNG(m image.Image) []byte {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	colorType, channels := byte(6), 4 // RGBA
	var palette color.Palette
	opaque := isOpaque(m)
	switch p := m.(type) {
	case *image.Gray, *image.Gray16:
		colorType, channels = 0, 1
	case *image.Paletted:
		if opaque {
			colorType, channels, palette = 3, 1, p.Palette
		}
	}
	if colorType == 6 && opaque {
		colorType, channels = 2, 3
	}

	var out bytes.Buffer
	out.WriteString(pngSignature)
	header := make([]byte, 13)
	binary.BigEndian.PutUint32(header[0:], uint32(w))
	binary.BigEndian.PutUint32(header[4:], uint32(h))
	header[8], header[9] = 8, colorType // compression, filter and interlace methods 0
	writeChunk(&out, "IHDR", header)
	if palette != nil {
		entries := make([]byte, 0, 3*len(palette))
		for _, c := range palette {
			rgba := color.RGBAModel.Convert(c).(color.RGBA)
			entries = append(entries, rgba.R, rgba.G, rgba.B)
		}
		writeChunk(&out, "PLTE", entries)
	}

	var pixels bytes.Buffer
	z, _ := zlib.NewWriterLevel(&pixels, zlib.DefaultCompression) // the level is valid
	row, above := make([]byte, w*channels), make([]byte, w*channels)
	filtered := make([]byte, 1+w*channels)
	filtered[0] = 2 // Up
	for y := b.Min.Y; y < b.Max.Y; y++ {
		readRow(row, m, y, channels)
		for i := range row {
			filtered[1+i] = row[i] - above[i]
		}
		z.Write(filtered) // into memory: cannot fail
		row, above = above, row
	}
	z.Close()
	writeChunk(&out, "IDAT", pixels.Bytes())
	writeChunk(&out, "IEND", nil)
	return out.Bytes()
}

// isOpaque reports whether every pixel of m is opaque.
func isOpaque(m image.Image) bool {
	if o, ok := m.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

// readRow fills row with the samples of m's row y, 8 bits each: grey or a
// palette index for one channel, RGB for three, RGBA (not premultiplied)
// for four.
func readRow(row []byte, m image.Image, y, channels int) {
	b := m.Bounds()
	switch p := m.(type) {
	case *image.Gray:
		copy(row, p.Pix[p.PixOffset(b.Min.X, y):])
		return
	case *image.Paletted:
		if channels == 1 {
			copy(row, p.Pix[p.PixOffset(b.Min.X, y):])
			return
		}
	case *image.Gray16:
		pix := p.Pix[p.PixOffset(b.Min.X, y):]
		for x := range row {
			row[x] = pix[2*x] // the high byte
		}
		return
	case *image.RGBA: // premultiplied: the same as NRGBA only when opaque
		if channels == 3 {
			pix := p.Pix[p.PixOffset(b.Min.X, y):]
			for x := range len(row) / 3 {
				copy(row[3*x:3*x+3], pix[4*x:])
			}
			return
		}
	case *image.RGBA64:
		if channels == 3 {
			pix := p.Pix[p.PixOffset(b.Min.X, y):]
			for x := range len(row) / 3 {
				row[3*x], row[3*x+1], row[3*x+2] = pix[8*x], pix[8*x+2], pix[8*x+4]
			}
			return
		}
	case *image.NRGBA:
		pix := p.Pix[p.PixOffset(b.Min.X, y):]
		for x := range len(row) / channels {
			copy(row[x*channels:(x+1)*channels], pix[4*x:])
		}
		return
	case *image.NRGBA64:
		pix := p.Pix[p.PixOffset(b.Min.X, y):]
		for x := range len(row) / channels {
			for c := range channels {
				row[x*channels+c] = pix[8*x+2*c]
			}
		}
		return
	}
	for x := range len(row) / channels {
		c := color.NRGBAModel.Convert(m.At(b.Min.X+x, y)).(color.NRGBA)
		samples := [4]byte{c.R, c.G, c.B, c.A}
		copy(row[x*channels:(x+1)*channels], samples[:])
	}
}

// writeChunk writes a PNG chunk: its length, type, data and checksum.
func writeChunk(out *bytes.Buffer, kind string, data []byte) {
	var word [4]byte
	binary.BigEndian.PutUint32(word[:], uint32(len(data)))
	out.Write(word[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	out.WriteString(kind)
	out.Write(data)
	binary.BigEndian.PutUint32(word[:], crc.Sum32())
	out.Write(word[:])
}
