package check

import (
	"iter"
	"strings"
	"unicode/utf8"
)

// The prose checks look for a few fixed phrases in every paragraph of the
// book: "result of the d60 is 60", "as the tens", "from 1 to 100". They
// find them with the scanners of this file, not regular expressions. A
// regular expression that is not anchored, or whose text runs to the end
// of the paragraph, costs time in the paragraph's length for each place it
// is tried; these cost the length of the phrase. Each scanner's comment
// writes the phrase as a regular expression, for the reader: `\s` is ASCII
// white space and `\b` a boundary of ASCII letters, digits and '_', as in
// Go's regexp.

// isSpace reports whether b is white space as `\s` means it.
func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'
}

// isWordByte reports whether b is a word character as `\b` means it. It
// is asked of every byte of the book's prose, by a table's look-up rather
// than the seven compares the ranges take.
func isWordByte(b byte) bool { return wordBytes[b] }

var wordBytes = func() (word [256]bool) {
	for b := range word {
		word[b] = 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_'
	}
	return word
}()

// asciiWords yields the words of s, as `\b` bounds them: the runs of
// word characters, in order.
func asciiWords(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(s); {
			if !isWordByte(s[i]) {
				i++
				continue
			}
			end := i
			for end < len(s) && isWordByte(s[end]) {
				end++
			}
			if !yield(s[i:end]) {
				return
			}
			i = end
		}
	}
}

// isWordStart reports whether byte i of s starts a word: `\b` before a word
// character.
func isWordStart(s string, i int) bool { return i == 0 || !isWordByte(s[i-1]) }

// isWordEnd reports whether byte i of s ends a word: `\b` after a word
// character.
func isWordEnd(s string, i int) bool { return i == len(s) || !isWordByte(s[i]) }

// skipSpace returns the index after the white space at s[i:], and whether
// there was any (`\s+`).
func skipSpace(s string, i int) (int, bool) {
	j := i
	for j < len(s) && isSpace(s[j]) {
		j++
	}
	return j, j > i
}

// skipSpaceBack returns the index where the white space that ends s[:i]
// starts, and whether there was any.
func skipSpaceBack(s string, i int) (int, bool) {
	j := i
	for j > 0 && isSpace(s[j-1]) {
		j--
	}
	return j, j < i
}

// containsFoldASCII reports whether s contains word, an ASCII lower-case
// word whose letters fold to no other (as k and s do): what `(?i)word`
// would find.
func containsFoldASCII(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		if s[i]|0x20 == word[0] && strings.EqualFold(s[i:i+len(word)], word) {
			return true
		}
	}
	return false
}

// wordAt returns the index after whichever of words s[i:] starts with,
// matching case when fold is false and ignoring it when true.
func wordAt(s string, i int, fold bool, words ...string) (int, bool) {
	for _, w := range words {
		if len(s)-i < len(w) {
			continue
		}
		if fold && strings.EqualFold(s[i:i+len(w)], w) || !fold && s[i:i+len(w)] == w {
			return i + len(w), true
		}
	}
	return i, false
}

// spacedWord is `\s+(?:word|…)`: white space, then one of words.
func spacedWord(s string, i int, fold bool, words ...string) (int, bool) {
	j, ok := skipSpace(s, i)
	if !ok {
		return i, false
	}
	return wordAt(s, j, fold, words...)
}

// digitsAt returns the end of the digits at s[i:] (`\d+`), and whether
// there was one.
func digitsAt(s string, i int) (int, bool) {
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	return j, j > i
}

// tokenBefore returns the start of the run of non-space bytes that ends
// s[:i]: the word before i when white space stands before that word.
func tokenBefore(s string, i int) int {
	j := i
	for j > 0 && !isSpace(s[j-1]) {
		j--
	}
	return j
}

// isOneOf reports whether s is one of words, ignoring case.
func isOneOf(s string, words ...string) bool {
	for _, w := range words {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// quotedNumber is `\s+["“]?(\d+)` at s[i:]: it returns where the digits
// start and end.
func quotedNumber(s string, i int) (start, end int, ok bool) {
	j, ok := skipSpace(s, i)
	if !ok {
		return 0, 0, false
	}
	if j < len(s) && s[j] == '"' {
		j++
	} else if strings.HasPrefix(s[j:], "“") {
		j += len("“")
	}
	end, ok = digitsAt(s, j)
	return j, end, ok
}

// fieldStarts returns where each run of bytes other than white space
// starts in s (`\S+`).
func fieldStarts(s string) []int {
	var starts []int
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) && (i == 0 || isSpace(s[i-1])) {
			starts = append(starts, i)
		}
	}
	return starts
}

// runeBefore returns the rune that ends s[:i] and its size, or 0, 0.
func runeBefore(s string, i int) (rune, int) {
	if i <= 0 {
		return 0, 0
	}
	return utf8.DecodeLastRuneInString(s[:i])
}
