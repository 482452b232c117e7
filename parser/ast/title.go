package ast

import (
	"strings"
	"unicode"
)

// NormalizeTitle folds case and white space, so that "Decile Dice" matches
// "Decile dice" and a centred title matches its outline entry. References
// match headings the same way.
func NormalizeTitle(title string) string {
	var b strings.Builder
	b.Grow(len(title))
	space := false // white space since the last word, written before the next
	for _, r := range title {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Slug turns a title into an anchor or a form field's name: lower-case letters
// and digits joined by single hyphens ("Hit (Alt)" is "hit-alt").
func Slug(title string) string {
	var b strings.Builder
	b.Grow(len(title))
	hyphen := false
	for _, r := range title {
		// strings.ToLower does the same, with a copy of the title.
		r = unicode.ToLower(r)
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			continue
		}
		hyphen = true
	}
	if b.Len() == 0 {
		return "section"
	}
	return b.String()
}
