package pdf

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/render/hyphen"
	"github.com/galleyhq/galley/render/linebreak"
	"github.com/galleyhq/galley/render/typo"
)

// Prose is set as TeX sets it: the breaks of a whole paragraph chosen
// together (Knuth and Plass's total fit, render/linebreak), with words
// hyphenated by Liang's patterns (render/hyphen), so that word spaces stay
// near their width and no line is looser than the tolerance.
const (
	// spaceStretch and spaceShrink are how far a word space may grow and
	// shrink, as fractions of its width: those of TeX's Computer Modern.
	spaceStretch = 1.0 / 2
	spaceShrink  = 1.0 / 3
	// hyphenPenalty is what breaking at a hyphenation point costs, and
	// explicitHyphenPenalty at a hyphen or dash the text has: TeX's
	// \hyphenpenalty and \exhyphenpenalty.
	hyphenPenalty         = 50
	explicitHyphenPenalty = 50
	// raggedMeasure is the measure, in ens of the text's size, below which
	// prose is set ragged right: a line of fewer than about 40 characters
	// has too few spaces to take up its slack evenly.
	raggedMeasure = 40
	// raggedStretch is the slack a ragged line may leave, in word spaces:
	// the breaks are still chosen for the whole paragraph, to keep the
	// ragged edge even (TeX's \rightskip=0pt plus 2em, near enough).
	raggedStretch = 6
)

// minBreakable is the length in bytes of the shortest word that may be
// broken: the patterns leave two letters before a hyphen and three after
// it, so a shorter word is left whole without consulting them.
const minBreakable = 5

// tolerance is the loosest a justified line may be, as an adjustment ratio:
// TeX's \tolerance=200, a space at most 1.63 times its width. A paragraph
// that cannot be set so is set again with sloppyTolerance, a badness of
// 3000 as in LaTeX's sloppypar, a space at most 2.55 times its width: in a
// column of 60 characters a long word or a dice expression often leaves a
// line no better, and in a justified paragraph one loose line reads better
// than a ragged one. What even that cannot set is set ragged, and warned
// of (see layouter.noteBadLines).
var (
	tolerance       = math.Cbrt(2)
	sloppyTolerance = math.Cbrt(30)
)

// fragment is the part of a word a box of the paragraph's items sets: bytes
// from to to of the word's text, its spans' texts run together. span is
// the span byte from falls in, and at where that span starts, so that
// cutting the word into fragments costs its length, not its length times
// its fragments.
type fragment struct {
	word, span, at, from, to int
}

// justify breaks words into lines of width, with the given word space. The
// lines are justified, each with its own word space, and the last set at
// its natural width; ragged sets every line so, and the ragged edge is
// chosen as evenly as it can be. A narrow measure is set ragged too (see
// raggedMeasure). A word wider than the line is cut where the line ends,
// so that no line runs past it. A line the breaker could only set looser
// than the tolerance is set ragged rather than gappy. The lines are into's
// arrays when into is not nil.
func (s *setter) justify(words []word, width, space float64, base font, ragged bool, into *paragraphBuffers) []textLine {
	if len(words) == 0 {
		return []textLine{{last: true}}
	}
	ragged = ragged || width < raggedMeasure*base.size*ptMM/2
	items, frags := s.items[:0], s.frags[:0]
	glue := linebreak.Glue(space, space*spaceStretch, space*spaceShrink)
	if ragged {
		glue = linebreak.Glue(space, 0, 0)
	}
	for wi, w := range words {
		if wi > 0 {
			items = append(items, glue)
			frags = append(frags, fragment{})
		}
		items, frags = s.appendWord(items, frags, wi, w, width)
	}
	s.items, s.frags = items, frags
	params := linebreak.DefaultParams(width)
	params.Tolerance = tolerance
	params.Stop = s.stop
	if ragged {
		params.RaggedRight = raggedStretch * space
	}
	result := s.breaker.Break(items, params)
	if result.Emergency && !ragged {
		params.Tolerance = sloppyTolerance
		result = s.breaker.Break(items, params)
	}
	// The lines' words are cut from one array, as words' spans are (see
	// words). A word broken between two lines is on both, so the array
	// holds a word a line more than the paragraph has.
	var lines []textLine
	var onLines []word
	if into != nil {
		lines = append(into.lines[:0], make([]textLine, len(result.Lines))...)
		onLines = slices.Grow(into.onLine[:0], len(words)+len(lines))
		defer func() { into.lines, into.onLine = lines, onLines }()
	} else {
		lines = make([]textLine, len(result.Lines))
		onLines = make([]word, 0, len(words)+len(lines))
	}
	for i, bl := range result.Lines {
		line := &lines[i]
		first := len(onLines)
		line.gap = space
		line.overfull = bl.Overfull
		if !ragged {
			if bl.Underfull {
				line.loose = true
			} else {
				line.gap = bl.GlueWidth(glue)
			}
		}
		// The line's words, each the run of fragments of one word between
		// two glues.
		var cur fragment
		flush := func() {
			if cur.to > cur.from {
				w := words[cur.word]
				if cur.from > 0 || cur.to < textLen(w) {
					w = s.slice(w, cur.span, cur.at, cur.from, cur.to)
				}
				if len(onLines) > first {
					line.natural += space
				}
				onLines = append(onLines, w)
				line.natural += w.width
			}
			cur = fragment{}
		}
		for k := bl.Start; k < bl.End; k++ {
			switch items[k].Kind {
			case linebreak.BoxItem:
				if fr := frags[k]; cur.to > cur.from && fr.word == cur.word {
					cur.to = fr.to
				} else {
					cur = fr
				}
			case linebreak.GlueItem:
				flush()
			}
		}
		flush()
		line.words = onLines[first:len(onLines):len(onLines)]
		// Every penalty is inside a word.
		line.broken = bl.End < len(items) && items[bl.End].Kind == linebreak.PenaltyItem
		if line.broken && items[bl.End].Width > 0 {
			// A hyphen, in the font and colour of what it ends.
			w := &line.words[len(line.words)-1]
			hy := w.spans[len(w.spans)-1]
			hy.text, hy.note, hy.hyphen = "-", nil, true
			w.spans = append(w.spans, hy)
			w.width += items[bl.End].Width
			line.natural += items[bl.End].Width
		}
	}
	lines[len(lines)-1].last = true
	return lines
}

// appendWord appends the boxes of word wi to items: one for each piece
// between its hyphenation points and after its hyphens and dashes, with a
// penalty between them to break at, and a piece wider than the line cut
// where the line ends, with no hyphen, so that it does not run into the
// margin.
func (s *setter) appendWord(items []linebreak.Item, frags []fragment, wi int, w word, width float64) ([]linebreak.Item, []fragment) {
	text := w.text()
	b := s.breaks(w, text)
	from, span, at := 0, 0, 0
	// advance moves span and at to the span byte from falls in.
	advance := func() {
		for span < len(w.spans)-1 && at+len(w.spans[span].text) <= from {
			at += len(w.spans[span].text)
			span++
		}
	}
	for i := 0; i <= len(b.points); i++ {
		to := len(text)
		if i < len(b.points) {
			to = b.points[i]
		}
		pieceWidth := b.widths[i]
		if pieceWidth > width {
			// cutWord trims the spans it cuts in place.
			piece := s.slice(w, span, at, from, to)
			piece.spans = slices.Clone(piece.spans)
			for piece.width > width {
				head, tail := s.cutWord(piece, width)
				n := textLen(head)
				if n == 0 {
					break // not even one rune fits: let it overflow
				}
				items = append(items, linebreak.Box(head.width), linebreak.Penalty(0, 0, false))
				frags = append(frags, fragment{wi, span, at, from, from + n}, fragment{})
				from += n
				advance()
				piece = tail
			}
			pieceWidth = piece.width
		}
		items = append(items, linebreak.Box(pieceWidth))
		frags = append(frags, fragment{wi, span, at, from, to})
		if i < len(b.points) {
			if isDash(text[:to]) {
				items = append(items, linebreak.Penalty(0, explicitHyphenPenalty, true))
			} else {
				items = append(items, linebreak.Penalty(b.hyphens[i], hyphenPenalty, true))
			}
			frags = append(frags, fragment{})
		}
		from = to
		advance()
	}
	return items, frags
}

// wordBreaks are where a word may break, the widths of the pieces between,
// and the width of the hyphen each break but a dash's adds, in the font of
// the piece it ends.
type wordBreaks struct {
	points          []int
	widths, hyphens []float64
}

// breaks returns w's breaks. A word in one font, as most are, is looked
// up by its text and font, measured at one point and scaled: a book sets
// the same words again and again, and each paragraph twice or more, and
// finding and measuring the pieces was most of the cost of setting it.
func (s *setter) breaks(w word, text string) wordBreaks {
	if len(w.spans) > 1 {
		return s.measureBreaks(w, text, &s.scratch)
	}
	f := w.spans[0].font
	key := measureKey{fontChain(f.family, f.style)[0], text}
	b, ok := s.breakCache[key]
	if !ok {
		unit := w
		unit.spans = []span{w.spans[0]}
		unit.spans[0].font.size = 1
		unit.width = w.width / f.size
		b = s.measureBreaks(unit, text, &wordBreaks{})
		s.breakCache[key] = b
	}
	s.scratch.points = b.points
	s.scratch.widths = scale(s.scratch.widths[:0], b.widths, f.size)
	s.scratch.hyphens = scale(s.scratch.hyphens[:0], b.hyphens, f.size)
	return s.scratch
}

// measureBreaks finds w's breaks into b, reusing its slices.
func (s *setter) measureBreaks(w word, text string, b *wordBreaks) wordBreaks {
	b.points = breakPoints(b.points[:0], text)
	b.widths, b.hyphens = b.widths[:0], b.hyphens[:0]
	if len(b.points) == 0 {
		b.widths = append(b.widths, w.width)
		return *b
	}
	from, span, at := 0, 0, 0
	for i := 0; i <= len(b.points); i++ {
		to := len(text)
		if i < len(b.points) {
			to = b.points[i]
		}
		for span < len(w.spans)-1 && at+len(w.spans[span].text) <= from {
			at += len(w.spans[span].text)
			span++
		}
		b.widths = append(b.widths, s.rangeWidth(w, span, at, from, to))
		if i < len(b.points) {
			// The hyphen takes the font of the piece's last byte.
			last, lastAt := span, at
			for last < len(w.spans)-1 && lastAt+len(w.spans[last].text) < to {
				lastAt += len(w.spans[last].text)
				last++
			}
			b.hyphens = append(b.hyphens, s.width("-", w.spans[last].font))
		}
		from = to
	}
	return *b
}

// scale appends each of widths times size to dst.
func scale(dst, widths []float64, size float64) []float64 {
	for _, w := range widths {
		dst = append(dst, w*size)
	}
	return dst
}

// textLen returns the length in bytes of w's text.
func textLen(w word) int {
	n := 0
	for _, sp := range w.spans {
		n += len(sp.text)
	}
	return n
}

// breakPoints appends to dst the byte offsets in text a line may break at:
// its hyphenation points, and after a hyphen or dash between two letters,
// which is a break of its own (and given no hyphenation point by Liang's
// patterns). A reference's label ("Table", "Section") is not hyphenated:
// "Ta-/ble 5" reads as badly as a label parted from its number.
func breakPoints(dst []int, text string) []int {
	if len(text) < minBreakable || typo.Label(strings.TrimFunc(text, notLetter)) {
		return dst
	}
	start := len(dst)
	dst = hyphen.EnglishUS().AppendPoints(dst, text)
	prev := utf8.RuneError
	for i, r := range text {
		if (r == '-' || r == '—') && unicode.IsLetter(prev) {
			if next, _ := utf8.DecodeRuneInString(text[i+utf8.RuneLen(r):]); unicode.IsLetter(next) {
				dst = insertSorted(dst, start, i+utf8.RuneLen(r))
			}
		}
		prev = r
	}
	return dst
}

func notLetter(r rune) bool { return !unicode.IsLetter(r) }

// insertSorted inserts v into the sorted dst[start:].
func insertSorted(dst []int, start, v int) []int {
	i := len(dst)
	for i > start && dst[i-1] > v {
		i--
	}
	dst = append(dst, 0)
	copy(dst[i+1:], dst[i:])
	dst[i] = v
	return dst
}

// isDash reports whether text ends in a hyphen or dash: a break after it
// adds no hyphen.
func isDash(text string) bool {
	return strings.HasSuffix(text, "-") || strings.HasSuffix(text, "—")
}
