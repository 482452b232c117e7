package pdf

import (
	"slices"
	"strings"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/linebreak"
	"github.com/galleyhq/galley/render/paginate"
)

// ptMM is a typographic point in millimetres, the document's unit.
const ptMM = 25.4 / 72

// DejaVu's vertical metrics, in ems: the box-drawing glyphs of the mono
// font run from descender to ascender, so art set on lines of this height
// joins up.
const (
	fontAscent  = 1901.0 / 2048
	fontDescent = 483.0 / 2048
	fontHeight  = fontAscent + fontDescent
	monoAdvance = 1233.0 / 2048
)

// font is a face at a size, in points.
type font struct {
	family, style string
	size          float64
}

// span is a run of text in one font and colour, maybe a link.
type span struct {
	text  string
	font  font
	color rgb
	// link is the fpdf link the span jumps to, 0 for none.
	link int
	// note is the footnote a footnote mark cites, which goes to the foot
	// of the mark's page.
	note *paginate.Note
	// hyphen marks the hyphen that ends a line broken inside a word, no
	// part of the word.
	hyphen bool
}

// word is text between two spaces. It may change fonts midway
// ("kingdom¹", "*Class*.") but never breaks.
type word struct {
	spans []span
	width float64
}

// text returns the word's text, its spans' run together.
func (w word) text() string {
	if len(w.spans) == 1 {
		return w.spans[0].text
	}
	var b strings.Builder
	for _, sp := range w.spans {
		b.WriteString(sp.text)
	}
	return b.String()
}

// textLine is one line of set text.
type textLine struct {
	words []word
	// natural is the width of the words and the single spaces between.
	natural float64
	// last is a paragraph's last line, which is never justified.
	last bool
	// gap is the width of the line's word spaces as justify set them;
	// zero for a line wrap set, which drawLine justifies itself.
	gap float64
	// broken marks a line that ends inside a word, at a hyphenation
	// point or after a hyphen or dash the text has.
	broken bool
	// overfull marks a line that runs past its width; loose one the
	// breaker could set justified only looser than the tolerance, and so
	// set ragged; cut one that ends in a word cut without a hyphen, where
	// no hyphenation point fits (see wrap). galley check reports them
	// (see layouter.noteBadLines).
	overfull, loose, cut bool
}

// setter measures and sets text with fpdf. Widths are fpdf's own, font by
// font along each fallback chain (see fontChain), and cached: a book
// measures the same words again and again, and twice over when its page
// numbers have to settle.
type setter struct {
	pdf *fpdf.Fpdf
	// cache holds the width of each text measured, at one point, but
	// for printable ASCII, which ascii measures.
	cache map[measureKey]float64
	// ascii holds each face's widths of the ASCII characters, in the
	// font's units, and the millimetres a unit is at one point: a word
	// in ASCII, as most are, is measured by adding its letters' widths,
	// as fpdf does, without hashing it into the cache.
	ascii map[*face]*asciiWidths
	// current is the font fpdf has, to spare it redundant SetFont calls.
	current font
	// items, frags and scratch are justify's scratch space, reused from
	// paragraph to paragraph.
	items   []linebreak.Item
	frags   []fragment
	scratch wordBreaks
	breaker linebreak.Breaker
	// measuring holds the words and lines of a paragraph or a table's
	// cell set only to be measured, reused from one to the next (see
	// layouter.prose, measureColumns and tighten).
	measuring paragraphBuffers
	// drawing holds the buffers of paragraphs whose last line has been
	// drawn, for the next paragraph set to be drawn (see proseLines):
	// a book's paragraphs are set twice, to be laid out and to be drawn,
	// and each setting in arrays of its own was garbage to collect.
	drawing []*paragraphBuffers
	// drawn holds the runs of the text drawSpaced draws, reused from
	// call to call: it is called a word at a time.
	drawn []run
	// breakCache holds the breaks of the words in one font (see breaks).
	breakCache map[measureKey]wordBreaks
	// families are the font families fpdf has: those New adds, and
	// Serif once text is set in it.
	families map[string]bool
	// stop tells the line breaker that the build is cancelled, so that a
	// paragraph of a megabyte need not be finished (see linebreak.Break).
	stop func() bool
	// dx and dy are how far right of and below where it was laid out
	// what is being drawn stands on the page: moved by a press book's
	// bleed, a left-hand page's mirrored margins and a column's step in
	// the second column (see layouter.shift). The drawing is moved by the
	// page's coordinates; links, which fpdf places on the page, not in
	// its drawing, are moved by these.
	dx, dy float64
	// tag marks what is drawn in a tagged book; nil in an untagged one.
	tag *tagger
	// watch, when set, is told the box of every text drawn, on the page
	// (see preflight).
	watch func(x0, y0, x1, y1 float64)
}

// measureKey is text in one face: the face's pointer, not its names, so
// that the key is cheap to hash and to compare, which a book does for every
// word it sets, several times over.
type measureKey struct {
	face *face
	text string
}

func newSetter(pdf *fpdf.Fpdf) *setter {
	return &setter{pdf: pdf, cache: map[measureKey]float64{}, ascii: map[*face]*asciiWidths{}, breakCache: map[measureKey]wordBreaks{}, families: map[string]bool{fontSans: true, fontMono: true}}
}

// use makes f fpdf's font.
func (s *setter) use(f font) {
	if s.current != f {
		if !s.families[f.family] {
			addFamily(s.pdf, f.family)
			s.families[f.family] = true
		}
		s.pdf.SetFont(f.family, f.style, f.size)
		s.current = f
	}
}

// run is text that one face of a fallback chain sets.
type run struct {
	text string
	face *face
}

// replacement is what the PDF prints for a rune no embedded font has: a
// mark every face has, so that the reader sees something is missing rather
// than a hole. galley check reports the rune (see CheckGlyphs), so only a
// book built with its errors allowed prints one.
const replacement = "\uFFFD"

// runs splits text among the faces of f's fallback chain, each rune going
// to the first face that has it. A rune none has is set as replacement; a
// space none has goes to the first, which prints nothing for it. A control
// character is left out: it prints nothing, and the PDF is no place for an
// escape sequence (galley check warns of one, text/control).
func runs(text string, f font) []run {
	return appendRuns(nil, text, f)
}

// appendRuns appends the runs of text to out, as runs makes them.
func appendRuns(out []run, text string, f font) []run {
	chain := fontChain(f.family, f.style)
	if isPrintableASCII(text) {
		return append(out, run{text, chain[0]})
	}
	start := 0
	var cur *face
	for i, r := range text {
		if ast.IsControl(r) {
			if i > start {
				out = append(out, run{text[start:i], cur})
			}
			_, size := utf8.DecodeRuneInString(text[i:])
			start, cur = i+size, nil
			continue
		}
		fc := faceOf(chain, r)
		if fc == nil && !hasGlyph(r) {
			if i > start {
				out = append(out, run{text[start:i], cur})
			}
			out = append(out, run{replacement, faceOf(chain, utf8.RuneError)})
			start, cur = i+utf8.RuneLen(r), nil
			continue
		}
		if fc == nil {
			fc = chain[0]
		}
		if fc != cur && i > start {
			out = append(out, run{text[start:i], cur})
			start = i
		}
		cur = fc
	}
	if start == len(text) {
		return out
	}
	return append(out, run{text[start:], cur})
}

// isPrintableASCII reports whether text is all ASCII, which the first face
// of every chain has, and holds no control character but a tab, which runs
// leaves out.
func isPrintableASCII(text string) bool {
	for i := 0; i < len(text); i++ {
		if c := text[i]; c >= utf8.RuneSelf || (c < ' ' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// faceOf returns the first face of chain that has r, or nil.
func faceOf(chain []*face, r rune) *face {
	for _, c := range chain {
		if c.cmap.Has(r) {
			return c
		}
	}
	return nil
}

// width returns the width of text in f, in millimetres. Text all in
// printable ASCII, as most is, is measured without splitting it among the faces.
func (s *setter) width(text string, f font) float64 {
	if isPrintableASCII(text) {
		return s.asciiWidths(fontChain(f.family, f.style)[0]).of(text) * f.size
	}
	total := 0.0
	for _, r := range runs(text, f) {
		total += s.faceWidth(r.face, r.text) * f.size
	}
	return total
}

// asciiWidths are a face's widths of the ASCII characters (see
// setter.ascii).
type asciiWidths struct {
	units [utf8.RuneSelf]int
	// unit is a unit's width at one point, in millimetres, times 1,000.
	unit float64
}

// asciiWidths returns fc's widths of the ASCII characters, read from fpdf
// the first time.
func (s *setter) asciiWidths(fc *face) *asciiWidths {
	a := s.ascii[fc]
	if a == nil {
		a = &asciiWidths{}
		s.use(font{fc.family, fc.style, 10})
		for c := range a.units {
			a.units[c] = s.pdf.GetStringSymbolWidth(string(rune(c)))
		}
		_, a.unit = s.pdf.GetFontSize()
		s.ascii[fc] = a
	}
	return a
}

// of returns the width of text, all in ASCII, at one point, in
// millimetres: the sum of its characters' widths, as fpdf's
// GetStringWidth at 10 points, over 10, to the last bit.
func (a *asciiWidths) of(text string) float64 {
	units := 0
	for i := 0; i < len(text); i++ {
		units += a.units[text[i]]
	}
	return float64(units) * a.unit / 1000 / 10
}

// faceWidth returns the width of text in fc at one point, in millimetres.
func (s *setter) faceWidth(fc *face, text string) float64 {
	if isPrintableASCII(text) {
		return s.asciiWidths(fc).of(text)
	}
	key := measureKey{fc, text}
	w, ok := s.cache[key]
	if !ok {
		s.use(font{fc.family, fc.style, 10})
		w = s.pdf.GetStringWidth(text) / 10
		s.cache[key] = w
	}
	return w
}

// draw sets text in f with its baseline at (x, y) and returns its width.
func (s *setter) draw(x, y float64, text string, f font, color rgb) float64 {
	return s.drawSpaced(x, y, text, "", f, color)
}

// drawSpaced draws text as draw does, followed by space, which is read
// but takes no room: a tagged book's word spaces (see drawLine).
func (s *setter) drawSpaced(x, y float64, text, space string, f font, color rgb) float64 {
	s.ink(color)
	start := x
	rs := appendRuns(s.drawn[:0], text, f)
	s.drawn = rs
	for i, r := range rs {
		s.use(font{r.face.family, r.face.style, f.size})
		if i == len(rs)-1 {
			s.pdf.Text(x, y, r.text+space)
		} else {
			s.pdf.Text(x, y, r.text)
		}
		x += s.width(r.text, font{r.face.family, r.face.style, f.size})
	}
	if s.watch != nil && strings.TrimSpace(text) != "" {
		em := f.size * ptMM
		s.watch(s.dx+start, s.dy+y-fontAscent*em, s.dx+x, s.dy+y+fontDescent*em)
	}
	return x - start
}

// ink makes c the colour of the text drawn next. PDF fills text with the
// fill colour, and fpdf, whose text colour differs from it, wraps every
// string it draws in "q colour … Q": a fifth of a long book's page
// content, which fpdf holds until the end. So the fill colour is set to the
// text's, once for a run of text in one colour. Whatever fills a shape sets
// its own colour first.
func (s *setter) ink(c rgb) {
	if r, g, b := s.pdf.GetTextColor(); (rgb{r, g, b}) != c {
		s.pdf.SetTextColor(c.r, c.g, c.b)
	}
	if r, g, b := s.pdf.GetFillColor(); (rgb{r, g, b}) != c {
		s.pdf.SetFillColor(c.r, c.g, c.b)
	}
}

// paragraphBuffers are the arrays a paragraph's words and lines are cut
// from (see words and justify), kept to set the next paragraph in when
// nothing holds the last one's lines.
type paragraphBuffers struct {
	spans         []span
	words, onLine []word
	lines         []textLine
}

// words splits spans into words at their spaces and measures them. The
// words' spans are cut from one array, each word's capped so that what is
// appended to it goes elsewhere: a paragraph is two allocations, not one a
// word. They are into's arrays when into is not nil.
func (s *setter) words(spans []span, into *paragraphBuffers) []word {
	pieces := 0 // at most: a span's spaces part it into one piece more
	for _, sp := range spans {
		pieces += strings.Count(sp.text, " ") + 1
	}
	var all []span
	var out []word
	if into != nil {
		all, out = slices.Grow(into.spans[:0], pieces), slices.Grow(into.words[:0], pieces)
		defer func() { into.spans, into.words = all, out }()
	} else {
		all, out = make([]span, 0, pieces), make([]word, 0, pieces)
	}
	start, width := 0, 0.0 // where the current word's spans start in all, and its width
	finish := func() {
		if len(all) > start {
			out = append(out, word{spans: all[start:len(all):len(all)], width: width})
		}
		start, width = len(all), 0
	}
	for _, sp := range spans {
		for rest, first := sp.text, true; ; first = false {
			piece, after, more := strings.Cut(rest, " ")
			if !first {
				finish()
			}
			if piece != "" {
				p := sp
				p.text = piece
				all = append(all, p)
				width += s.width(piece, p.font)
			}
			if !more {
				break
			}
			rest = after
		}
	}
	finish()
	return out
}

// wrap breaks words into lines of at most width: as many words as fit on
// each line, a single space apart. A word wider than a line is hyphenated
// at the last of its hyphenation points that fits (see hyphenate); one
// that no point fits is cut where the line ends, and its line marked cut,
// for galley check to report.
func (s *setter) wrap(words []word, width, space float64) []textLine {
	var lines []textLine
	var cur textLine
	for _, w := range words {
		if w.width > width {
			// cutWord trims the word's spans in place as it cuts it, so
			// that a word of n spans or runes costs n however many lines
			// it takes; the caller's words stay whole.
			w.spans = slices.Clone(w.spans)
		}
		for w.width > width {
			room := width
			if len(cur.words) > 0 {
				room -= cur.natural + space
			}
			head, tail := s.hyphenate(w, room)
			cut := false
			if len(head.spans) == 0 && len(cur.words) == 0 {
				head, tail = s.cutWord(w, room)
				cut = len(head.spans) > 0
			}
			if len(head.spans) == 0 {
				if len(cur.words) == 0 {
					// Not even one rune fits: let it overflow.
					break
				}
				lines = append(lines, cur)
				cur = textLine{}
				continue
			}
			if len(cur.words) > 0 {
				cur.natural += space
			}
			cur.words = append(cur.words, head)
			cur.natural += head.width
			cur.cut, cur.broken = cut, true
			lines = append(lines, cur)
			cur = textLine{}
			w = tail
		}
		gap := 0.0
		if len(cur.words) > 0 {
			gap = space
		}
		if len(cur.words) > 0 && cur.natural+gap+w.width > width {
			lines = append(lines, cur)
			cur, gap = textLine{}, 0
		}
		cur.words = append(cur.words, w)
		cur.natural += gap + w.width
	}
	cur.last = true
	return append(lines, cur)
}

// maxHyphenated is the longest word, in bytes, that hyphenate breaks: no
// word is longer, and a longer run of letters, which only bad input makes,
// is cut rather than searched for a break.
const maxHyphenated = 64

// hyphenate breaks w at the last of its hyphenation points, or of its own
// hyphens and dashes, at which the head, with the hyphen it takes, fits in
// room; head has no spans when none fits.
func (s *setter) hyphenate(w word, room float64) (head, tail word) {
	text := w.text()
	if len(text) > maxHyphenated {
		return word{}, w
	}
	points := breakPoints(nil, text)
	for i := len(points) - 1; i >= 0; i-- {
		at := points[i]
		head = s.slice(w, 0, 0, 0, at)
		if !isDash(text[:at]) {
			// A hyphen, in the font and colour of what it ends, and
			// no part of the word (see drawLine).
			hy := head.spans[len(head.spans)-1]
			hy.text, hy.note, hy.hyphen = "-", nil, true
			head.spans = append(slices.Clip(head.spans), hy)
			head.width += s.width("-", hy.font)
		}
		if head.width <= room {
			return head, s.slice(w, 0, 0, at, len(text))
		}
	}
	return word{}, w
}

// widestPiece returns the width of the widest piece w breaks into at all
// its hyphenation points, and its own hyphens and dashes, each piece but
// the last with the hyphen it takes: the least room wrap sets w in
// without cutting it.
func (s *setter) widestPiece(w word) float64 {
	text := w.text()
	if len(text) > maxHyphenated {
		return w.width
	}
	points := breakPoints(nil, text)
	if len(points) == 0 {
		return w.width
	}
	widest, from := 0.0, 0
	first, start := 0, 0 // the span the piece starts in, and where that span starts
	for _, at := range append(points, len(text)) {
		for first < len(w.spans) && start+len(w.spans[first].text) <= from {
			start += len(w.spans[first].text)
			first++
		}
		piece := s.rangeWidth(w, first, start, from, at)
		if at < len(text) && !isDash(text[:at]) {
			piece += s.width("-", w.spans[len(w.spans)-1].font)
		}
		widest, from = max(widest, piece), at
	}
	return widest
}

// cutWord cuts the longest head off w that fits in room. The tail shares
// w's spans, the first of them trimmed in place, and its width is what the
// head leaves of w's: measuring the tail again would make a long word cost
// the square of its length.
func (s *setter) cutWord(w word, room float64) (head, tail word) {
	for si, sp := range w.spans {
		at, used := s.prefix(sp.text, sp.font, room)
		if at == len(sp.text) {
			room -= used
			continue
		}
		head.spans = slices.Clone(w.spans[:si])
		if at > 0 {
			head.spans = append(head.spans, sp)
			head.spans[si].text = sp.text[:at]
		}
		head = s.measured(head)
		tail.spans = w.spans[si:]
		tail.spans[0].text = sp.text[at:]
		tail.width = max(w.width-head.width, 0)
		return head, tail
	}
	return w, word{}
}

// prefix returns the length in bytes of the longest head of text in f that
// fits in room, and its width, measuring each rune once.
func (s *setter) prefix(text string, f font, room float64) (n int, width float64) {
	for i, r := range text {
		w := s.width(string(r), f)
		if width+w > room {
			return i, width
		}
		width += w
	}
	return len(text), width
}

// slice returns the part of w from byte from to byte to of its text, its
// spans cut to it, measured; w's span first starts at byte at, and holds
// byte from.
func (s *setter) slice(w word, first, at, from, to int) word {
	var out word
	for _, sp := range w.spans[first:] {
		if at >= to {
			break
		}
		end := at + len(sp.text)
		if end <= from { // the span lies wholly before the part
			at = end
			continue
		}
		piece := sp
		piece.text = sp.text[max(from-at, 0) : min(to, end)-at]
		out.spans = append(out.spans, piece)
		at = end
	}
	return s.measured(out)
}

// rangeWidth returns the width of bytes from to to of w's text, measured
// as slice would measure them, without making the word.
func (s *setter) rangeWidth(w word, first, at, from, to int) float64 {
	width := 0.0
	for _, sp := range w.spans[first:] {
		if at >= to {
			break
		}
		end := at + len(sp.text)
		width += s.width(sp.text[max(from-at, 0):min(to, end)-at], sp.font)
		at = end
	}
	return width
}

// measured returns w with its width.
func (s *setter) measured(w word) word {
	w.width = 0
	for _, sp := range w.spans {
		w.width += s.width(sp.text, sp.font)
	}
	return w
}

// maxStretch bounds justification: a line whose spaces would grow past this
// many times their width is set ragged instead, as a line of a few long
// words would look gappy.
const maxStretch = 2.5

// drawLine sets a line with its baseline at y, from x, with the word spaces
// justify gave it, or else justified to width unless it is the last of its
// paragraph or would stretch too far. It places the link areas of the
// spans that link, lineHeight high.
func (s *setter) drawLine(l textLine, x, y, width, space, lineHeight float64) {
	gap := space
	switch {
	case l.gap > 0:
		gap = l.gap
	case !l.last && len(l.words) > 1:
		stretched := space + (width-l.natural)/float64(len(l.words)-1)
		if stretched <= space*maxStretch {
			gap = stretched
		}
	}
	// A link is one annotation from its first word to its last on the
	// line, the spaces between them included, not one a word: a reader's
	// pointer does not flicker between the words, and a long book does not
	// carry thousands of annotations.
	//
	// In a tagged book a link is a Link element in the element the line is
	// drawn for, holding its text and its annotation; a footnote is read
	// after the text that first cites it.
	block := s.pdf.MarkedContent()
	var linkTag *fpdf.StructElem
	var linkText strings.Builder
	link, from, to := 0, 0.0, 0.0
	flush := func() {
		if link != 0 {
			s.pdf.LinkIn(linkTag, strings.TrimSpace(linkText.String()), s.dx+from, s.dy+y-lineHeight*0.75, to-from, lineHeight, link)
		}
		linkText.Reset()
	}
	for i, w := range l.words {
		wx := x
		for j, sp := range w.spans {
			if sp.link != link {
				flush()
				link, from = sp.link, wx
				linkTag = s.tag.link(block, link)
			}
			if sp.note != nil {
				s.tag.cite(block, sp.note)
			}
			// A tagged book's text is read, not only seen: each word
			// is followed by its space, but the last of a line broken
			// inside it, and a hyphen added to break a word is an
			// artifact of the layout, no part of the word.
			space := ""
			if s.tag != nil && j == len(w.spans)-1 && (i < len(l.words)-1 || !l.broken) {
				space = " "
			}
			if sp.hyphen {
				s.tag.mark(artifactTag)
			} else if linkTag != nil {
				linkText.WriteString(sp.text + space)
			}
			wx += s.drawSpaced(wx, y, sp.text, space, sp.font, sp.color)
			to = wx
		}
		x += w.width + gap
	}
	flush()
}
