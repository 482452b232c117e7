package linebreak

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Measures of the test paragraphs, roughly a 10 pt book face, in quarter
// points so that sums are exact however they are added up, and the search
// and its check in exhaustive_test.go round alike.
const (
	letterWidth = 5.0
	spaceWidth  = 3.25
	spaceStr    = 1.75
	spaceShr    = 1.25
	hyphenWidth = 3.25
	hyphenCost  = 50 // TeX's \hyphenpenalty
)

// paragraph turns text into items: each word a box of letterWidth a letter,
// each space glue, a '|' in a word a flagged hyphenation penalty, and a
// '\n' a forced break.
func paragraph(text string) []Item {
	var items []Item
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			items = append(items, Penalty(0, -Infinity, false))
		}
		for j, word := range strings.Fields(line) {
			if j > 0 {
				items = append(items, Glue(spaceWidth, spaceStr, spaceShr))
			}
			for k, syllable := range strings.Split(word, "|") {
				if k > 0 {
					items = append(items, Penalty(hyphenWidth, hyphenCost, true))
				}
				items = append(items, Box(letterWidth*float64(len(syllable))))
			}
		}
	}
	return items
}

// text writes the lines back as words, a hyphen ending a line broken at one.
func text(items []Item, r Result) []string {
	var lines []string
	for _, l := range r.Lines {
		var b strings.Builder
		for _, it := range items[l.Start:l.End] {
			switch it.Kind {
			case BoxItem:
				b.WriteString(strings.Repeat("x", int(it.Width/letterWidth)))
			case GlueItem:
				b.WriteByte(' ')
			}
		}
		if l.End < len(items) && items[l.End].Kind == PenaltyItem && items[l.End].Width > 0 {
			b.WriteByte('-')
		}
		lines = append(lines, b.String())
	}
	return lines
}

// checkInvariants checks what every result must satisfy, feasible or not.
func checkInvariants(t *testing.T, items []Item, p Params, r Result) {
	t.Helper()
	end := len(items)
	for end > 0 && items[end-1].Kind == GlueItem {
		end--
	}
	if end == 0 {
		if len(r.Lines) != 0 {
			t.Fatalf("an empty paragraph has %d lines", len(r.Lines))
		}
		return
	}
	if len(r.Lines) == 0 || r.Lines[len(r.Lines)-1].End != end {
		t.Fatalf("the lines %+v do not end at item %d", r.Lines, end)
	}
	previous := -1
	sum := 0.0
	for i, l := range r.Lines {
		if l.Start < previous+1 || l.End < l.Start || (i > 0 && l.End <= r.Lines[i-1].End) {
			t.Fatalf("line %d is items [%d, %d) after a break at %d", i, l.Start, l.End, previous)
		}
		for _, it := range items[previous+1 : l.Start] {
			if it.Kind == BoxItem {
				t.Fatalf("line %d drops a box", i)
			}
		}
		for j := l.Start; j < l.End; j++ {
			if items[j].forced() {
				t.Fatalf("line %d runs through the forced break at %d", i, j)
			}
		}
		if l.End < end {
			at := items[l.End]
			legal := (at.Kind == GlueItem && l.End > 0 && items[l.End-1].Kind == BoxItem) ||
				(at.Kind == PenaltyItem && at.Penalty < Infinity)
			if !legal {
				t.Fatalf("line %d breaks at item %d, %+v, where no break is allowed", i, l.End, at)
			}
		}
		if l.Overfull != (l.Ratio < -1) || l.Underfull != (l.Ratio > p.Tolerance) {
			t.Fatalf("line %d: ratio %g, overfull %v, underfull %v", i, l.Ratio, l.Overfull, l.Underfull)
		}
		if !r.Emergency && (l.Overfull || l.Underfull) {
			t.Fatalf("line %d has ratio %g outside the tolerance without an emergency", i, l.Ratio)
		}
		if l.Overfull != (l.Overflow() > 0) && !math.IsInf(l.Ratio, -1) {
			t.Fatalf("line %d: overfull %v but overflow %g", i, l.Overfull, l.Overflow())
		}
		sum += l.Demerits
		previous = l.End
	}
	if math.Abs(sum-r.Demerits) > 1e-9*max(1, math.Abs(sum)) {
		t.Fatalf("the lines' demerits add up to %g, the result says %g", sum, r.Demerits)
	}
}

func TestBreak(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		width     float64
		want      []string
		emergency bool
	}{
		{"one line", "a few words", 100, []string{"x xxx xxxxx"}, false},
		{"two lines", "aaaa bbbb cccc dddd eeee", 70, []string{"xxxx xxxx xxxx", "xxxx xxxx"}, false},
		// Hyphenating "ab|so|lute|ly" makes the first line fit; without the
		// hyphen points no break would be within the tolerance.
		{"hyphen", "aaaaa ab|so|lute|ly bb", 53, []string{"xxxxx xxxx-", "xxxxxx xx"}, false},
		{"forced break", "aaaa bbbb\ncc", 200, []string{"xxxx xxxx", "xx"}, true},
		// As in TeX, the line that must run over takes what comes before
		// it, rather than leave a line that is underfull too.
		{"overlong word", "aa bbbbbbbbbb cc", 30, []string{"xx xxxxxxxxxx", "xx"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := paragraph(tt.text)
			p := DefaultParams(tt.width)
			r := Break(items, p)
			checkInvariants(t, items, p, r)
			if got := text(items, r); strings.Join(got, "/") != strings.Join(tt.want, "/") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if r.Emergency != tt.emergency {
				t.Errorf("emergency %v, want %v", r.Emergency, tt.emergency)
			}
		})
	}
}

func TestDemerits(t *testing.T) {
	// Two words of 10 and a space of 2 that stretches 2 and shrinks 1, in
	// lines of 22, 24 and 25 points, worked out by hand with TeX's formulas.
	items := []Item{Box(10), Glue(2, 2, 1), Box(10), Glue(2, 2, 1), Box(10)}
	tests := []struct {
		width     float64
		ratio     float64
		demerits  float64
		emergency bool
	}{
		// Both words fit exactly: badness 0, (10+0)² for each line.
		{22, 0, 100 + 100, false},
		// Stretched by all its stretch: badness 100, loose, next to the
		// decent last line.
		{24, 1, 110*110 + 100, false},
		// Beyond the tolerance: badness 337.5, very loose, two classes
		// from the decent class TeX gives the paragraph's start and from
		// the last line's.
		{25, 1.5, 347.5*347.5 + 10000 + 100 + 10000, true},
	}
	for _, tt := range tests {
		p := DefaultParams(tt.width)
		r := Break(items, p)
		checkInvariants(t, items, p, r)
		if len(r.Lines) != 2 || r.Lines[0].End != 3 || r.Lines[0].Ratio != tt.ratio ||
			r.Demerits != tt.demerits || r.Emergency != tt.emergency {
			t.Errorf("width %g: got %+v, want ratio %g, demerits %g", tt.width, r, tt.ratio, tt.demerits)
		}
	}
}

func TestHyphenDemerits(t *testing.T) {
	// Without FinalHyphenDemerits the cheapest way ends the last line but
	// one with a hyphen; with them, a looser line that does not wins. (The
	// exhaustive comparisons check DoubleHyphenDemerits.)
	items := paragraph("aaaa bb|cc dd|ee ff|gg hh|ii")
	free := DefaultParams(86.25)
	free.FinalHyphenDemerits = 0
	for _, tt := range []struct {
		p    Params
		want string
	}{
		{DefaultParams(86.25), "xxxx xxxx xxxx xxxx/xxxx"},
		{free, "xxxx xxxx xxxx xx-/xx xxxx"},
	} {
		compareExhaustive(t, items, tt.p)
		if got := strings.Join(text(items, Break(items, tt.p)), "/"); got != tt.want {
			t.Errorf("final hyphen demerits %g: got %q, want %q", tt.p.FinalHyphenDemerits, got, tt.want)
		}
	}
}

func TestEmptyParagraph(t *testing.T) {
	for _, items := range [][]Item{nil, {Glue(3, 1, 1)}, {Glue(3, 1, 1), Glue(3, 1, 1)}} {
		if r := Break(items, DefaultParams(100)); len(r.Lines) != 0 || r.Emergency {
			t.Errorf("%v: got %+v", items, r)
		}
	}
}

func TestForcedBreakWithFil(t *testing.T) {
	// TeX's \\ is fil glue then a forced break: the line ends short but
	// within the tolerance, and the fil glue takes the room left.
	items := []Item{Box(20), Glue(3, 1, 1), Box(20), Glue(0, math.Inf(1), 0), Penalty(0, -Infinity, false), Box(10)}
	r := Break(items, DefaultParams(100))
	checkInvariants(t, items, DefaultParams(100), r)
	if r.Emergency || len(r.Lines) != 2 || r.Lines[0].End != 4 {
		t.Fatalf("got %+v", r)
	}
	l := r.Lines[0]
	if got := l.GlueWidth(items[1]) + l.GlueWidth(items[3]); got != 60 {
		t.Errorf("the glue of the first line is %g wide, want 60", got)
	}
}

func TestForcedBreakWithoutFil(t *testing.T) {
	// Without fil glue a line ending at a forced break is justified, as in
	// TeX: here it cannot stretch far enough, and is reported.
	items := paragraph("aaaa bbbb\ncc")
	r := Break(items, DefaultParams(200))
	if !r.Emergency || !r.Lines[0].Underfull || r.Lines[1].Underfull {
		t.Fatalf("got %+v", r)
	}
	// The paragraph's own end never leaves a line underfull.
	if r.Lines[1].Ratio != 0 {
		t.Errorf("the last line has ratio %g", r.Lines[1].Ratio)
	}
}

func TestOverlongWord(t *testing.T) {
	items := paragraph("aa bbbbbbbbbb cc")
	r := Break(items, DefaultParams(30))
	checkInvariants(t, items, DefaultParams(30), r)
	overfull := 0
	for _, l := range r.Lines {
		if l.Overfull {
			overfull++
			if want := 10 + spaceWidth + 50 - spaceShr - 30; math.Abs(l.Overflow()-want) > 1e-9 {
				t.Errorf("overflow %g, want %g", l.Overflow(), want)
			}
		}
	}
	if overfull != 1 {
		t.Errorf("%d overfull lines, want 1: %+v", overfull, r.Lines)
	}
}

func TestLineWidths(t *testing.T) {
	// A narrower first line, as beside a float, then a wide one, then the
	// column's width for every line after.
	items := paragraph(strings.Repeat("aaaa bbb cc ", 12))
	p := DefaultParams(60, 150, 100)
	r := Break(items, p)
	checkInvariants(t, items, p, r)
	for i, l := range r.Lines {
		want := p.Widths[min(i, 2)]
		if l.Width != want {
			t.Errorf("line %d is %g wide, want %g", i, l.Width, want)
		}
		if i < len(r.Lines)-1 {
			set := l.Natural
			for _, it := range items[l.Start:l.End] {
				if it.Kind == GlueItem {
					set += l.GlueWidth(it) - it.Width
				}
			}
			if math.Abs(set-want) > 1e-9 {
				t.Errorf("line %d is set %g wide, want %g", i, set, want)
			}
		}
	}
}

func TestRaggedRight(t *testing.T) {
	var items []Item
	for i, word := range strings.Fields(frogKing) {
		if i > 0 {
			items = append(items, Glue(spaceWidth, 0, 0))
		}
		items = append(items, Box(letterWidth*float64(len(word))))
	}
	feasible := 0
	for width := 150.0; width <= 300; width += 10 {
		p := DefaultParams(width)
		p.RaggedRight = 20 // TeX's \raggedright: 2 em
		compareExhaustive(t, items, p)
		r := Break(items, p)
		if r.Emergency {
			continue
		}
		feasible++
		for i, l := range r.Lines[:len(r.Lines)-1] {
			if l.Natural > l.Width || l.Natural < l.Width-p.Tolerance*p.RaggedRight {
				t.Errorf("width %g, line %d: natural width %g", width, i, l.Natural)
			}
			if g := l.GlueWidth(items[l.Start+1]); g != spaceWidth {
				t.Errorf("width %g, line %d: a space is %g wide, want %g", width, i, g, spaceWidth)
			}
		}
	}
	if feasible < 5 {
		t.Errorf("only %d of the widths can be set within the tolerance", feasible)
	}
}

// The paragraph Knuth and Plass set in "Breaking Paragraphs into Lines"
// (1981), from the Grimms' "The Frog King".
var frogKing = strings.Join(strings.Fields(`In olden times when wishing still helped one, there lived a king
whose daughters were all beautiful; and the youngest was so beautiful that the
sun itself, which has seen so much, was astonished whenever it shone in her
face. Close by the king's castle lay a great dark forest, and under an old
lime-tree in the forest was a well, and when the day was very warm, the king's
child went out into the forest and sat down by the side of the cool fountain;
and when she was bored she took a golden ball, and threw it up on high and
caught it; and this ball was her favorite plaything.`), " ")

// frogKingHyphenated marks where hyph-en-us would hyphenate its longer words.
var frogKingHyphenated = strings.NewReplacer("wishing", "wish|ing", "daughters", "daugh|ters",
	"beautiful", "beau|ti|ful", "youngest", "youngest", "itself", "it|self",
	"astonished", "as|ton|ished", "whenever", "when|ever", "castle", "cas|tle",
	"forest", "for|est", "fountain", "foun|tain", "golden", "golden", "favorite", "fa|vorite",
	"plaything", "play|thing").Replace(frogKing)

func TestFrogKing(t *testing.T) {
	items := paragraph(frogKingHyphenated)
	feasible := 0
	for width := 100.0; width <= 500; width += 20 {
		p := DefaultParams(width)
		r := Break(items, p)
		// As well as trying every way of breaking it.
		compareExhaustive(t, items, p)
		if r.Emergency {
			continue
		}
		feasible++
		// Better than filling each line in turn, when that is feasible.
		if greedy, ok := firstFit(items, p); ok && greedy < r.Demerits {
			t.Errorf("width %g: first fit costs %g, total fit %g", width, greedy, r.Demerits)
		}
	}
	if feasible < 5 {
		t.Errorf("only %d of the widths can be set within the tolerance", feasible)
	}
}

// firstFit breaks the paragraph by putting as much on each line as fits, and
// returns what that costs, or false if a line it makes is out of tolerance.
func firstFit(items []Item, p Params) (float64, bool) {
	items = trimmed(items)
	legal := legalBreaks(items)
	s := state{fitness: decent}
	total := 0.0
	for s.start < len(items) || s.line == 0 {
		var next *lineCost
		for _, at := range legal {
			if at.position < s.start {
				continue
			}
			c := measure(items, p, s, at)
			if c.ratio < -1 {
				break
			}
			if c.ratio <= p.Tolerance {
				next = &c
			}
			if at.forced() {
				break
			}
		}
		if next == nil {
			return 0, false
		}
		total += next.demerits
		s = next.next
		if next.final {
			break
		}
	}
	return total, true
}

func TestAgainstExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		items, p := randomParagraph(rng)
		compareExhaustive(t, items, p)
		if t.Failed() {
			t.Fatalf("case %d: %+v, widths %v", i, items, p.Widths)
		}
	}
}

// TestBreakerReused breaks paragraphs of every size one after another with
// one Breaker, windows and emergency passes among them, and requires of
// each the lines a fresh Break gives: nothing one paragraph leaves in the
// Breaker's lists may change the next.
func TestBreakerReused(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var b Breaker
	for i := range 400 {
		items, p := randomParagraph(rng)
		if i%20 == 0 {
			items, p = randomText(window/2+rng.IntN(window)), DefaultParams(330)
			p.Tolerance = []float64{1, math.Cbrt(2)}[rng.IntN(2)]
		}
		want := Break(items, p)
		got := b.Break(items, p)
		if !slices.Equal(got.Lines, want.Lines) || got.Demerits != want.Demerits || got.Emergency != want.Emergency {
			t.Fatalf("paragraph %d of %d items: the reused Breaker gave %+v, a fresh one %+v", i, len(items), got, want)
		}
	}
}

// randomParagraph makes a small paragraph and measures: integer widths, so
// that sums are exact and ties compare equal.
func randomParagraph(rng *rand.Rand) ([]Item, Params) {
	var items []Item
	for range 1 + rng.IntN(14) {
		items = append(items, randomItem(rng.IntN(256), rng.IntN(256)))
	}
	p := DefaultParams(float64(10+rng.IntN(30)), float64(10+rng.IntN(30)))
	p.Tolerance = []float64{1, math.Cbrt(2), 2, 10}[rng.IntN(4)]
	return items, p
}

// randomItem makes an item from two bytes, for the tests and the fuzzer.
func randomItem(kind, value int) Item {
	switch kind % 8 {
	case 0, 1, 2:
		return Box(float64(1 + value%10))
	case 3, 4:
		w := float64(1 + value%4)
		return Glue(w, float64(value/4%4), float64(value/16%int(w+1)))
	case 5:
		return Glue(0, math.Inf(1), 0)
	}
	penalty := []float64{-Infinity, -50, 0, 50, 100, Infinity}[value%6]
	return Penalty(float64(value/6%3), penalty, value/18%2 == 1)
}

// compareExhaustive checks Break against trying every sequence of breaks.
func compareExhaustive(t *testing.T, items []Item, p Params) {
	t.Helper()
	r := Break(items, p)
	checkInvariants(t, items, p, r)
	if want, ok := exhaustive(items, p, false); ok {
		if r.Emergency {
			t.Errorf("emergency, but a breaking costing %g is within the tolerance", want)
		} else if math.Abs(want-r.Demerits) > 1e-9*max(1, want) {
			t.Errorf("demerits %g, the least is %g", r.Demerits, want)
		}
		return
	}
	if !r.Emergency {
		t.Errorf("no breaking is within the tolerance, but no emergency")
		return
	}
	// The emergency pass lets lines be loose: among the breakings with no
	// line running over, it finds the best; where there is none, it runs
	// a line over and says so.
	if want, ok := exhaustive(items, p, true); ok {
		if math.Abs(want-r.Demerits) > 1e-9*max(1, want) {
			t.Errorf("emergency demerits %g, the least is %g", r.Demerits, want)
		}
		return
	}
	overfull := false
	for _, l := range r.Lines {
		overfull = overfull || l.Overfull
	}
	if !overfull {
		t.Errorf("every breaking runs a line over, but none is reported: %+v", r.Lines)
	}
}

func FuzzBreak(f *testing.F) {
	f.Add([]byte{20, 0, 5, 3, 1, 0, 5, 7, 2})
	f.Add([]byte{5, 0, 200, 3, 3, 0, 9, 7, 0, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		p := DefaultParams(float64(5+data[0]%40), float64(5+data[1]%40))
		var items []Item
		for i := 2; i+1 < len(data) && len(items) < 14; i += 2 {
			items = append(items, randomItem(int(data[i]), int(data[i+1])))
		}
		compareExhaustive(t, items, p)
	})
}

// BenchmarkBreak sets paragraphs of 1,000 and 100,000 words: justified at a
// measure of about 66 characters, and at one of 50 with a tolerance that no
// breaking meets, so that the emergency pass runs after the first fails.
// The cost per word should not grow with the paragraph's length.
func BenchmarkBreak(b *testing.B) {
	justified := DefaultParams(330)
	emergency := DefaultParams(250)
	emergency.Tolerance = 1
	for _, c := range []struct {
		name string
		p    Params
	}{{"justified", justified}, {"emergency", emergency}} {
		for _, words := range []int{1000, 100000} {
			items := randomText(words)
			b.Run(fmt.Sprintf("%s/%dwords", c.name, words), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					Break(items, c.p)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*words), "ns/word")
			})
		}
	}
}

// randomText makes words of English-like lengths with a hyphenation point
// every three letters in the longer ones.
func randomText(words int) []Item {
	rng := rand.New(rand.NewPCG(3, 4))
	var items []Item
	for i := range words {
		if i > 0 {
			items = append(items, Glue(spaceWidth, spaceStr, spaceShr))
		}
		n := 1 + rng.IntN(6) + rng.IntN(6)
		for n > 5 {
			items = append(items, Box(3*letterWidth), Penalty(hyphenWidth, hyphenCost, true))
			n -= 3
		}
		items = append(items, Box(float64(n)*letterWidth))
	}
	return items
}
