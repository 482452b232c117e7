package pdf

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"slices"
	"sync"
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

// makeFormFont cuts ttf to the glyphs of WinAnsiEncoding (see
// SubsetTrueType) and reads the metrics its font dictionary gives.
func makeFormFont(ttf []byte) (*formFontData, error) {
	program, err := SubsetTrueType(ttf, winAnsiRunes(), "OS/2", "cmap", "cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post", "prep")
	if err != nil {
		return nil, err
	}
	tables := map[string][]byte{}
	for _, tag := range []string{"glyf", "head", "hhea", "hmtx", "loca", "maxp"} {
		if tables[tag], err = sfntTable(program, tag); err != nil {
			return nil, err
		}
	}
	head, hhea, glyf := tables["head"], tables["hhea"], tables["glyf"]
	if len(hhea) < 36 || len(tables["hmtx"]) < 2 {
		return nil, errBadFont
	}
	offsets, err := readLoca(tables["loca"], 1, int(binary.BigEndian.Uint16(tables["maxp"][4:])), len(glyf))
	if err != nil {
		return nil, err
	}
	format4, _, err := unicodeSubtables(program)
	if err != nil {
		return nil, err
	}
	byRune := map[rune]int{}
	if err := eachFormat4(format4, func(r rune, g int) { byRune[r] = g }); err != nil {
		return nil, err
	}
	unitsPerEm := int(binary.BigEndian.Uint16(head[18:]))
	if unitsPerEm == 0 {
		return nil, errBadFont
	}
	em := func(v int) int { return v * 1000 / unitsPerEm }
	i16 := func(b []byte, at int) int { return int(int16(binary.BigEndian.Uint16(b[at:]))) }
	f := &formFontData{
		length:  len(program),
		advance: em(int(binary.BigEndian.Uint16(tables["hmtx"]))),
		ascent:  em(i16(hhea, 4)),
		descent: em(i16(hhea, 6)),
		bbox:    [4]int{em(i16(head, 36)), em(i16(head, 38)), em(i16(head, 40)), em(i16(head, 42))},
	}
	// The cap height is the top of H: the font's OS/2 table is too old
	// to say it.
	f.capHeight = f.ascent
	if g, ok := byRune['H']; ok && g+1 < len(offsets) && offsets[g+1]-offsets[g] >= 10 {
		f.capHeight = em(i16(glyf[offsets[g]:], 8))
	}
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	w.Write(program)
	w.Close()
	f.program = z.Bytes()
	return f, nil
}

// readLoca reads the glyphs' offsets into glyf, short (halved) or long as
// format says; the last is glyf's end.
func readLoca(loca []byte, format int16, glyphs, glyfLen int) ([]int, error) {
	size := 2
	if format == 1 {
		size = 4
	}
	if len(loca) < size*(glyphs+1) {
		return nil, errBadFont
	}
	offsets := make([]int, glyphs+1)
	for g := range offsets {
		if size == 2 {
			offsets[g] = 2 * int(binary.BigEndian.Uint16(loca[2*g:]))
		} else {
			offsets[g] = int(binary.BigEndian.Uint32(loca[4*g:]))
		}
		if offsets[g] > glyfLen || g > 0 && offsets[g] < offsets[g-1] {
			return nil, errBadFont
		}
	}
	return offsets, nil
}

// components returns the glyphs a composite glyph is drawn from, such as
// the E and the acute accent of É; none for a simple glyph.
func components(glyph []byte) []int {
	if len(glyph) < 10 || int16(binary.BigEndian.Uint16(glyph)) >= 0 {
		return nil
	}
	const (
		argsAreWords = 0x0001
		scale        = 0x0008
		more         = 0x0020
		xyScale      = 0x0040
		twoByTwo     = 0x0080
	)
	var out []int
	for at := 10; at+4 <= len(glyph); {
		flags := binary.BigEndian.Uint16(glyph[at:])
		out = append(out, int(binary.BigEndian.Uint16(glyph[at+2:])))
		at += 4 + 2
		if flags&argsAreWords != 0 {
			at += 2
		}
		switch {
		case flags&scale != 0:
			at += 2
		case flags&xyScale != 0:
			at += 4
		case flags&twoByTwo != 0:
			at += 8
		}
		if flags&more == 0 {
			break
		}
	}
	return out
}

// writeSfnt writes a TrueType font of the tables: the directory, sorted by
// tag, then each table on a four-byte boundary, with their checksums and
// head's checksum adjustment.
func writeSfnt(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for tag := range tables {
		tags = append(tags, tag)
	}
	slices.Sort(tags)
	n := len(tags)
	pow := 1
	for pow*2 <= n {
		pow *= 2
	}
	log := 0
	for 1<<(log+1) <= pow {
		log++
	}
	out := make([]byte, 12+16*n)
	binary.BigEndian.PutUint32(out, 0x00010000)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	binary.BigEndian.PutUint16(out[6:], uint16(16*pow))
	binary.BigEndian.PutUint16(out[8:], uint16(log))
	binary.BigEndian.PutUint16(out[10:], uint16(16*(n-pow)))
	headAt := 0
	for i, tag := range tags {
		t := tables[tag]
		if tag == "head" {
			t = slices.Clone(t)
			binary.BigEndian.PutUint32(t[8:], 0)
			headAt = len(out)
		}
		rec := out[12+16*i:]
		copy(rec, tag)
		binary.BigEndian.PutUint32(rec[4:], sfntChecksum(t))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t)))
		out = append(out, t...)
		out = append(out, make([]byte, -len(out)&3)...)
	}
	binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-sfntChecksum(out))
	return out
}

// sfntChecksum sums b as big-endian 32-bit words, the last padded with
// zeros.
func sfntChecksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var word [4]byte
		copy(word[:], b[i:])
		sum += binary.BigEndian.Uint32(word[:])
	}
	return sum
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
