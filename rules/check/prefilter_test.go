package check

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The checks skip text their regular expressions cannot match, or read it
// with scanners in their place; these hold each to the expression on
// random texts of the words the expressions turn on.

// prefilterTokens are what the random texts are made of: the expressions'
// words in several cases, the letters that fold to ASCII ones under (?i),
// white space, full stops, digits and letters.
var prefilterTokens = []string{
	" ", " ", " ", "  ", "\n", ".", ",", "-", "'", "’", "1", "12", "x", "é", "ſ", "\u212a", "_",
	"In", "in", "her", "his", "an", "ally's", "the", "one's", "any", "Turn", "turn", "TURN", "turns",
	"take", "Takes", "TAKE", "a", "one", "the following", "Suppress", "action", "Actions", "ACTION",
	"two", "Three", "SIX", "six", "seven", "often", "ten", "twenty", "or", "to", "up", "things", "steps",
	"box", "Box", "boxes", "Boxes", "ox", "b", "Food", "Ἀ", "λ",
}

// prefilterPhrases are texts the expressions match, as tokens, which
// randomPrefilterText spoils a token or two of, and sets among others.
var prefilterPhrases = [][]string{
	{"In", " ", "her", " ", "Turn", ",", " ", "take", " ", "a", " ", "Suppress", " ", "action"},
	{"in", "  ", "an", " ", "ally's", " ", "turn", " ", "the", " ", "Takes", " ", "one", " ", "Suppress", " ", "Actions"},
	{"In", " ", "any", " ", "TURN", " ", "x", " ", "take", " ", "the following", " ", "Food", " ", "ACTION", "."},
	{"up", " ", "to", " ", "two", " ", "things"},
	{"or", " ", "12", " ", "or", " ", "SIX", " ", "Food", " ", "steps"},
}

func randomPrefilterText(r *rand.Rand, tokens int) string {
	return randomText(r, tokens, prefilterTokens, prefilterPhrases, 3, 16)
}

// oldBoxWords is boxWords as it was, a search for "ox".
func oldBoxWords(text string) []int {
	var at []int
	for off := 0; ; {
		i := strings.Index(text[off:], "ox")
		if i < 0 {
			return at
		}
		i += off
		off = i + 2
		end := off
		if strings.HasPrefix(text[end:], "es") {
			end += 2
		}
		if i >= 2 && (text[i-1] == 'b' || text[i-1] == 'B') && text[i-2] == ' ' && !startsWithLetter(text[end:]) {
			at = append(at, i-1)
		}
	}
}

// TestPrefiltersAsPatterns holds turnStatements, mayCount, letterRuns and
// boxWords to what they stand for: 40,000 random texts, 200,000 with -long.
func TestPrefiltersAsPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 11))
	letters := regexp.MustCompile(`\p{L}+`)
	texts := 40_000
	if *long {
		texts = 200_000
	}
	var turns, counts, boxes int // the texts each matches, so that the test cannot pass for want of them
	for range texts {
		s := randomPrefilterText(r, 24)
		want := turnStatement.FindAllStringSubmatchIndex(s, -1)
		if got := turnStatements(s); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("turnStatements(%q) = %v, want %v", s, got, want)
		}
		if len(want) > 0 {
			turns++
		}
		if countedThings.MatchString(s) {
			counts++
			if !mayCount(s) {
				t.Fatalf("mayCount(%q) = false, but countedThings matches it", s)
			}
		}
		var runs [][2]int
		for run := range letterRuns(s) {
			runs = append(runs, run)
		}
		var words [][2]int
		for _, m := range letters.FindAllStringIndex(s, -1) {
			words = append(words, [2]int{m[0], m[1]})
		}
		if !slices.Equal(runs, words) {
			t.Fatalf("letterRuns(%q) = %v, want %v", s, runs, words)
		}
		old := oldBoxWords(s)
		if got := boxWords(s); !slices.Equal(got, old) {
			t.Fatalf("boxWords(%q) = %v, want %v", s, got, old)
		}
		if len(old) > 0 {
			boxes++
		}
	}
	t.Logf("of %d texts, %d have turn statements, %d counts, %d boxes", texts, turns, counts, boxes)
	if turns == 0 || counts == 0 || boxes == 0 {
		t.Fatalf("the random texts missed an expression: %d turn statements, %d counts, %d boxes", turns, counts, boxes)
	}
}
