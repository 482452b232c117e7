package sfnt

import "encoding/binary"

// Metrics are what a PDF font dictionary says of a font, in thousandths of
// an em.
type Metrics struct {
	// Advance is the first glyph's advance width: every glyph's, in a
	// monospaced face.
	Advance                    int
	Ascent, Descent, CapHeight int
	// BBox is the box every glyph fits in: left, bottom, right, top.
	BBox [4]int
}

// ReadMetrics reads a TrueType font's metrics. The cap height is the top of
// its H, where it has one, since the OS/2 table of an older font does not
// say it; else its ascent.
func ReadMetrics(ttf []byte) (Metrics, error) {
	tables := map[string][]byte{}
	for _, tag := range []string{"head", "hhea", "hmtx"} {
		t, err := Table(ttf, tag)
		if err != nil {
			return Metrics{}, err
		}
		tables[tag] = t
	}
	head, hhea := tables["head"], tables["hhea"]
	if len(head) < 44 || len(hhea) < 36 || len(tables["hmtx"]) < 2 {
		return Metrics{}, errBadFont
	}
	unitsPerEm := int(binary.BigEndian.Uint16(head[18:]))
	if unitsPerEm == 0 {
		return Metrics{}, errBadFont
	}
	em := func(v int) int { return v * 1000 / unitsPerEm }
	i16 := func(b []byte, at int) int { return int(int16(binary.BigEndian.Uint16(b[at:]))) }
	m := Metrics{
		Advance: em(int(binary.BigEndian.Uint16(tables["hmtx"]))),
		Ascent:  em(i16(hhea, 4)),
		Descent: em(i16(hhea, 6)),
		BBox:    [4]int{em(i16(head, 36)), em(i16(head, 38)), em(i16(head, 40)), em(i16(head, 42))},
	}
	m.CapHeight = m.Ascent
	if h, err := Outline(ttf, 'H'); err == nil && len(h) >= 10 {
		m.CapHeight = em(i16(h, 8))
	}
	return m, nil
}

// Outline returns the outline of r's glyph as the font stores it in its
// glyf table: nothing for a glyph that draws nothing.
func Outline(ttf []byte, r rune) ([]byte, error) {
	glyphs, err := GlyphIndex(ttf)
	if err != nil {
		return nil, err
	}
	tables := map[string][]byte{}
	for _, tag := range []string{"glyf", "head", "loca", "maxp"} {
		if tables[tag], err = Table(ttf, tag); err != nil {
			return nil, err
		}
	}
	head, glyf := tables["head"], tables["glyf"]
	if len(head) < 54 || len(tables["maxp"]) < 6 {
		return nil, errBadFont
	}
	offsets, err := readLoca(tables["loca"], int16(binary.BigEndian.Uint16(head[50:])), int(binary.BigEndian.Uint16(tables["maxp"][4:])), len(glyf))
	if err != nil {
		return nil, err
	}
	g, ok := glyphs[r]
	if !ok || g+1 >= len(offsets) {
		return nil, nil
	}
	return glyf[offsets[g]:offsets[g+1]], nil
}
