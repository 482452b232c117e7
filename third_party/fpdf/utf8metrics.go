package fpdf

import (
	"bytes"
	"sync"
)

// utf8Metrics are what adding a TrueType font reads of it for layout: its
// descriptor, underline, the width of every character and the font's ID.
// Reading them parses the whole font and hashes its definition, a fifth
// of the time a short document takes, so a process reads each font once
// and every document that adds the same bytes again shares what was read.
// The widths are only ever read; each document subsets the font from the
// bytes it was given (utf8FontFile.GenerateCutFont), reading the whole
// font's tables once for all of them (see wholeFont).
type utf8Metrics struct {
	desc   FontDescType
	up, ut int
	cw     []int
	id     string
	whole  wholeFontTables // what each document's subsetting reads of the whole font
}

// utf8MetricsRead are the metrics read so far, by font key: each read
// once, though several documents add the same font at once (a book and
// its sheets are written side by side), the others waiting for it.
var utf8MetricsRead struct {
	sync.Mutex
	byKey map[string]*utf8MetricsReading
}

// utf8MetricsReading is one font's metrics, read once.
type utf8MetricsReading struct {
	once    sync.Once
	font    []byte // a copy of the bytes read, to know the font again
	metrics *utf8Metrics
	err     error
}

// readUTF8Metrics returns the metrics of the TrueType font in utf8Bytes,
// added under fontkey: read before, when the same bytes were, or read
// now.
func readUTF8Metrics(fontkey string, utf8Bytes []byte) (*utf8Metrics, error) {
	utf8MetricsRead.Lock()
	reading := utf8MetricsRead.byKey[fontkey]
	if reading == nil || !bytes.Equal(reading.font, utf8Bytes) {
		// The copy keeps the bytes as they were read, whatever the
		// caller does with its own.
		reading = &utf8MetricsReading{font: bytes.Clone(utf8Bytes)}
		if utf8MetricsRead.byKey == nil {
			utf8MetricsRead.byKey = map[string]*utf8MetricsReading{}
		}
		utf8MetricsRead.byKey[fontkey] = reading
	}
	utf8MetricsRead.Unlock()
	reading.once.Do(func() { reading.metrics, reading.err = parseUTF8Metrics(fontkey, reading.font) })
	return reading.metrics, reading.err
}

// parseUTF8Metrics reads the metrics of the TrueType font in font.
func parseUTF8Metrics(fontkey string, font []byte) (*utf8Metrics, error) {
	utf8File := newUTF8Font(&fileReader{array: font})
	if err := utf8File.parseFile(); err != nil {
		return nil, err
	}
	m := &utf8Metrics{
		desc: FontDescType{
			Ascent:       int(utf8File.Ascent),
			Descent:      int(utf8File.Descent),
			CapHeight:    utf8File.CapHeight,
			Flags:        utf8File.Flags,
			FontBBox:     utf8File.Bbox,
			ItalicAngle:  utf8File.ItalicAngle,
			StemV:        utf8File.StemV,
			MissingWidth: round(utf8File.DefaultWidth),
		},
		up: int(round(utf8File.UnderlinePosition)),
		ut: round(utf8File.UnderlineThickness),
		cw: utf8File.CharWidths,
	}
	var err error
	if m.id, err = generateFontID(fontDefType{Tp: "UTF8", Name: fontkey, Desc: m.desc, Up: m.up, Ut: m.ut, Cw: m.cw}); err != nil {
		return nil, err
	}
	return m, nil
}
