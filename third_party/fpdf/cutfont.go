package fpdf

// [galley] The parts of a TrueType font that subsetting it reads whole,
// read once for every document that subsets the same font.

import "sync"

// wholeFont is what utf8FontFile.GenerateCutFont reads of the whole font
// before it picks the glyphs a document uses: the table directory, the
// glyphs' count and offsets, the character map both ways. Reading them is
// half the cut's time, and a book's PDFs cut the same faces again and
// again (the book and each of its sheets), so documents that add the same
// bytes share them (see readUTF8Metrics). Once read they are only read.
type wholeFont struct {
	descriptions         map[string]*tableDescription
	locaFormat           int
	metricsCount         int
	numSymbols           int
	charSymbolDictionary map[int]int
	symbolPosition       []int
}

// wholeFontTables reads a font's wholeFont once.
type wholeFontTables struct {
	once   sync.Once
	tables *wholeFont
}

// read returns the whole-font tables of the font in font, reading them the
// first time; nil when the font has no Unicode character map.
func (w *wholeFontTables) read(font []byte) *wholeFont {
	w.once.Do(func() { w.tables = readWholeFont(font) })
	return w.tables
}

// readWholeFont reads the whole-font tables of the font in font, as
// GenerateCutFont read them before each cut.
func readWholeFont(font []byte) *wholeFont {
	utf := newUTF8Font(&fileReader{array: font})
	utf.skip(4)
	utf.generateTableDescriptions()

	utf.SeekTable("head")
	utf.skip(50)
	locaFormat := utf.readUint16()

	utf.SeekTable("hhea")
	utf.skip(34)
	metricsCount := utf.readUint16()

	utf.SeekTable("maxp")
	utf.skip(4)
	numSymbols := utf.readUint16()

	if utf.generateCMAP() == nil {
		return nil
	}
	utf.parseLOCATable(locaFormat, numSymbols)
	return &wholeFont{
		descriptions:         utf.tableDescriptions,
		locaFormat:           locaFormat,
		metricsCount:         metricsCount,
		numSymbols:           numSymbols,
		charSymbolDictionary: utf.charSymbolDictionary,
		symbolPosition:       utf.symbolPosition,
	}
}
