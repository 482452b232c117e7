package ast

import "strings"

// A control character in a manuscript (C0 but tab, DEL, C1) prints nothing
// in any output, and on a terminal it may do anything: the readers warn of
// each, and whatever quotes the manuscript to a terminal shows it escaped.

// IsControl reports whether r is a control character other than tab: C0,
// DEL or C1.
func IsControl(r rune) bool {
	return r < 0x20 && r != '\t' || r >= 0x7F && r <= 0x9F
}

// ControlName names a control character as Go would escape it: \x1b, \x07,
// \u0085.
func ControlName(r rune) string {
	const digits = "0123456789abcdef"
	if r < 0x80 {
		return `\x` + string([]byte{digits[r>>4], digits[r&15]})
	}
	return `\u00` + string([]byte{digits[r>>4&15], digits[r&15]})
}

// WithoutControls returns text without its control characters, for what
// prints them as nothing: a PDF's text, a value of galley.toml.
func WithoutControls(text string) string {
	if strings.IndexFunc(text, IsControl) < 0 {
		return text
	}
	return strings.Map(func(r rune) rune {
		if IsControl(r) {
			return -1
		}
		return r
	}, text)
}
