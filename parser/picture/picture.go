// Package picture reads the pictures a book shows, PNG, JPEG and SVG, once
// and whole, before any writer sees them. A raster picture is decoded to
// its last pixel, so that a file whose header reads but whose body does
// not is an error at the picture rather than a writer's failure, and only
// within a budget of pixels, read from the header before anything is
// decoded; the PDF gets a PNG galley wrote itself from the pixels, in a
// form its embedder reads right. An SVG is parsed as XML and written again
// without what a picture has no business carrying: scripts, event
// attributes, references to other files or sites, entities.
//
// The package imports nothing of galley's: the readers call it, and the
// tree carries what it returns to the writers.
package picture

import (
	"bytes"
	"math"
	"path"
	"strconv"
	"strings"
)

// The formats a book's pictures may have.
const (
	PNG  = "png"
	JPEG = "jpeg"
	SVG  = "svg"
)

// DefaultMaxPixels is the most pixels a raster picture may have unless the
// book allows more: 40 megapixels, a 300 dpi print across an A3 page, and a
// decoded size (160 MB in 8-bit RGBA) that a build can hold.
const DefaultMaxPixels = 40_000_000

// Picture is a picture read and checked.
type Picture struct {
	// Format is PNG, JPEG or SVG.
	Format string
	// Width and Height are the picture's size in pixels; an SVG's in its
	// CSS pixels (see svgSize).
	Width, Height int
	// Data is the file as the site and the EPUB publish it: a PNG's or a
	// JPEG's bytes as read, which decoding proved whole; an SVG as
	// cleaned.
	Data []byte
	// Print is the picture as the PDF embeds it: a JPEG as read, a PNG
	// written again from its pixels (see printPNG); nil for an SVG, which
	// the PDF does not draw.
	Print []byte
	// Removed says what cleaning an SVG took out of it, one phrase each
	// ("a <script> element", `a reference to "http://…"`), in the order
	// met; a writer publishes the rest.
	Removed []string
}

// Error is what makes a file no picture galley can show. Its message
// follows the file's quoted name: `"map.png" is not a valid PNG file: …`.
type Error struct {
	// Code is the diagnostic's: image/invalid for a file that is not a
	// picture, or is broken; image/pixels for one over the budget;
	// image/svg for an SVG that declares entities.
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Message }

func invalid(msg string) *Error { return &Error{Code: "image/invalid", Message: msg} }

// Read reads the picture file name holds data: an SVG by its extension,
// else a PNG or a JPEG by its signature. A raster picture of more than
// maxPixels pixels is an *Error before any of it is decoded. Every error
// Read returns is an *Error.
func Read(name string, data []byte, maxPixels int64) (*Picture, error) {
	if strings.EqualFold(path.Ext(name), ".svg") {
		return readSVG(data)
	}
	switch {
	case bytes.HasPrefix(data, []byte(pngSignature)):
		return readPNG(data, maxPixels)
	case bytes.HasPrefix(data, []byte{0xff, 0xd8}):
		return readJPEG(data, maxPixels)
	}
	return nil, invalid("is not a PNG, JPEG or SVG file")
}

// checkPixels refuses a picture of no pixels, or of more than maxPixels.
func checkPixels(format string, width, height int, maxPixels int64) error {
	pixels := int64(width) * int64(height)
	switch {
	case width <= 0 || height <= 0:
		return invalid("is a picture of no pixels")
	case pixels > maxPixels:
		return &Error{Code: "image/pixels", Message: "is " + strconv.Itoa(width) + "×" + strconv.Itoa(height) + " pixels, " +
			megapixels(pixels) + ", more than the " + megapixels(maxPixels) + " galley decodes a " + strings.ToUpper(format) +
			" to: make it smaller, or raise picture_megapixels in galley.toml"}
	}
	return nil
}

// megapixels writes a count of pixels as megapixels to three figures,
// "400 megapixels", "1.56 megapixels".
func megapixels(pixels int64) string {
	mp := float64(pixels) / 1e6
	if mp >= 100 {
		return strconv.FormatFloat(math.Round(mp), 'f', -1, 64) + " megapixels"
	}
	return strconv.FormatFloat(mp, 'g', 3, 64) + " megapixels"
}
