package pdf

import (
	"bytes"
	"encoding/binary"
	"slices"
)

// SubsetTrueType returns the TrueType font ttf cut to the glyphs of runes
// and the glyphs those are drawn from (the E and the accent of É): every
// other glyph is emptied, and every glyph keeps its id, so that the tables
// that index glyphs (the character map, the metrics, the layout tables)
// stay valid as they are. It keeps the tables tags names, or all the
// font's when tags is empty, and post without its glyph names, which no
// reader looks up. The PDF's form font is cut so (see makeFormFont), and
// the EPUB's monospace face; whether a font may be cut is its licence's
// say.
func SubsetTrueType(ttf []byte, runes []rune, tags ...string) ([]byte, error) {
	if len(tags) == 0 {
		var err error
		if tags, err = sfntTags(ttf); err != nil {
			return nil, err
		}
	}
	tables := map[string][]byte{}
	for _, tag := range append([]string{"glyf", "head", "loca", "maxp", "post"}, tags...) {
		t, err := sfntTable(ttf, tag)
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
	return writeSfnt(tables), nil
}

// sfntTags returns the tags of a TrueType font's tables.
func sfntTags(ttf []byte) ([]string, error) {
	if len(ttf) < 12 {
		return nil, errBadFont
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, errBadFont
	}
	tags := make([]string, n)
	for i := range tags {
		tags[i] = string(ttf[12+16*i : 16+16*i])
	}
	return tags, nil
}
