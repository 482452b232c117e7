package prose

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/util"
)

// ResolveReferences returns s with its character references resolved (see
// characterReference), for text that the inline converter does not read
// and whose backslashes are read after: a Markdown table's cells. A
// reference after an escaping backslash ("\\&copy;") stays as written.
func ResolveReferences(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	backslashes := 0 // the backslashes just before i
	for i := 0; i < len(s); i++ {
		if s[i] == '&' && backslashes%2 == 0 {
			if chars, n := characterReference(s[i:]); n > 0 {
				b.WriteString(chars)
				i += n - 1
				backslashes = 0
				continue
			}
		}
		if s[i] == '\\' {
			backslashes++
		} else {
			backslashes = 0
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// characterReference reads the entity or numeric character reference s
// starts with, as CommonMark reads one in text: "&copy;" (an HTML5 entity
// name), "&#8212;" (1 to 7 decimal digits) or "&#x2014;" (1 to 6 hex
// digits), ending in ";". It returns the characters the reference stands
// for and its length, or a length of 0 when s starts with no reference,
// so that its "&" is text. A code point of 0, a surrogate's, or one past
// Unicode's is U+FFFD, as CommonMark says.
func characterReference(s string) (chars string, length int) {
	if len(s) < 3 || s[0] != '&' {
		return "", 0
	}
	if s[1] == '#' {
		digits, base, start := 7, 10, 2
		if s[2] == 'x' || s[2] == 'X' {
			digits, base, start = 6, 16, 3
		}
		end := start
		for end < len(s) && end-start < digits && isDigitIn(s[end], base) {
			end++
		}
		if end == start || end >= len(s) || s[end] != ';' {
			return "", 0
		}
		v, _ := strconv.ParseUint(s[start:end], base, 32) // at most 7 digits: no overflow
		r := rune(v)
		if r == 0 || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return string(r), end + 1
	}
	// An entity's name: a letter, then letters and digits, as HTML5's
	// longest, "CounterClockwiseContourIntegral", are.
	end := 1
	for end < len(s) && end <= 32 && isAlphanumeric(s[end]) {
		end++
	}
	if end == 1 || !isLetter(s[1]) || end >= len(s) || s[end] != ';' {
		return "", 0
	}
	entity, ok := util.LookUpHTML5EntityByName(s[1:end])
	if !ok {
		return "", 0
	}
	return string(entity.Characters), end + 1
}

func isDigitIn(c byte, base int) bool {
	return c >= '0' && c <= '9' || base == 16 && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isAlphanumeric(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' }
