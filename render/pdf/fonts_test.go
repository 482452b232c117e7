package pdf

import (
	"crypto/sha256"
	"io"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// TestFontBytesShared holds fpdf to only reading the font bytes it is
// given, which every document shares (see addFamily): a document that
// draws some 9,000 characters in every face, far more glyphs than any
// book's subset has, leaves each face's bytes as they were. fpdf once
// wrote a glyph's side bearing into them, which the next document read.
func TestFontBytesShared(t *testing.T) {
	before := make([][sha256.Size]byte, len(embeddedFonts))
	for i, font := range embeddedFonts {
		before[i] = sha256.Sum256(font.ttf)
	}
	var text strings.Builder
	for r := rune(0x20); r < 0x2600; r++ {
		if r < 0x7f || r > 0x9f {
			text.WriteRune(r)
		}
	}
	doc := fpdf.New("P", "mm", "A4", "")
	for _, font := range embeddedFonts {
		doc.AddUTF8FontFromBytes(font.family, font.style, font.ttf)
	}
	for _, font := range embeddedFonts {
		doc.AddPage()
		doc.SetFont(font.family, font.style, 8)
		doc.MultiCell(0, 4, text.String(), "", "L", false)
	}
	if err := doc.Output(io.Discard); err != nil {
		t.Fatal(err)
	}
	for i, font := range embeddedFonts {
		if sha256.Sum256(font.ttf) != before[i] {
			t.Errorf("writing a document changed the bytes of %s %q", font.family, font.style)
		}
	}
}
