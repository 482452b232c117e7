package parser

import "strings"

// validLanguageTag reports whether tag has the shape of a BCP 47 language
// tag: subtags of one to eight letters or digits joined by hyphens, the
// first of two or three letters (or "i"/"x" for the irregular and private
// ones). galley does not check the registry; a reading system that does
// not know a tag falls back to its own language.
func validLanguageTag(tag string) bool {
	for i, sub := range strings.Split(tag, "-") {
		if len(sub) < 1 || len(sub) > 8 {
			return false
		}
		for _, c := range sub {
			letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
			if !letter && (i == 0 || c < '0' || c > '9') {
				return false
			}
		}
		if i == 0 && len(sub) != 2 && len(sub) != 3 && sub != "i" && sub != "x" {
			return false
		}
	}
	return true
}
