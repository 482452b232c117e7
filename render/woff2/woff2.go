// Package woff2 writes a TrueType font as WOFF2 (W3C, "WOFF File Format
// 2.0"), the web font format every current browser reads: the font's
// tables Brotli-compressed as one stream behind a short directory.
//
// The tables are stored as they are, with the null transform: the glyf
// and loca tables may be stored transformed, which saves a tenth more,
// but the specification allows them untransformed (transform version 3,
// section 5.1 and 5.3), and a writer that leaves them so cannot get the
// glyph encoding wrong. Brotli does most of the work either way.
package woff2

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"sort"

	"github.com/andybalholm/brotli"
)

// errBadFont reports a font whose table directory cannot be read.
var errBadFont = errors.New("woff2: not a TrueType font, or a damaged one")

// knownTags are the tags a table directory entry names by index (section
// 4.1, "Known Table Tags"); any other is written out after its flags.
var knownTags = [...]string{
	"cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ",
	"fpgm", "glyf", "loca", "prep", "CFF ", "VORG", "EBDT", "EBLC", "gasp",
	"hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF",
	"GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL",
	"SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar", "fdsc",
	"feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar", "mort", "morx",
	"opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
}

// arbitraryTag is the tag index that says the tag follows the flags.
const arbitraryTag = 63

// nullTransform is the transform version of a glyf or loca table stored
// as it is; every other table's null transform is version 0.
const nullTransform = 3

// quality is the Brotli quality the tables are compressed at. Above 5 the
// encoder's cost climbs steeply for little: the site's art subset (75 kB
// of TrueType) takes 7.9 ms at 5, 11.5 ms at 6 for 4 bytes less, and
// 200 ms at 11, the best, which saves 3.7 kB of its 30 kB. That 1% of a
// page's first view is not worth doubling the time the site takes to
// build.
const quality = 5

// table is a table of the font: its tag and its bytes.
type table struct {
	tag  string
	data []byte
}

// window returns the log2 of the Brotli window for a stream of n bytes:
// the least that holds the whole stream, so that every match the stream
// offers can be used, and no more. The encoder allocates a ring buffer of
// twice the window, whatever the stream's length: the 4 MB window a long
// stream wants made a subset font of 60 kB cost 8 MB of zeroed memory.
func window(n int) int {
	const least, most = 16, 24 // Brotli's own bounds are 10 and 24
	return min(max(bits.Len(uint(n)), least), most)
}

// Encode returns the TrueType font ttf as WOFF2. The same font gives the
// same bytes.
func Encode(ttf []byte) ([]byte, error) {
	tables, err := readTables(ttf)
	if err != nil {
		return nil, err
	}
	var directory, stream bytes.Buffer
	// The font the reader rebuilds: its header, its directory and each
	// table padded to four bytes.
	sfntSize := 12 + 16*len(tables)
	for _, t := range tables {
		directory.Write(directoryEntry(t))
		stream.Write(t.data)
		sfntSize += (len(t.data) + 3) &^ 3
	}
	var compressed bytes.Buffer
	w := brotli.NewWriterOptions(&compressed, brotli.WriterOptions{Quality: quality, LGWin: window(stream.Len())})
	if _, err := w.Write(stream.Bytes()); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	const headerSize = 48
	length := headerSize + directory.Len() + compressed.Len()
	// The file's length is padded to four bytes (section 3).
	padding := -length & 3
	var out bytes.Buffer
	header := []any{
		uint32(0x774F4632),           // signature, "wOF2"
		binary.BigEndian.Uint32(ttf), // flavor: the sfnt's version
		uint32(length + padding),     // length
		uint16(len(tables)),          // numTables
		uint16(0),                    // reserved
		uint32(sfntSize),             // totalSfntSize
		uint32(compressed.Len()),     // totalCompressedSize
		uint16(1), uint16(0),         // majorVersion, minorVersion
		uint32(0), uint32(0), uint32(0), // no metadata
		uint32(0), uint32(0), // no private data
	}
	for _, field := range header {
		if err := binary.Write(&out, binary.BigEndian, field); err != nil {
			return nil, err
		}
	}
	out.Write(directory.Bytes())
	out.Write(compressed.Bytes())
	out.Write(make([]byte, padding))
	return out.Bytes(), nil
}

// readTables returns the tables of a TrueType font, in the order of their
// tags, as its directory lists them and the reader rebuilds them.
func readTables(ttf []byte) ([]table, error) {
	if len(ttf) < 12 {
		return nil, errBadFont
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if n == 0 || len(ttf) < 12+16*n {
		return nil, errBadFont
	}
	tables := make([]table, 0, n)
	for i := range n {
		entry := ttf[12+16*i:]
		offset, size := binary.BigEndian.Uint32(entry[8:]), binary.BigEndian.Uint32(entry[12:])
		if uint64(offset)+uint64(size) > uint64(len(ttf)) {
			return nil, errBadFont
		}
		tables = append(tables, table{tag: string(entry[:4]), data: ttf[offset : offset+size]})
	}
	sort.Slice(tables, func(i, j int) bool { return tables[i].tag < tables[j].tag })
	return tables, nil
}

// directoryEntry returns a table's entry in the WOFF2 table directory:
// its flags (the known tag's index and the transform version), the tag
// itself when it is not a known one, and its length.
func directoryEntry(t table) []byte {
	index := byte(arbitraryTag)
	for i, known := range knownTags {
		if known == t.tag {
			index = byte(i)
		}
	}
	flags := index
	if t.tag == "glyf" || t.tag == "loca" {
		flags |= nullTransform << 6
	}
	entry := []byte{flags}
	if index == arbitraryTag {
		entry = append(entry, t.tag...)
	}
	return appendBase128(entry, uint32(len(t.data)))
}

// appendBase128 appends n as a UIntBase128 (section 2): seven bits a byte,
// the most significant first, every byte but the last with its top bit
// set, and no leading zero byte.
func appendBase128(b []byte, n uint32) []byte {
	var groups [5]byte
	i := len(groups)
	for {
		i--
		groups[i] = byte(n & 0x7f)
		if n >>= 7; n == 0 {
			break
		}
	}
	for j := i; j < len(groups)-1; j++ {
		groups[j] |= 0x80
	}
	return append(b, groups[i:]...)
}
