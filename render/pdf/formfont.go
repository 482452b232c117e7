package pdf

import (
	"bytes"
	"compress/zlib"
	"slices"
	"sync"

	"github.com/galleyhq/galley/render/sfnt"
)

// A form field names the font a reader sets what the player types in, and
// the reader encodes the typed text in that font's encoding: a font of
// glyph identifiers, such as the fonts fpdf embeds (Type 0, Identity-H,
// only the glyphs the page uses), serves no reader for that. So a form's
// fields are set in a simple TrueType font in WinAnsiEncoding (the
// Windows-1252 code page, which every reader can encode typed text in),
// embedded with every glyph that encoding reaches: DejaVu Sans Mono, the
// face the printed sheet sets its values in.

// formFontName is the form font's name in the fields' resources.
const formFontName = "DejaVuSansMono"

// formFontData is the form font, ready to embed: the TrueType program cut
// to the glyphs of WinAnsiEncoding and deflated, and the metrics a font
// dictionary gives, in thousandths of an em.
type formFontData struct {
	program []byte
	// length is the program's length before deflating (/Length1).
	length                     int
	advance                    int // every glyph's: the face is monospaced
	ascent, descent, capHeight int
	bbox                       [4]int
}

// formFont is made once, on the first form written.
var formFont = sync.OnceValue(func() *formFontData {
	f, err := makeFormFont(monoTTF())
	if err != nil {
		// The font is compiled in; a bad one is galley's bug.
		panic("form font: " + err.Error())
	}
	return f
})

// monoTTF returns the regular Sans Mono face galley embeds.
func monoTTF() []byte {
	for _, f := range embeddedFonts {
		if f.family == fontMono && f.style == "" {
			return f.ttf
		}
	}
	panic("no " + fontMono)
}

// makeFormFont cuts ttf to the glyphs of WinAnsiEncoding (see sfnt.Subset)
// and reads the metrics its font dictionary gives.
func makeFormFont(ttf []byte) (*formFontData, error) {
	program, err := sfnt.Subset(ttf, winAnsiRunes(), "OS/2", "cmap", "cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post", "prep")
	if err != nil {
		return nil, err
	}
	m, err := sfnt.ReadMetrics(program)
	if err != nil {
		return nil, err
	}
	f := &formFontData{
		length: len(program), advance: m.Advance,
		ascent: m.Ascent, descent: m.Descent, capHeight: m.CapHeight, bbox: m.BBox,
	}
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	w.Write(program)
	w.Close()
	f.program = z.Bytes()
	return f, nil
}

// winAnsiHigh are the runes of WinAnsiEncoding's codes 0x80 to 0x9F, where
// it departs from Latin-1; 0 where it has none.
var winAnsiHigh = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

// winAnsiRunes returns the runes WinAnsiEncoding prints, space to ÿ.
func winAnsiRunes() []rune {
	var out []rune
	for code := 0x20; code <= 0xFF; code++ {
		if r := winAnsiRune(byte(code)); r != 0 {
			out = append(out, r)
		}
	}
	return out
}

// winAnsiRune returns the rune of a printable code, or 0.
func winAnsiRune(code byte) rune {
	switch {
	case code < 0x20 || code == 0x7F:
		return 0
	case code >= 0x80 && code < 0xA0:
		return winAnsiHigh[code-0x80]
	}
	return rune(code)
}

// encodeWinAnsi returns s in WinAnsiEncoding, each rune the encoding lacks
// as a question mark.
func encodeWinAnsi(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		out = append(out, winAnsiCode(r))
	}
	return out
}

// winAnsiCode returns the code of r, or '?'.
func winAnsiCode(r rune) byte {
	switch {
	case r >= 0x20 && r < 0x7F || r >= 0xA0 && r <= 0xFF:
		return byte(r)
	case r >= 0x80:
		if i := slices.Index(winAnsiHigh[:], r); i >= 0 {
			return byte(0x80 + i)
		}
	}
	return '?'
}
