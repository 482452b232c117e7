// Package sfnt reads and cuts TrueType fonts, the fonts galley embeds: their
// tables, the runes their cmap has glyphs for, their metrics, and a
// subset of their glyphs. The PDF writer checks a book's runes against its
// fonts' cmaps and embeds a form font cut to WinAnsiEncoding; the EPUB
// embeds its monospace face cut to the runes its art draws. It is a
// package of its own, below both writers, so that neither imports the
// other. A font it cannot read is an error, never a panic.
package sfnt

import (
	"encoding/binary"
	"errors"
	"slices"
)

var errBadFont = errors.New("malformed font")

// Table returns the named table of a TrueType font.
func Table(ttf []byte, tag string) ([]byte, error) {
	if len(ttf) < 12 {
		return nil, errBadFont
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	for i := range n {
		rec := ttf[12+16*i:]
		if len(rec) < 16 {
			return nil, errBadFont
		}
		if string(rec[:4]) == tag {
			off, length := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
			if uint64(off)+uint64(length) > uint64(len(ttf)) {
				return nil, errBadFont
			}
			return ttf[off : off+length], nil
		}
	}
	return nil, errors.New("no " + tag + " table")
}

// tags returns the tags of a TrueType font's tables.
func tags(ttf []byte) ([]string, error) {
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

// write writes a TrueType font of the tables: the directory, sorted by
// tag, then each table on a four-byte boundary, with their checksums and
// head's checksum adjustment.
func write(tables map[string][]byte) []byte {
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
		binary.BigEndian.PutUint32(rec[4:], Checksum(t))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t)))
		out = append(out, t...)
		out = append(out, make([]byte, -len(out)&3)...)
	}
	binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-Checksum(out))
	return out
}

// sfntChecksum sums b as big-endian 32-bit words, the last padded with
// zeros.
func Checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var word [4]byte
		copy(word[:], b[i:])
		sum += binary.BigEndian.Uint32(word[:])
	}
	return sum
}
