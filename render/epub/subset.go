package epub

import (
	"encoding/binary"
	"errors"
	"slices"
)

// subsetOutlines returns a copy of the TrueType font ttf that keeps the
// outlines of the glyphs of runes (and of the glyphs those are built of)
// and empties every other glyph. Glyph ids stay as they are, so the
// character map, the metrics and the layout tables stay valid unchanged:
// only glyf, loca (written in the long format), head, post (without its
// glyph names) and the checksums are rewritten. A rune the font lacks is left to the reader's fallback font.
//
// The licences decide which fonts this may be used on: the Bitstream Vera
// licence of DejaVu lets a modified font keep any name without "Bitstream"
// or "Vera" in it; the OFL's Reserved Font Name does not (see fonts).
func subsetOutlines(ttf []byte, runes []rune) ([]byte, error) {
	f, err := readTables(ttf)
	if err != nil {
		return nil, err
	}
	head, maxp, loca, glyf, cmap := f.table("head"), f.table("maxp"), f.table("loca"), f.table("glyf"), f.table("cmap")
	if len(head) < 54 || len(maxp) < 6 || glyf == nil || loca == nil || cmap == nil {
		return nil, errNotTrueType
	}
	glyphs := int(binary.BigEndian.Uint16(maxp[4:]))
	offsets, err := glyphOffsets(loca, glyphs, binary.BigEndian.Uint16(head[50:]) == 1, len(glyf))
	if err != nil {
		return nil, err
	}
	lookup, err := characterMap(cmap)
	if err != nil {
		return nil, err
	}
	keep := make([]bool, glyphs)
	keep[0] = true // .notdef, which a reader draws for a missing glyph
	var todo []int
	for _, r := range runes {
		if g := lookup(r); g > 0 && g < glyphs && !keep[g] {
			keep[g] = true
			todo = append(todo, g)
		}
	}
	// A composite glyph is drawn from other glyphs, which it needs too.
	for len(todo) > 0 {
		g := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, c := range components(glyf[offsets[g]:offsets[g+1]]) {
			if c < glyphs && !keep[c] {
				keep[c] = true
				todo = append(todo, c)
			}
		}
	}
	var newGlyf []byte
	newLoca := make([]byte, 4*(glyphs+1))
	for g := range glyphs {
		binary.BigEndian.PutUint32(newLoca[4*g:], uint32(len(newGlyf)))
		if keep[g] {
			newGlyf = append(newGlyf, glyf[offsets[g]:offsets[g+1]]...)
			for len(newGlyf)%4 != 0 {
				newGlyf = append(newGlyf, 0)
			}
		}
	}
	binary.BigEndian.PutUint32(newLoca[4*glyphs:], uint32(len(newGlyf)))
	newHead := slices.Clone(head)
	binary.BigEndian.PutUint16(newHead[50:], 1) // indexToLocFormat: long
	binary.BigEndian.PutUint32(newHead[8:], 0)  // checkSumAdjustment, set below
	// The glyph names of post (version 2) are a tenth of the font and of
	// no use to a reader: version 3 has none.
	if post := f.table("post"); len(post) >= 32 {
		post = slices.Clone(post[:32])
		binary.BigEndian.PutUint32(post, 0x00030000)
		f.replace("post", post)
	}
	f.replace("glyf", newGlyf)
	f.replace("loca", newLoca)
	f.replace("head", newHead)
	return f.write(), nil
}

var errNotTrueType = errors.New("not a TrueType font with glyf outlines")

// sfnt is a font file's tables by tag, in the order of its directory.
type sfnt struct {
	version uint32
	tags    []string
	data    map[string][]byte
}

func readTables(ttf []byte) (*sfnt, error) {
	if len(ttf) < 12 {
		return nil, errNotTrueType
	}
	f := &sfnt{version: binary.BigEndian.Uint32(ttf), data: map[string][]byte{}}
	if f.version != 0x00010000 {
		return nil, errNotTrueType
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, errNotTrueType
	}
	for i := range n {
		rec := ttf[12+16*i:]
		tag := string(rec[:4])
		off, length := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off < 0 || length < 0 || off+length > len(ttf) {
			return nil, errNotTrueType
		}
		f.tags = append(f.tags, tag)
		f.data[tag] = ttf[off : off+length]
	}
	return f, nil
}

func (f *sfnt) table(tag string) []byte { return f.data[tag] }

func (f *sfnt) replace(tag string, data []byte) { f.data[tag] = data }

// write lays the tables out, each at a multiple of four bytes, with the
// checksums of each and of the whole that the format asks for.
func (f *sfnt) write() []byte {
	n := len(f.tags)
	sorted := slices.Sorted(slices.Values(f.tags))
	out := make([]byte, 12+16*n)
	binary.BigEndian.PutUint32(out, f.version)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	// The binary search fields: the largest power of two no more than n.
	pow, log := 1, 0
	for pow*2 <= n {
		pow, log = pow*2, log+1
	}
	binary.BigEndian.PutUint16(out[6:], uint16(pow*16))
	binary.BigEndian.PutUint16(out[8:], uint16(log))
	binary.BigEndian.PutUint16(out[10:], uint16(n*16-pow*16))
	headAt := 0
	for i, tag := range sorted {
		data := f.data[tag]
		rec := out[12+16*i:]
		copy(rec, tag)
		binary.BigEndian.PutUint32(rec[4:], checksum(data))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(data)))
		if tag == "head" {
			headAt = len(out)
		}
		out = append(out, data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	return out
}

// checksum is the sum of data as big-endian 32-bit words, padded with
// zeros.
func checksum(data []byte) uint32 {
	var sum uint32
	for i := 0; i < len(data); i += 4 {
		var word [4]byte
		copy(word[:], data[i:])
		sum += binary.BigEndian.Uint32(word[:])
	}
	return sum
}

// glyphOffsets reads loca: where each glyph's outline starts in glyf, and
// where the last ends.
func glyphOffsets(loca []byte, glyphs int, long bool, glyfLen int) ([]int, error) {
	offsets := make([]int, glyphs+1)
	for g := range offsets {
		if long {
			if len(loca) < 4*(g+1) {
				return nil, errNotTrueType
			}
			offsets[g] = int(binary.BigEndian.Uint32(loca[4*g:]))
		} else {
			if len(loca) < 2*(g+1) {
				return nil, errNotTrueType
			}
			offsets[g] = 2 * int(binary.BigEndian.Uint16(loca[2*g:]))
		}
		if offsets[g] > glyfLen || g > 0 && offsets[g] < offsets[g-1] {
			return nil, errNotTrueType
		}
	}
	return offsets, nil
}

// components returns the glyphs a composite glyph is built of; none for a
// simple one.
func components(glyph []byte) []int {
	if len(glyph) < 10 || int16(binary.BigEndian.Uint16(glyph)) >= 0 {
		return nil
	}
	const (
		argsAreWords  = 0x0001
		haveScale     = 0x0008
		moreComponent = 0x0020
		haveXYScale   = 0x0040
		haveTwoByTwo  = 0x0080
	)
	var gids []int
	for at := 10; at+4 <= len(glyph); {
		flags := binary.BigEndian.Uint16(glyph[at:])
		gids = append(gids, int(binary.BigEndian.Uint16(glyph[at+2:])))
		at += 4
		if flags&argsAreWords != 0 {
			at += 4
		} else {
			at += 2
		}
		switch {
		case flags&haveScale != 0:
			at += 2
		case flags&haveXYScale != 0:
			at += 4
		case flags&haveTwoByTwo != 0:
			at += 8
		}
		if flags&moreComponent == 0 {
			break
		}
	}
	return gids
}

// characterMap returns the font's map from runes to glyphs, from its
// Windows Unicode subtable: format 12 for the full range, else format 4.
func characterMap(cmap []byte) (func(rune) int, error) {
	if len(cmap) < 4 {
		return nil, errNotTrueType
	}
	var bmp, full []byte
	for i := range int(binary.BigEndian.Uint16(cmap[2:])) {
		rec := 4 + 8*i
		if rec+8 > len(cmap) {
			return nil, errNotTrueType
		}
		platform, encoding := binary.BigEndian.Uint16(cmap[rec:]), binary.BigEndian.Uint16(cmap[rec+2:])
		off := int(binary.BigEndian.Uint32(cmap[rec+4:]))
		if off+4 > len(cmap) || platform != 3 {
			continue
		}
		sub := cmap[off:]
		switch format := binary.BigEndian.Uint16(sub); {
		case encoding == 10 && format == 12:
			full = sub
		case encoding == 1 && format == 4:
			bmp = sub
		}
	}
	switch {
	case full != nil && len(full) >= 16:
		groups := int(binary.BigEndian.Uint32(full[12:]))
		if 16+12*groups > len(full) {
			return nil, errNotTrueType
		}
		return func(r rune) int {
			for g := range groups {
				at := full[16+12*g:]
				start, end := rune(binary.BigEndian.Uint32(at)), rune(binary.BigEndian.Uint32(at[4:]))
				if start <= r && r <= end {
					return int(binary.BigEndian.Uint32(at[8:])) + int(r-start)
				}
			}
			return 0
		}, nil
	case bmp != nil && len(bmp) >= 14:
		segs := int(binary.BigEndian.Uint16(bmp[6:])) / 2
		if 16+8*segs > len(bmp) {
			return nil, errNotTrueType
		}
		ends, starts, deltas, ranges := 14, 16+2*segs, 16+4*segs, 16+6*segs
		return func(r rune) int {
			if r > 0xFFFF {
				return 0
			}
			for s := range segs {
				end, start := rune(binary.BigEndian.Uint16(bmp[ends+2*s:])), rune(binary.BigEndian.Uint16(bmp[starts+2*s:]))
				if r > end || r < start {
					continue
				}
				delta := int(binary.BigEndian.Uint16(bmp[deltas+2*s:]))
				rangeOffset := int(binary.BigEndian.Uint16(bmp[ranges+2*s:]))
				if rangeOffset == 0 {
					return (int(r) + delta) & 0xFFFF
				}
				at := ranges + 2*s + rangeOffset + 2*int(r-start)
				if at+2 > len(bmp) {
					return 0
				}
				if g := int(binary.BigEndian.Uint16(bmp[at:])); g != 0 {
					return (g + delta) & 0xFFFF
				}
				return 0
			}
			return 0
		}, nil
	}
	return nil, errNotTrueType
}
