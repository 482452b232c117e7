package sfnt

import (
	"bytes"
	"encoding/binary"
	"slices"
)

// Subset returns the TrueType font ttf cut to the glyphs of runes
// and the glyphs those are drawn from (the E and the accent of É): every
// other glyph is emptied, and every glyph keeps its id, so that the tables
// that index glyphs (the character map, the metrics, the layout tables)
// stay valid as they are. It keeps the tables named, or all the font's
// when none is named, and post without its glyph names, which no
// reader looks up. The PDF's form font is cut so, and the EPUB's monospace
// face; whether a font may be cut is its licence's say.
func Subset(ttf []byte, runes []rune, named ...string) ([]byte, error) {
	if len(named) == 0 {
		var err error
		if named, err = tags(ttf); err != nil {
			return nil, err
		}
	}
	tables := map[string][]byte{}
	for _, tag := range append([]string{"glyf", "head", "loca", "maxp", "post"}, named...) {
		t, err := Table(ttf, tag)
		if err != nil {
			return nil, err
		}
		tables[tag] = t
	}
	head, glyf := tables["head"], tables["glyf"]
	if len(head) < 54 || len(tables["maxp"]) < 6 || len(tables["post"]) < 32 {
		return nil, errBadFont
	}
	glyphs := int(binary.BigEndian.Uint16(tables["maxp"][4:]))
	offsets, err := readLoca(tables["loca"], int16(binary.BigEndian.Uint16(head[50:])), glyphs, len(glyf))
	if err != nil {
		return nil, err
	}
	format4, _, err := unicodeSubtables(ttf)
	if err != nil {
		return nil, err
	}
	wanted := map[rune]bool{}
	for _, r := range runes {
		wanted[r] = true
	}
	keep := map[int]bool{0: true} // .notdef, drawn for a missing glyph
	var pending []int
	err = eachFormat4(format4, func(r rune, g int) {
		if wanted[r] && !keep[g] {
			keep[g] = true
			pending = append(pending, g)
		}
	})
	if err != nil {
		return nil, err
	}
	for len(pending) > 0 {
		g := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if g >= glyphs {
			return nil, errBadFont
		}
		for _, c := range components(glyf[offsets[g]:offsets[g+1]]) {
			if !keep[c] {
				keep[c] = true
				pending = append(pending, c)
			}
		}
	}
	var newGlyf bytes.Buffer
	loca := make([]byte, 4*(glyphs+1))
	for g := range glyphs {
		binary.BigEndian.PutUint32(loca[4*g:], uint32(newGlyf.Len()))
		if keep[g] {
			newGlyf.Write(glyf[offsets[g]:offsets[g+1]])
			newGlyf.Write(make([]byte, -newGlyf.Len()&3))
		}
	}
	binary.BigEndian.PutUint32(loca[4*glyphs:], uint32(newGlyf.Len()))
	tables["glyf"], tables["loca"] = newGlyf.Bytes(), loca
	head = slices.Clone(head)
	binary.BigEndian.PutUint16(head[50:], 1) // long offsets in loca
	tables["head"] = head
	// post format 3: the header without the glyph names.
	post := slices.Clone(tables["post"][:32])
	binary.BigEndian.PutUint32(post, 0x00030000)
	tables["post"] = post
	return write(tables), nil
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
