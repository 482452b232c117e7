package index

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// word is a word of a unit's text: its key form, whether it is written
// with a capital, and where it stands in the text.
type word struct {
	key        string
	capital    bool
	start, end int
}

// words splits text into words: runs of letters and digits, with the
// apostrophes and hyphens inside them.
func words(text string) []word { return appendWords(nil, text) }

// appendWords appends text's words (see words) to out: the matcher reads
// every unit of the book through one slice rather than one a unit. The
// words' keys are slices of the text put in lower case once, rather than
// a string made for each word written with a capital.
func appendWords(out []word, text string) []word {
	lower := strings.ToLower(text)
	// A few runes change length in lower case ('İ'); the whole text's
	// offsets then no longer match, and each word is put in lower case on
	// its own.
	sameOffsets := len(lower) == len(text)
	start := -1
	for i := 0; i <= len(text); {
		r, size := utf8.RuneError, 1
		inWord := false
		switch {
		case i == len(text):
		case text[i] < utf8.RuneSelf:
			r = rune(text[i])
			inWord = asciiWordByte[text[i]]
		default:
			r, size = utf8.DecodeRuneInString(text[i:])
			inWord = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		if !inWord && start >= 0 && (r == '\'' || r == '’' || r == '-') && i+size < len(text) {
			next, _ := utf8.DecodeRuneInString(text[i+size:])
			inWord = unicode.IsLetter(next)
		}
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			key := lower[start:i]
			if !sameOffsets {
				key = strings.ToLower(text[start:i])
			}
			out = append(out, word{key: key, capital: startsWithCapital(text[start:]), start: start, end: i})
			start = -1
		}
		i += size
	}
	return out
}

// asciiWordByte marks the ASCII letters and digits, which most of a
// book's words are made of, so that the scan decodes no rune for them.
var asciiWordByte = func() (set [utf8.RuneSelf]bool) {
	for c := range set {
		set[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return set
}()

// startsWithCapital reports whether text's first rune is an upper-case
// letter.
func startsWithCapital(text string) bool {
	if c := text[0]; c < utf8.RuneSelf {
		return 'A' <= c && c <= 'Z'
	}
	first, _ := utf8.DecodeRuneInString(text)
	return unicode.IsUpper(first)
}

// stem is the form a term's words are compared in: a plural's singular,
// near enough ("Rooms", "Effects", "Degrees of Success").
func stem(key string) string {
	if len(key) > 3 && strings.HasSuffix(key, "s") && !strings.HasSuffix(key, "ss") {
		return key[:len(key)-1]
	}
	return key
}

// keyOf returns the key of a phrase's words: lower case, stemmed.
func keyOf(ws []word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = stem(w.key)
	}
	return strings.Join(parts, " ")
}

// maxCandidates bounds the terms that start with one word, so that the
// search stays linear however many terms a book has: a word is compared
// with at most this many.
const maxCandidates = 32

// matcher finds the book's terms in its text.
type matcher struct {
	// byFirst lists the terms by their first word's key, longest first.
	byFirst map[string][]*term
	// ws holds the words of the text being searched.
	ws []word
}

func newMatcher(terms []*term) *matcher {
	m := &matcher{byFirst: map[string][]*term{}}
	for _, t := range terms {
		first := stem(t.words[0])
		list := m.byFirst[first]
		if len(list) == maxCandidates {
			continue
		}
		// Longest first, so that "Contested Boolean Roll" is found
		// before "Contested" alone.
		at := len(list)
		for at > 0 && len(list[at-1].words) < len(t.words) {
			at--
		}
		list = append(list, nil)
		copy(list[at+1:], list[at:])
		list[at] = t
		m.byFirst[first] = list
	}
	return m
}

// found is a term where it stands in a unit: the text its words cover.
type found struct {
	term *term
	text string
}

// find calls yield for each term in text, longest first at each place and
// never two over the same words.
func (m *matcher) find(text string, yield func(found)) {
	m.ws = appendWords(m.ws[:0], text)
	ws := m.ws
	for i := 0; i < len(ws); {
		n := 0
		first := stem(ws[i].key)
		for _, t := range m.byFirst[first] {
			if t.matches(ws[i:]) {
				n = len(t.words)
				last := ws[i+n-1]
				yield(found{term: t, text: text[ws[i].start:last.end]})
				break
			}
		}
		i += max(n, 1)
	}
}

// matches reports whether ws start with the term's words: the same words,
// maybe in their plurals, each of the term's capitals a capital.
func (t *term) matches(ws []word) bool {
	if len(ws) < len(t.words) {
		return false
	}
	for j, key := range t.words {
		w := ws[j]
		if t.capitals[j] && !w.capital {
			return false
		}
		if stem(w.key) != stem(key) {
			return false
		}
	}
	return true
}
