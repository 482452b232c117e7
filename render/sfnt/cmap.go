package sfnt

import (
	"encoding/binary"
	"errors"
	"sort"
	"unicode/utf8"
)

// Cmap is the runes a font has a glyph for, as ranges of runes, sorted.
type Cmap struct {
	ranges []runeRange
}

type runeRange struct{ lo, hi rune }

// Has reports whether the font has a glyph for r.
func (c *Cmap) Has(r rune) bool {
	i := sort.Search(len(c.ranges), func(i int) bool { return c.ranges[i].hi >= r })
	return i < len(c.ranges) && c.ranges[i].lo <= r
}

// ReadCmap reads the Unicode cmap of a TrueType font: its format 12
// subtable (the whole of Unicode) if it has one, else its format 4 (the
// Basic Multilingual Plane). Runes mapped to glyph 0, the "missing" glyph,
// have no glyph.
func ReadCmap(ttf []byte) (*Cmap, error) {
	format4, format12, err := unicodeSubtables(ttf)
	if err != nil {
		return nil, err
	}
	if format12 != nil {
		return readFormat12(format12)
	}
	c := &Cmap{}
	if err := eachFormat4(format4, func(r rune, _ int) { c.add(r, r) }); err != nil {
		return nil, err
	}
	return c.merge(), nil
}

// unicodeSubtables returns a TrueType font's Unicode cmap subtables of
// format 4 and 12, either nil when the font has none, and an error when it
// has neither.
func unicodeSubtables(ttf []byte) (format4, format12 []byte, err error) {
	table, err := Table(ttf, "cmap")
	if err != nil {
		return nil, nil, err
	}
	if len(table) < 4 {
		return nil, nil, errBadFont
	}
	n := int(binary.BigEndian.Uint16(table[2:]))
	for i := range n {
		rec := table[4+8*i:]
		if len(rec) < 8 {
			return nil, nil, errBadFont
		}
		platform, encoding := binary.BigEndian.Uint16(rec), binary.BigEndian.Uint16(rec[2:])
		off := int(binary.BigEndian.Uint32(rec[4:]))
		if off+2 > len(table) || !(platform == 0 || platform == 3 && (encoding == 1 || encoding == 10)) {
			continue
		}
		switch binary.BigEndian.Uint16(table[off:]) {
		case 4:
			format4 = table[off:]
		case 12:
			format12 = table[off:]
		}
	}
	if format4 == nil && format12 == nil {
		return nil, nil, errors.New("no Unicode cmap")
	}
	return format4, format12, nil
}

// readFormat12 reads sequential map groups: start, end, first glyph.
func readFormat12(t []byte) (*Cmap, error) {
	if len(t) < 16 {
		return nil, errBadFont
	}
	n := int(binary.BigEndian.Uint32(t[12:]))
	if 16+12*n > len(t) {
		return nil, errBadFont
	}
	c := &Cmap{}
	for i := range n {
		g := t[16+12*i:]
		lo, hi, glyph := rune(binary.BigEndian.Uint32(g)), rune(binary.BigEndian.Uint32(g[4:])), binary.BigEndian.Uint32(g[8:])
		if glyph == 0 {
			lo++ // the group starts at the missing glyph
		}
		c.add(lo, hi)
	}
	return c.merge(), nil
}

// eachFormat4 calls glyph with every rune of a format 4 subtable that has
// a glyph, and the glyph's index. The subtable maps the BMP in segments,
// each by a delta or through a glyph array, where 0 means no glyph.
func eachFormat4(t []byte, glyph func(r rune, index int)) error {
	if len(t) < 14 {
		return errBadFont
	}
	segs := int(binary.BigEndian.Uint16(t[6:])) / 2
	ends, starts, deltas, offsets := 14, 16+2*segs, 16+4*segs, 16+6*segs
	if offsets+2*segs > len(t) {
		return errBadFont
	}
	u16 := func(at int) int {
		if at+2 > len(t) {
			return 0
		}
		return int(binary.BigEndian.Uint16(t[at:]))
	}
	for s := range segs {
		end, start, delta, offset := u16(ends+2*s), u16(starts+2*s), u16(deltas+2*s), u16(offsets+2*s)
		for r := start; r <= end && r != 0xFFFF; r++ {
			index := (r + delta) & 0xFFFF
			if offset != 0 {
				index = u16(offsets + 2*s + offset + 2*(r-start))
				if index != 0 {
					index = (index + delta) & 0xFFFF
				}
			}
			if index != 0 {
				glyph(rune(r), index)
			}
		}
	}
	return nil
}

// add records that lo to hi have glyphs.
func (c *Cmap) add(lo, hi rune) {
	if lo <= hi && hi <= utf8.MaxRune {
		c.ranges = append(c.ranges, runeRange{lo, hi})
	}
}

// merge sorts the ranges and joins those that touch, for Has's search.
func (c *Cmap) merge() *Cmap {
	sort.Slice(c.ranges, func(i, j int) bool { return c.ranges[i].lo < c.ranges[j].lo })
	var out []runeRange
	for _, r := range c.ranges {
		if n := len(out); n > 0 && out[n-1].hi+1 >= r.lo {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	c.ranges = out
	return c
}

// Union returns the runes any of cmaps has a glyph for.
func Union(cmaps ...*Cmap) *Cmap {
	u := &Cmap{}
	for _, c := range cmaps {
		u.ranges = append(u.ranges, c.ranges...)
	}
	return u.merge()
}

// GlyphIndex returns the glyph of every rune of the Basic Multilingual
// Plane the font's cmap maps to one, by rune.
func GlyphIndex(ttf []byte) (map[rune]int, error) {
	format4, _, err := unicodeSubtables(ttf)
	if err != nil {
		return nil, err
	}
	glyphs := map[rune]int{}
	err = eachFormat4(format4, func(r rune, g int) { glyphs[r] = g })
	return glyphs, err
}
