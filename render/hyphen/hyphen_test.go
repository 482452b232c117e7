package hyphen

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// hyphenated writes word with a hyphen at each of its points.
func hyphenated(word string, points []int) string {
	var b strings.Builder
	last := 0
	for _, p := range points {
		b.WriteString(word[last:p])
		b.WriteByte('-')
		last = p
	}
	b.WriteString(word[last:])
	return b.String()
}

// A hyphenation is a word and where it should be hyphenated.
type hyphenation struct{ word, want string }

func checkHyphenations(t *testing.T, h *Hyphenator, tests []hyphenation) {
	t.Helper()
	for _, tt := range tests {
		if got := hyphenated(tt.word, h.Points(tt.word)); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.word, got, tt.want)
		}
	}
}

func TestEnglishUS(t *testing.T) {
	// Every expectation here is what TeX gives with these patterns (see
	// testdata/tex-en-us.txt), not what a dictionary says.
	tests := []hyphenation{
		{"hyphenation", "hy-phen-ation"},
		{"table", "ta-ble"}, // an exception: the patterns alone say "ta-ble" too
		{"character", "char-ac-ter"},
		{"algorithm", "al-go-rithm"},
		{"manuscript", "man-u-script"},
		{"typesetting", "type-set-ting"},
		{"qualification", "qual-i-fi-ca-tion"},
		{"present", "present"},      // an exception with no hyphen
		{"democrat", "de-mo-c-rat"}, // the patterns' known bug, listed in their header
		{"insect", "in-sect"},       // two letters may stand before a hyphen
		{"beetle", "bee-tle"},       // and three after
		{"abandon", "aban-don"},     // but not one before (the patterns allow a-ban-don)
		{"accuracy", "ac-cu-racy"},  // nor two after (they allow ac-cu-ra-cy)
		{"Hyphenation", "Hy-phen-ation"},
		{"TABLE", "TA-BLE"},
		{"PreSent", "PreSent"},
		{"", ""},
		{"a", "a"},
	}
	checkHyphenations(t, EnglishUS(), tests)
}

func TestEnglishUSMatchesTeX(t *testing.T) {
	f, err := os.Open("testdata/tex-en-us.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := EnglishUS()
	words, failures := 0, 0
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		want := scanner.Text()
		if strings.HasPrefix(want, "#") {
			continue
		}
		words++
		word := strings.ReplaceAll(want, "-", "")
		if got := hyphenated(word, h.Points(word)); got != want {
			t.Errorf("got %q, TeX gives %q", got, want)
			if failures++; failures == 10 {
				t.Fatal("and perhaps more")
			}
		}
	}
	if err := scanner.Err(); err != nil {
		t.Fatal(err)
	}
	if words < 1000 {
		t.Fatalf("only %d words in testdata/tex-en-us.txt", words)
	}
}

func TestEnglishUSExceptions(t *testing.T) {
	h := EnglishUS()
	for line := range strings.Lines(englishUSExceptions) {
		want := strings.TrimSpace(line)
		word := strings.ReplaceAll(want, "-", "")
		if got := hyphenated(word, h.Points(word)); got != want {
			t.Errorf("got %q, the exceptions say %q", got, want)
		}
	}
}

func TestNonLetters(t *testing.T) {
	tests := []hyphenation{
		{"self-sacrificing", "self-sac-ri-fic-ing"}, // its own hyphen is no point
		{"hyphenation-character", "hy-phen-ation-char-ac-ter"},
		{"character’s", "char-ac-ter’s"},
		{"character's", "char-ac-ter's"},
		{"’hyphenation", "’hy-phen-ation"},
		{"shouldn’t", "shouldn’t"},
		{"and/or", "and/or"},
		{"hyphenation,", "hy-phen-ation,"},
		{"(character)", "(char-ac-ter)"},
		{"“Hyphenation”", "“Hy-phen-ation”"},
		{"d100", "d100"}, // dice notation is never broken
		{"3d12kh2", "3d12kh2"},
		{"hyphenation2", "hyphenation2"},
		{"2nd-character", "2nd-character"},
		{"Über-character", "Über-char-ac-ter"},
		{"naïveté", "naïveté"},
		{"characte\u0301r", "char-ac-te\u0301r"}, // a combining mark stays with its letter
		{"\xffcharacter", "\xffchar-ac-ter"},
	}
	checkHyphenations(t, EnglishUS(), tests)
}

func TestAppendPointsReusesBuffer(t *testing.T) {
	h := EnglishUS()
	buf := make([]int, 0, 16)
	buf = h.AppendPoints(buf[:0], "hyphenation")
	buf = h.AppendPoints(buf, "table")
	if want := []int{2, 6, 2}; !slices.Equal(buf, want) {
		t.Fatalf("got %v, want %v", buf, want)
	}
}

func TestNew(t *testing.T) {
	// Liang's own example: with these patterns "hyphenation" gets
	// hy-phen-ation (Liang 1983, and The TeXbook, appendix H).
	h, err := New("hy3ph\nhe2n\nhena4\nhen5at\n1na\nn2at\n1tio\n2io\no2n\n", "", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := hyphenated("hyphenation", h.Points("hyphenation")); got != "hy-phen-ation" {
		t.Errorf("got %q", got)
	}
	// TeX with \lefthyphenmin=1 \righthyphenmin=1 gives these.
	h, err = New(englishUSPatterns, englishUSExceptions, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"a-ban-don", "ac-cu-ra-cy", "adapt-ed", "a-bil-i-ty"} {
		word := strings.ReplaceAll(want, "-", "")
		if got := hyphenated(word, h.Points(word)); got != want {
			t.Errorf("got %q, TeX gives %q", got, want)
		}
	}
	// The minimums hold for exceptions as for patterns.
	h, err = New("", "a-b-cdef-g\n", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := hyphenated("abcdefg", h.Points("abcdefg")); got != "ab-cdefg" {
		t.Errorf("got %q", got)
	}

	for _, bad := range []struct{ patterns, exceptions string }{
		{"a12b", ""},
		{"123", ""},
		{"a1b\na1b", ""},
		{"", "-ab"},
		{"", "ab-"},
		{"", "a--b"},
		{"", "a2b"},
		{"", strings.Repeat("a", 65)},
	} {
		if _, err := New(bad.patterns, bad.exceptions, 2, 3); err == nil {
			t.Errorf("New(%q, %q) gave no error", bad.patterns, bad.exceptions)
		}
	}
}

func FuzzPoints(f *testing.F) {
	for _, seed := range []string{"hyphenation", "self-sacrificing", "character’s", "d100", "Über", "", "\xff\xfe", strings.Repeat("ab", 40)} {
		f.Add(seed)
	}
	h := EnglishUS()
	f.Fuzz(func(t *testing.T, word string) {
		points := h.Points(word)
		last := 0
		for _, p := range points {
			if p <= last || p >= len(word) {
				t.Fatalf("%q: point %d after %d, or outside the word (%v)", word, p, last, points)
			}
			if !utf8.RuneStart(word[p]) {
				t.Fatalf("%q: point %d inside a character", word, p)
			}
			last = p
		}
	})
}

var benchmarkWords = strings.Fields(`Total fit line breaking chooses the breaks of a
whole paragraph at once, so that no line is much looser than its neighbours;
hyphenation gives it more places to choose from, and the typesetter's patterns
say where a characteristically English word may be divided: qualification,
resistance, Nests, Insects, beetle, d100.`)

func BenchmarkPoints(b *testing.B) {
	h := EnglishUS()
	var buf []int
	b.ReportAllocs()
	for b.Loop() {
		for _, w := range benchmarkWords {
			buf = h.AppendPoints(buf[:0], w)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchmarkWords)), "ns/word")
}

// BenchmarkFirstUse measures what the first call of EnglishUS costs: reading
// the embedded patterns into the trie.
func BenchmarkFirstUse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(englishUSPatterns, englishUSExceptions, 2, 3); err != nil {
			b.Fatal(err)
		}
	}
}
