package check

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The prose checks' scanners were regular expressions; these are those
// expressions, which each scanner must agree with on every text.
var (
	resultAfterPattern       = regexp.MustCompile(`^\s+results?\s+(?:is|was)\s+["“]?(\d+)`)
	resultOfBeforePattern    = regexp.MustCompile(`(?i)\bresult\s+of\s+(?:the|a|an)\s+$`)
	resultOfAfterPattern     = regexp.MustCompile(`^(?:\s+decile\s+die)?\s+(?:is|was)\s+["“]?(\d+)`)
	rolePhrasePattern        = regexp.MustCompile(`(?i)\b(?:as|for)\s+(?:the|a|its|their)\s+["“]?(tens|ones)\b`)
	diceListSeparatorPattern = regexp.MustCompile(`^\s*,?\s*(?:(?:and|or)\s+)?(?:(?:a|an|the)\s+)?(?:(?:one|zero)-based\s+|ordinary\s+)?$`)
	capitalisedBeforePattern = regexp.MustCompile(`(?:\b\p{Lu}[\p{L}'’-]*\s+){1,4}$`)
	signedModifiersPattern   = regexp.MustCompile(`(?i)\b(?:positive|negative)\s+(?:static\s+|dramatic\s+)?modifiers?\b`)
	trackOptionPattern       = regexp.MustCompile(`○\s*([^.○│]*[^.○│\s])\s*\.`)
	boxTitlePattern          = regexp.MustCompile(`^\s*[┌├]─?[\[<]([^\]>]+)[\]>]`)
	rangeBoundsPattern       = regexp.MustCompile(`^[^.;:]{0,24}?(?:\[\s*(\d+)%?\s*,\s*(\d+)%?\s*\]|\bfrom\s+(\d+)%?\s+to\s+(\d+)%?)`)
	aboutRatingsPattern      = regexp.MustCompile(`(?i)\b(?:rat(?:ed|ings?)|features?)\b`)
	fieldPattern             = regexp.MustCompile(`\S+`)
	ruleStatementPattern     = regexp.MustCompile(`(?i)\bmodifiers?\b|\b(?:harder|easier)\s+to\s+hit\b`)
	aboutAttacksPattern      = regexp.MustCompile(`(?i)\b(attacks?|attackers?|hit|target)\b`)
	defersPattern            = regexp.MustCompile(`(?i)\b(below|following|described|see)\b`)
	featureAsPattern         = regexp.MustCompile(`(?i)\b(?:is|are|counts?|used)\b.*\bmodifiers?\b|\b(?:harder|easier)\s+to\s+hit\b`)
	sentenceEndPattern       = regexp.MustCompile(`[.!?]["”’)]?(?:\s+|$)`)
	movePattern              = regexp.MustCompile(`(?i)\b(retreats?|recoils?|holds?|advances?|charges?)\b(?:\s+(\d+))?`)
	effectPatterns           = []*regexp.Regexp{ // as effectScale, worst first
		regexp.MustCompile(`(?i)\bmaximi[sz]ed\b|set to 100`),
		regexp.MustCompile(`(?i)\benhanced\b|\bincrease`),
		regexp.MustCompile(`(?i)\bremains\b|\bunchanged\b`),
		regexp.MustCompile(`(?i)\breduce|\bdecrease`),
		regexp.MustCompile(`(?i)\bremove`),
	}
	shiftPattern     = regexp.MustCompile(`(?i)shift\s+disposition\s+(up|down)`)
	amountPattern    = regexp.MustCompile(`(?i)(?:\bd(\d+)\b|:\s*(\d+)\b)`)
	ownSidePattern   = regexp.MustCompile(`(?i)\b(ally|allies|attacker|yourself|herself|himself)\b`)
	otherSidePattern = regexp.MustCompile(`(?i)\b(target|targets|enemy|enemies|foe|foes|opponent|opponents)\b`)
)

// phraseTokens are what the random texts are made of: the phrases' words
// in several cases, white space, punctuation, digits, and letters to make
// words of, so that texts come near every phrase and often match one.
var phraseTokens = []string{
	" ", " ", " ", "  ", "\t", "\n", ",", ".", ";", ":", "%", "[", "]", `"`, "“", "(", "-", "'", "’", "_",
	"1", "7", "42", "100", "x", "s", "é", "É", "Q",
	"result", "Result", "RESULT", "results", "of", "the", "The", "a", "A", "an", "its", "their", "is", "was",
	"decile", "die", "as", "As", "for", "tens", "TENS", "ones", "Ones", "and", "or", "one-based", "zero-based",
	"ordinary", "Food", "Attack", "Base", "McLeod", "l'Eau", "Anti-Magic", "positive", "Negative", "static",
	"dramatic", "modifier", "modifiers", "Modifiers", "○", "│", "┌", "├", "─", "<", ">", "Holding", "from", "to",
	"rated", "Rating", "ratings", "feature", "Features", "range",
	"harder", "Easier", "hit", "HIT", "attack", "Attackers", "target", "below", "See", "described", "following",
	"are", "counts", "used", "!", "?", "”", "’", ")", "Flying",
	"Retreats", "recoil", "HOLDS", "advance", "Charges", "2", "3x", "maximised", "Maximized", "set", "SET", "enhanced",
	"increased", "remains", "unchanged", "Reduced", "decrease", "removes", "shift", "Shift", "disposition", "Up", "down",
	"d80", "D60", "d", "ally", "allies", "Attacker", "yourself", "enemies", "foe", "opponents", "Targets", "2d",
}

// phrases are texts each scanner matches, as tokens, which randomPhraseText
// spoils a token or two of, and sets among others.
var phrases = [][]string{
	{" ", "result", " ", "is", " ", "42"},
	{" ", "results", "\t", "was", " ", "“", "7"},
	{"(", "result", " ", "of", " ", "the", " "},
	{"Result", "\n", "of", " ", "an", "  "},
	{" ", "decile", " ", "die", " ", "is", " ", `"`, "100"},
	{"as", " ", "the", " ", "tens"},
	{"For", " ", "their", " ", `"`, "ones"},
	{" ", ",", " ", "and", " ", "the", " ", "one-based", " "},
	{"or", " ", "an", " ", "ordinary", " "},
	{"the", " ", "Base", " ", "Attack", " "},
	{"positive", " ", "static", " ", "modifiers"},
	{"Negative", " ", "modifier"},
	{"○", " ", "Holding", " ", ".", ".", "○", "Q", "."},
	{" ", "├", "─", "<", "Food", ">", "─"},
	{"┌", "[", "Attack", " ", "Base", "]"},
	{"x", " ", "from", " ", "1", "%", " ", "to", " ", "100"},
	{" ", "[", " ", "1", ",", "100", "%", "]"},
	{"Features", " ", "rated"},
	{"Flying", " ", "is", " ", "a", " ", "static", " ", "modifier"},
	{"harder", " ", "to", "\n", "hit"},
	{"Easier", "\t", "to", " ", "HIT", " ", "the", " ", "target"},
	{"Flying", " ", "are", " ", "used", "\n", "as", " ", "modifiers"},
	{".", `"`, " ", "See", " ", "below", "."},
	{"?", ")", "\n", "Attackers", "!", "”"},
	{"Recoils", " ", "2", " ", "and", " ", "Shift", " ", "Disposition", "\t", "Up"},
	{"Effect", " ", "reduced", ":", " ", "d60"},
	{"set", " ", "to", " ", "100", ":", "3"},
	{"the", " ", "enemy", " ", "Charges", "\n", "3x"},
	{"Remains", " ", "unchanged", ",", "D80", " ", "ally"},
}

func randomPhraseText(r *rand.Rand, tokens int) string {
	return randomText(r, tokens, phraseTokens, phrases, 4, 12)
}

// randomText writes up to tokens/2 random words, then, but for one time
// in phraseOdds, one of phrases with one of its tokens in keepOdds
// dropped, followed by a random word, or both, then up to tokens/2
// random words more: texts that come near the phrases as often as they
// hold them.
func randomText(r *rand.Rand, tokens int, words []string, phrases [][]string, phraseOdds, keepOdds int) string {
	var b strings.Builder
	random := func() { b.WriteString(words[r.IntN(len(words))]) }
	for range r.IntN(tokens / 2) {
		random()
	}
	if r.IntN(phraseOdds) > 0 {
		for _, token := range phrases[r.IntN(len(phrases))] {
			switch r.IntN(keepOdds) {
			case 0: // dropped
			case 1:
				random()
			case 2:
				b.WriteString(token)
				random()
			default:
				b.WriteString(token)
			}
		}
	}
	for range r.IntN(tokens / 2) {
		random()
	}
	return b.String()
}

// long tries more random texts; .ci/run passes it.
var long = flag.Bool("long", false, "TestScannersAsPatterns: try 200,000 random texts, not 40,000")

// TestScannersAsPatterns holds each scanner to the regular expression it
// replaced, on random texts of the phrases' words: 40,000 of them in go
// test ./..., of which each expression matches 50 (resultOfAfter's) to
// 39,658 (fieldPattern's), and 200,000 with -long, which .ci/run passes.
func TestScannersAsPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 4))
	texts := 40_000
	if *long {
		texts = 200_000
	}
	for range texts {
		s := randomPhraseText(r, 12)
		checkNumberScanner(t, "resultAfter", s, resultAfter, resultAfterPattern)
		checkNumberScanner(t, "resultOfAfter", s, resultOfAfter, resultOfAfterPattern)
		if got, want := resultOfBefore(s), resultOfBeforePattern.MatchString(s); got != want {
			t.Fatalf("resultOfBefore(%q) = %v, want %v", s, got, want)
		}
		var want []rolePhrase
		for _, m := range rolePhrasePattern.FindAllStringSubmatchIndex(s, -1) {
			want = append(want, rolePhrase{m[0], m[2]})
		}
		if got := rolePhrases(s); !slices.Equal(got, want) {
			t.Fatalf("rolePhrases(%q) = %v, want %v", s, got, want)
		}
		if got, want := isDiceListSeparator(s), diceListSeparatorPattern.MatchString(s); got != want {
			t.Fatalf("isDiceListSeparator(%q) = %v, want %v", s, got, want)
		}
		if got, want := saysSign(s), signedModifiersPattern.MatchString(s); got != want {
			t.Fatalf("saysSign(%q) = %v, want %v", s, got, want)
		}
		var labels [][2]int
		for _, m := range trackOptionPattern.FindAllStringSubmatchIndex(s, -1) {
			labels = append(labels, [2]int{m[2], m[3]})
		}
		if got := trackOptionLabels(s); !slices.Equal(got, labels) {
			t.Fatalf("trackOptionLabels(%q) = %v, want %v", s, got, labels)
		}
		title := ""
		if m := boxTitlePattern.FindStringSubmatch(s); m != nil {
			title = m[1]
		}
		if got := drawnTitle(s); got != title {
			t.Fatalf("drawnTitle(%q) = %q, want %q", s, got, title)
		}
		lo, hi, ok := rangeBounds(s)
		m := rangeBoundsPattern.FindStringSubmatchIndex(s)
		if m != nil && m[2] < 0 {
			m[2], m[4] = m[6], m[8]
		}
		if ok != (m != nil) || ok && (lo != m[2] || hi != m[4]) {
			t.Fatalf("rangeBounds(%q) = %d, %d, %v; want %v", s, lo, hi, ok, m)
		}
		if got, want := aboutRatings(s), aboutRatingsPattern.MatchString(s); got != want {
			t.Fatalf("aboutRatings(%q) = %v, want %v", s, got, want)
		}
		var starts []int
		for _, m := range fieldPattern.FindAllStringIndex(s, -1) {
			starts = append(starts, m[0])
		}
		if got := fieldStarts(s); !slices.Equal(got, starts) {
			t.Fatalf("fieldStarts(%q) = %v, want %v", s, got, starts)
		}
		checkCapitalisedBefore(t, s)
		checkRuleSentence(t, s)
		checkOutcome(t, s)
	}
}

// checkOutcome holds the scanners of outcomeRank to the expressions they
// replaced.
func checkOutcome(t *testing.T, s string) {
	t.Helper()
	ws := ruleWords(nil, s)
	move, count, ok := findMove(ws)
	if m := movePattern.FindStringSubmatch(s); ok != (m != nil) || ok && (move != m[1] || count != m[2]) {
		t.Fatalf("findMove(%q) = %q, %q, %v; want %q", s, move, count, ok, m)
	}
	for i, p := range effectPatterns {
		if got, want := effectScale[i].says(s, ws), p.MatchString(s); got != want {
			t.Fatalf("effect %d says (%q) = %v, want %v", i, s, got, want)
		}
	}
	way, ok := shiftDirection(s)
	if m := shiftPattern.FindStringSubmatch(s); ok != (m != nil) || ok && way != m[1] {
		t.Fatalf("shiftDirection(%q) = %q, %v; want %q", s, way, ok, m)
	}
	digits, ok := findAmount(s)
	if m := amountPattern.FindStringSubmatch(s); ok != (m != nil) || ok && digits != m[1]+m[2] {
		t.Fatalf("findAmount(%q) = %q, %v; want %q", s, digits, ok, m)
	}
	if got, want := hasWord(ws, ownSide...), ownSidePattern.MatchString(s); got != want {
		t.Fatalf("own side (%q) = %v, want %v", s, got, want)
	}
	if got, want := hasWord(ws, otherSide...), otherSidePattern.MatchString(s); got != want {
		t.Fatalf("other side (%q) = %v, want %v", s, got, want)
	}
}

// checkRuleSentence holds the scanners of ruleConditions to the
// expressions they replaced, on texts of ASCII letters: `(?i)` folds a
// Kelvin sign to k and a long s to s, which the scanners take for no
// letters.
func checkRuleSentence(t *testing.T, s string) {
	t.Helper()
	ws := ruleWords(nil, s)
	if got, want := statesRule(ws), ruleStatementPattern.MatchString(s); got != want {
		t.Fatalf("statesRule(%q) = %v, want %v", s, got, want)
	}
	if got, want := hasWord(ws, aboutAttacks...), aboutAttacksPattern.MatchString(s); got != want {
		t.Fatalf("about attacks (%q) = %v, want %v", s, got, want)
	}
	if got, want := hasWord(ws, defers...), defersPattern.MatchString(s); got != want {
		t.Fatalf("defers (%q) = %v, want %v", s, got, want)
	}
	if at := strings.Index(s, "Flying"); at >= 0 {
		if got, want := featureModifies("Flying", s), featureAsPattern.MatchString(s[at:]); got != want {
			t.Fatalf("featureModifies(Flying, %q) = %v, want %v", s, got, want)
		}
	}
	var want []string
	start := 0
	for _, loc := range append(sentenceEndPattern.FindAllStringIndex(s, -1), []int{len(s), len(s)}) {
		want = append(want, fmt.Sprint(start, s[start:loc[1]]))
		start = loc[1]
	}
	var got []string
	for at, sentence := range sentences(s) {
		got = append(got, fmt.Sprint(at, sentence))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("sentences(%q) = %q, want %q", s, got, want)
	}
}

func checkNumberScanner(t *testing.T, name, s string, scan func(string) (int, int, bool), pattern *regexp.Regexp) {
	t.Helper()
	start, end, ok := scan(s)
	m := pattern.FindStringSubmatchIndex(s)
	if ok != (m != nil) || ok && (start != m[2] || end != m[3]) {
		t.Fatalf("%s(%q) = %d, %d, %v; want %v", name, s, start, end, ok, m)
	}
}

// checkCapitalisedBefore holds capitalisedBefore to its pattern where they
// mean to agree: where every letter is in ASCII, for the pattern's `\b`
// sees no word start before a capital outside it ("Épée") and one after a
// small letter outside it ("éRating").
func checkCapitalisedBefore(t *testing.T, s string) {
	t.Helper()
	if strings.ContainsAny(s, "éÉ") {
		return
	}
	start, ok := capitalisedBefore(s)
	m := capitalisedBeforePattern.FindStringIndex(s)
	if ok != (m != nil) || ok && start != m[0] {
		t.Fatalf("capitalisedBefore(%q) = %d, %v; want %v", s, start, ok, m)
	}
}

// TestCapitalisedBeforeBeyondASCII pins where capitalisedBefore parts from
// its pattern: a capital letter outside ASCII starts a word too.
func TestCapitalisedBeforeBeyondASCII(t *testing.T) {
	for _, tc := range []struct {
		text  string
		start int
		ok    bool
	}{
		{"the Épée ", 4, true},
		{"the Long Épée ", 4, true},
		{"an épée ", 0, false},
		{"éRating ", 0, false},
	} {
		start, ok := capitalisedBefore(tc.text)
		if start != tc.start || ok != tc.ok {
			t.Errorf("capitalisedBefore(%q) = %d, %v; want %d, %v", tc.text, start, ok, tc.start, tc.ok)
		}
	}
}

// TestSameTextAsJoinedFields holds sameText to what it was, comparing each
// text's words joined by single spaces, on texts of words, spaces of every
// kind and nothing.
func TestSameTextAsJoinedFields(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 5))
	pieces := []string{"", " ", "  ", "\t", "\u00a0", "\u2003", "\n", "a", "b", "ab", "Roll", "roll", "é"}
	text := func() string {
		var b strings.Builder
		for range r.IntN(6) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	for range 100_000 {
		a, b := text(), text()
		if got, want := sameText(a, b), strings.Join(strings.Fields(a), " ") == strings.Join(strings.Fields(b), " "); got != want {
			t.Fatalf("sameText(%q, %q) = %v, want %v", a, b, got, want)
		}
	}
}
