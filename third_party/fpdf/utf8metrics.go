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
// The widths are only ever read; each document subsets the font from its
// own copy of the bytes (utf8FontFile.GenerateCutFont), which it parses
// afresh.
type utf8Metrics struct {
	font   []byte // the bytes read, to know the font again
	desc   FontDescType
	up, ut int
	cw     []int
	id     string
}

// utf8MetricsRead are the metrics read so far, by font key.
var utf8MetricsRead struct {
	sync.Mutex
	byKey map[string]*utf8Metrics
}

// readUTF8Metrics returns the metrics of the TrueType font in utf8Bytes,
// added under fontkey: read before, when the same bytes were, or read
// now.
func readUTF8Metrics(fontkey string, utf8Bytes []byte) (*utf8Metrics, error) {
	utf8MetricsRead.Lock()
	m := utf8MetricsRead.byKey[fontkey]
	utf8MetricsRead.Unlock()
	if m != nil && bytes.Equal(m.font, utf8Bytes) {
		return m, nil
	}
	// The metrics keep a copy of the bytes, which the caller's document
	// writes into as it subsets the font; parsing only reads them.
	font := bytes.Clone(utf8Bytes)
	utf8File := newUTF8Font(&fileReader{array: font})
	if err := utf8File.parseFile(); err != nil {
		return nil, err
	}
	m = &utf8Metrics{
		font: font,
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
	utf8MetricsRead.Lock()
	if utf8MetricsRead.byKey == nil {
		utf8MetricsRead.byKey = map[string]*utf8Metrics{}
	}
	utf8MetricsRead.byKey[fontkey] = m
	utf8MetricsRead.Unlock()
	return m, nil
}
