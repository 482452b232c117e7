package prose

import "unicode/utf8"

// superscriptDigit returns the value of a superscript digit, or -1.
func superscriptDigit(r rune) int {
	switch r {
	case '¹':
		return 1
	case '²':
		return 2
	case '³':
		return 3
	case '⁰':
		return 0
	}
	if r >= '⁴' && r <= '⁹' {
		return int(r-'⁴') + 4
	}
	return -1
}

// SuperscriptNumber reads the superscript number at the start of s and
// returns it with its length in bytes (0 when s does not start with one).
func SuperscriptNumber(s string) (number, length int) {
	for length < len(s) && length < 24 {
		r, size := utf8.DecodeRuneInString(s[length:])
		d := superscriptDigit(r)
		if d < 0 {
			break
		}
		number = number*10 + d
		length += size
	}
	return number, length
}
