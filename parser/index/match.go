package index

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
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
func words(text string) []word {
	var s wordScanner
	return s.scan(text)
}

// wordScanner splits texts into words (see words), reusing its buffers
// from one text to the next: the matcher reads every unit of the book
// through one scanner. The words' keys are slices of the text put in lower
// case once, in the same pass that finds the words, rather than a string
// made for each word written with a capital; lowering was a fifth of the
// index's time, and most of its garbage.
type wordScanner struct {
	ws    []word
	lower []byte
}

// scan returns text's words. Their keys alias the scanner's buffer, and
// are good until the next scan.
func (s *wordScanner) scan(text string) []word {
	ws := s.ws[:0]
	lower := slices.Grow(s.lower[:0], len(text))[:len(text)]
	// sameOffsets stays true while every rune's lower case is as long as
	// the rune: a few are not ('İ'), and the lowered text's offsets then no
	// longer match the text's.
	sameOffsets := true
	start := -1
	for i := 0; i < len(text); {
		// Most of a book is ASCII, whose bytes are lowered, and told in a
		// word or out of one, by a table each.
		if c := text[i]; c < utf8.RuneSelf {
			lower[i] = asciiLower[c]
			switch {
			case asciiWordByte[c]:
				if start < 0 {
					start = i
				}
			case start >= 0 && (c == '\'' || c == '-') && letterAt(text, i+1):
			case start >= 0:
				ws = append(ws, word{capital: startsWithCapital(text[start:]), start: start, end: i})
				start = -1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r)
		if l := unicode.ToLower(r); r == utf8.RuneError && size == 1 || utf8.RuneLen(l) != size {
			sameOffsets = false
		} else {
			utf8.EncodeRune(lower[i:], l)
		}
		switch {
		case inWord && start < 0:
			start = i
		case inWord || start >= 0 && r == '’' && letterAt(text, i+size):
		case start >= 0:
			ws = append(ws, word{capital: startsWithCapital(text[start:]), start: start, end: i})
			start = -1
		}
		i += size
	}
	if start >= 0 {
		ws = append(ws, word{capital: startsWithCapital(text[start:]), start: start, end: len(text)})
	}
	// The buffer is written no more until the next scan: the keys may
	// alias it.
	keys := unsafe.String(unsafe.SliceData(lower), len(lower))
	for i, w := range ws {
		if sameOffsets {
			ws[i].key = keys[w.start:w.end]
		} else {
			ws[i].key = strings.ToLower(text[w.start:w.end])
		}
	}
	s.ws, s.lower = ws, lower
	return ws
}

// letterAt reports whether a letter starts at text[i]: an apostrophe or a
// hyphen with one after it is inside a word ("don't", "half-orc").
func letterAt(text string, i int) bool {
	if i >= len(text) {
		return false
	}
	if c := text[i]; c < utf8.RuneSelf {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsLetter(r)
}

// asciiLower is each ASCII byte in lower case.
var asciiLower = func() (lower [utf8.RuneSelf]byte) {
	for c := range lower {
		lower[c] = byte(c)
		if 'A' <= c && c <= 'Z' {
			lower[c] += 'a' - 'A'
		}
	}
	return lower
}()

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

// matcher finds the book's terms in its text. It is read, never written,
// once made, so that the units can be searched on every core at once,
// each search with a wordScanner of its own.
type matcher struct {
	// byFirst lists the terms by their first word's key, longest first.
	byFirst map[string][]*term
	// firsts has the bit set of every first word's key's hash (see
	// keyHash): most words of a text start no term, and the bit says so
	// for less than a map lookup costs.
	firsts []uint64
}

// firstsBits is the size of the matcher's filter of first words: a few
// hundred terms set a few hundred of its bits, and a word that starts no
// term finds its bit clear some 99 times in 100.
const firstsBits = 1 << 15

// keyHash is an FNV-1a hash of a key, cut to the filter's size.
func keyHash(key string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(key); i++ {
		h = (h ^ uint32(key[i])) * 16777619
	}
	return h % firstsBits
}

// mayStart reports whether a term may start with the word whose stem is
// key: false is certain, true needs the map.
func (m *matcher) mayStart(key string) bool {
	h := keyHash(key)
	return m.firsts[h/64]&(1<<(h%64)) != 0
}

func newMatcher(terms []*term) *matcher {
	m := &matcher{byFirst: map[string][]*term{}, firsts: make([]uint64, firstsBits/64)}
	for _, t := range terms {
		first := stem(t.words[0])
		h := keyHash(first)
		m.firsts[h/64] |= 1 << (h % 64)
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

// find calls yield for each term in text, read with words, longest first
// at each place and never two over the same words.
func (m *matcher) find(words *wordScanner, text string, yield func(found)) {
	ws := words.scan(text)
	for i := 0; i < len(ws); {
		n := 0
		first := stem(ws[i].key)
		if !m.mayStart(first) {
			i++
			continue
		}
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
