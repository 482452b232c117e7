// Package hyphen finds where a word may be hyphenated, by Frank Liang's
// algorithm as TeX uses it: patterns of letters with digits between them vote
// on every gap of a word, and an odd winning vote allows a hyphen there.
//
// EnglishUS is built from the American English patterns of the TeX
// hyphenation patterns project (hyph-en-us, Gerard D.C. Kuiken's ushyphmax
// patterns, which include Knuth's hyphen.tex), copyright 1990, 2004, 2005
// Gerard D.C. Kuiken, whose licence permits copying and distribution with or
// without modification provided the copyright notice and the licence are
// preserved: they are in patterns/README, beside the data.
//
// The package knows nothing of fonts or lines: it says where a hyphen may go,
// and the line breaker decides whether one does.
package hyphen

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Hyphenator finds the hyphenation points of words by one set of patterns
// and exceptions. It is safe for concurrent use.
type Hyphenator struct {
	trie       trie
	exceptions map[string][]uint8 // the word in lower case → the letter counts before its hyphens
	leftMin    int
	rightMin   int
}

// New builds a Hyphenator from patterns in the form of hyph-utf8's .pat.txt
// files (one pattern a line, such as "hy3ph" or ".ach4") and exceptions in the
// form of its .hyp.txt files (one word a line, with its hyphens: "ta-ble"; a
// word with none is never hyphenated). No hyphen is placed before leftMin
// letters of a word or after its last rightMin letters, as TeX's
// \lefthyphenmin and \righthyphenmin say; a minimum below 1 counts as 1.
func New(patterns, exceptions string, leftMin, rightMin int) (*Hyphenator, error) {
	h := &Hyphenator{
		exceptions: make(map[string][]uint8),
		leftMin:    max(leftMin, 1),
		rightMin:   max(rightMin, 1),
	}
	var err error
	if h.trie, err = buildTrie(patterns); err != nil {
		return nil, err
	}
	for n, line := range strings.Split(exceptions, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		word, points, err := parseException(line)
		if err != nil {
			return nil, fmt.Errorf("exception line %d: %w", n+1, err)
		}
		h.exceptions[word] = points
	}
	return h, nil
}

// parseException splits "ta-ble" into "table" and the letter counts before its
// hyphens, [2].
func parseException(line string) (string, []uint8, error) {
	var word strings.Builder
	var points []uint8
	letters := 0
	for _, r := range line {
		switch {
		case r == '-':
			if letters == 0 || (len(points) > 0 && int(points[len(points)-1]) == letters) {
				return "", nil, errors.New("a hyphen with no letter before it")
			}
			points = append(points, uint8(letters))
		case unicode.IsLetter(r):
			word.WriteRune(unicode.ToLower(r))
			letters++
			if letters > maxWordRunes {
				return "", nil, errors.New("word too long")
			}
		default:
			return "", nil, fmt.Errorf("%q in an exception", r)
		}
	}
	if len(points) > 0 && int(points[len(points)-1]) == letters {
		return "", nil, errors.New("a hyphen at the end of the word")
	}
	return word.String(), points, nil
}

// maxWordRunes bounds the letters of a run that is hyphenated; a longer run
// (no word is) is left whole, which keeps the work for one word bounded and
// lets the scratch space live on the stack.
const maxWordRunes = 64

// Points returns the byte offsets in word before which a hyphen may be put,
// in increasing order. See AppendPoints.
func (h *Hyphenator) Points(word string) []int {
	return h.AppendPoints(nil, word)
}

// AppendPoints appends the byte offsets in word before which a hyphen may be
// put, in increasing order, to dst and returns the extended slice, so that a
// caller hyphenating many words can reuse one buffer.
//
// Letters are compared without regard to case. A word with a digit in it,
// such as "2d12" or "d100", is never hyphenated. Any other character that is
// not a letter (a hyphen, a slash, an apostrophe ' or ’, punctuation) divides
// the word into runs of letters that are each hyphenated as a word of their
// own, with the minimums counted within the run: "self-sacrificing" may be
// broken in "sacrificing" but is given no point at its own hyphen, which is
// already a place to break; "character’s" is hyphenated as "character", and
// the "s" of the possessive never ends up alone on a line.
func (h *Hyphenator) AppendPoints(dst []int, word string) []int {
	for _, r := range word {
		if unicode.IsDigit(r) {
			return dst
		}
	}
	start := -1
	for i, r := range word {
		letter := unicode.IsLetter(r) || unicode.Is(unicode.Mn, r)
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			dst = h.appendRun(dst, word, start, i)
			start = -1
		}
	}
	if start >= 0 {
		dst = h.appendRun(dst, word, start, len(word))
	}
	return dst
}

// appendRun hyphenates the run of letters word[start:end].
func (h *Hyphenator) appendRun(dst []int, word string, start, end int) []int {
	// offsets[k] is the byte offset in word of the run's k-th letter, so that
	// a gap found between letters is given back as a byte offset.
	var offsets [maxWordRunes]int
	// The run in lower case, and as the trie's symbols between the
	// word-boundary dots that patterns such as ".ach4" match. A combining
	// mark belongs with the letter before it: it is passed over, so that
	// patterns see the letters alone and no hyphen parts a letter from its
	// accent.
	var lower [maxWordRunes]rune
	var symbols [maxWordRunes + 2]uint8
	dot := h.trie.symbol('.')
	symbols[0] = dot
	n := 0
	for i, r := range word[start:end] {
		if n > 0 && unicode.Is(unicode.Mn, r) {
			continue
		}
		if n == maxWordRunes {
			return dst
		}
		offsets[n] = start + i
		lower[n] = unicode.ToLower(r)
		symbols[n+1] = h.trie.symbol(lower[n])
		n++
	}
	symbols[n+1] = dot
	if n < h.leftMin+h.rightMin {
		return dst
	}

	if points, ok := h.exception(lower[:n]); ok {
		for _, p := range points {
			if int(p) >= h.leftMin && n-int(p) >= h.rightMin {
				dst = append(dst, offsets[p])
			}
		}
		return dst
	}

	// votes[g] is the highest digit any pattern puts in the gap before
	// symbols[g].
	var votes [maxWordRunes + 3]uint8
	h.trie.vote(symbols[:n+2], votes[:n+3])
	for p := h.leftMin; p <= n-h.rightMin; p++ {
		if votes[p+1]%2 == 1 {
			dst = append(dst, offsets[p])
		}
	}
	return dst
}

// exception looks the lower-case letters up in the exceptions, with a key
// built on the stack (the map lookup does not copy it to the heap).
func (h *Hyphenator) exception(letters []rune) ([]uint8, bool) {
	if len(h.exceptions) == 0 {
		return nil, false
	}
	var buf [maxWordRunes * utf8.UTFMax]byte
	key := buf[:0]
	for _, r := range letters {
		key = utf8.AppendRune(key, r)
	}
	points, ok := h.exceptions[string(key)]
	return points, ok
}
