package pdf

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"sync"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// TestFontBytesShared holds fpdf to only reading the font bytes it is
// given, which every document shares (see addFamily), and to subsetting
// them alike when documents do it at once, as a book and its sheets are
// written: two documents that draw some 9,000 characters in every face,
// far more glyphs than any book's subset has, written side by side, come
// out the same and leave each face's bytes as they were. fpdf once wrote
// a glyph's side bearing into them, which the next document read.
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
	var outputs [2]bytes.Buffer
	var wg sync.WaitGroup
	for i := range outputs {
		wg.Go(func() {
			doc := fpdf.New("P", "mm", "A4", "")
			doc.SetCreationDate(undated)
			doc.SetModificationDate(undated)
			doc.SetCatalogSort(true)
			for _, font := range embeddedFonts {
				doc.AddUTF8FontFromBytes(font.family, font.style, font.ttf)
			}
			for _, font := range embeddedFonts {
				doc.AddPage()
				doc.SetFont(font.family, font.style, 8)
				doc.MultiCell(0, 4, text.String(), "", "L", false)
			}
			if err := doc.Output(&outputs[i]); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if !bytes.Equal(outputs[0].Bytes(), outputs[1].Bytes()) {
		t.Error("two documents drawing the same text in the same faces, written at once, differ")
	}
	for i, font := range embeddedFonts {
		if sha256.Sum256(font.ttf) != before[i] {
			t.Errorf("writing a document changed the bytes of %s %q", font.family, font.style)
		}
	}
}
