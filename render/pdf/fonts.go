package pdf

import (
	"bytes"

	"codeberg.org/go-pdf/fpdf"
	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/go-fonts/dejavu/dejavusansmono"
	"github.com/go-fonts/dejavu/dejavusansmonobold"
	"github.com/go-fonts/dejavu/dejavusansoblique"
)

// Font families, as fpdf knows them once addFonts has run. DejaVu has every
// glyph the seed's art uses; labels are set in Sans, the values a sheet is
// filled with in Sans Mono, like the ASCII sheet's columns.
const (
	fontSans = "DejaVuSans"
	fontMono = "DejaVuSansMono"
)

// embeddedFonts are the DejaVu faces galley draws with, by family and style.
var embeddedFonts = []struct {
	family, style string
	ttf           []byte
}{
	{fontSans, "", dejavusans.TTF},
	{fontSans, "B", dejavusansbold.TTF},
	{fontSans, "I", dejavusansoblique.TTF},
	{fontMono, "", dejavusansmono.TTF},
	{fontMono, "B", dejavusansmonobold.TTF},
}

// addFonts embeds the DejaVu fonts galley draws with. fpdf writes into the
// slice it is given, so each gets a copy of the package's bytes.
func addFonts(pdf *fpdf.Fpdf) {
	for _, font := range embeddedFonts {
		pdf.AddUTF8FontFromBytes(font.family, font.style, bytes.Clone(font.ttf))
	}
}
