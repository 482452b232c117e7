package pdf

import (
	"codeberg.org/go-pdf/fpdf"
	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/go-fonts/dejavu/dejavusansmono"
	"github.com/go-fonts/dejavu/dejavusansmonobold"
	"github.com/go-fonts/dejavu/dejavusansoblique"
	"github.com/go-fonts/liberation/liberationserifbold"
	"github.com/go-fonts/liberation/liberationserifitalic"
	"github.com/go-fonts/liberation/liberationserifregular"
)

// Font families, as fpdf knows them once added: Sans and Sans Mono by New,
// which every PDF draws with, Serif by the book's setter when it first sets
// text in it, so that a sheet's PDF does not read three fonts it never
// uses. The book's text and headings are set in DejaVu Serif, a serif
// drawn on the frame of the Sans and the Sans Mono: the same heights and
// vertical metrics, so that the three sit on one line and the art, set in
// Sans Mono, joins up beside the prose. Tables, labels and the sheets are
// set in Sans, the values a sheet is filled with in Sans Mono, like the
// ASCII sheet's columns. Between them the faces have every glyph the
// seed's art uses.
const (
	fontSerif = "LiberationSerif"
	fontSans  = "DejaVuSans"
	fontMono  = "DejaVuSansMono"
)

// embeddedFonts are the DejaVu faces galley draws with, by family and style.
// fpdf embeds only the glyphs a document uses of each.
var embeddedFonts = []struct {
	family, style string
	ttf           []byte
}{
	{fontSerif, "", liberationserifregular.TTF},
	{fontSerif, "B", liberationserifbold.TTF},
	{fontSerif, "I", liberationserifitalic.TTF},
	{fontSans, "", dejavusans.TTF},
	{fontSans, "B", dejavusansbold.TTF},
	{fontSans, "I", dejavusansoblique.TTF},
	{fontMono, "", dejavusansmono.TTF},
	{fontMono, "B", dejavusansmonobold.TTF},
}

// addFamily embeds the faces of one family. fpdf only reads a font's
// bytes, subsetting it into slices of its own, so every document shares
// the package's (TestFontBytesShared): a copy for each was a tenth of a
// short book's build, most of it faulting in fresh memory.
func addFamily(pdf *fpdf.Fpdf, family string) {
	for _, font := range embeddedFonts {
		if font.family == family {
			pdf.AddUTF8FontFromBytes(font.family, font.style, font.ttf)
		}
	}
}
