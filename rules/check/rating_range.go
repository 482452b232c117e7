package check

import (
	"iter"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// A book that says what its ratings run from and to ("Features rated on a
// percentile scale from 1 to 100", "a value in the percentile range
// [1,100]") must rate nothing outside it: seed 000 says 1 to 100 three
// times, and then gives a Worker Termite a Threat Rate of 0%, and prints
// 0% in its sheet's Effects. ratingRange reads each such statement, a
// sentence about ratings or Features with "range", "scale" or "rated"
// followed by "from A to B" or "[A,B]", and warns (prose/rating-range) at
// each whose range a rating of the book's falls outside: a stat table's
// Rating, a class's value, a rating the sheet template prints.

// rangeWordStarts yields the bytes of s where a word a statement of a range
// turns on may start: the byte before each 'a' ("range", "rated") and 'c'
// ("scale"), found with strings.IndexByte, which reads the book's prose
// faster than a loop over its bytes and stops less often than a search for
// each word would at its common first letter.
func rangeWordStarts(s string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, second := range []byte{'a', 'c'} {
			for off := 1; off < len(s); {
				i := strings.IndexByte(s[off:], second)
				if i < 0 {
					break
				}
				if !yield(off + i - 1) {
					return
				}
				off += i + 1
			}
		}
	}
}

// rangeWordEnd returns where the word a statement of a range of ratings
// turns on ends, when one starts at s[i:]: "range", "scale" or "rated",
// capitalised or not, after no letter ("generated", "separated" are no
// such word).
func rangeWordEnd(s string, i int) (int, bool) {
	if len(s)-i < 5 {
		return 0, false
	}
	switch first, rest := s[i]|0x20, s[i+1:i+5]; {
	case first == 'r' && (rest == "ange" || rest == "ated"), first == 's' && rest == "cale":
	default:
		return 0, false
	}
	if before, _ := utf8.DecodeLastRuneInString(s[:i]); unicode.IsLetter(before) {
		return 0, false
	}
	return i + 5, true
}

// rangeBounds reads what follows one of them, within a few words: "rated
// on a percentile scale from 1 to 100", "range [1,100]". It returns where
// the two bounds start in s, which is `^[^.;:]{0,24}?(?:\[\s*(\d+)%?\s*,
// \s*(\d+)%?\s*\]|\bfrom\s+(\d+)%?\s+to\s+(\d+)%?)`.
func rangeBounds(s string) (lo, hi int, ok bool) {
	for i, skipped := 0, 0; skipped <= 24 && i <= len(s); skipped++ {
		if lo, hi, ok := boundsAt(s, i); ok {
			return lo, hi, true
		}
		if i == len(s) || strings.IndexByte(".;:", s[i]) >= 0 {
			break
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return 0, 0, false
}

// boundsAt reads "[1, 100]" or "from 1 to 100" at s[i:].
func boundsAt(s string, i int) (lo, hi int, ok bool) {
	percent := func(j int) int {
		if j < len(s) && s[j] == '%' {
			return j + 1
		}
		return j
	}
	if strings.HasPrefix(s[i:], "[") {
		lo, _ = skipSpace(s, i+1)
		j, ok := digitsAt(s, lo)
		if !ok {
			return 0, 0, false
		}
		j, _ = skipSpace(s, percent(j))
		if j == len(s) || s[j] != ',' {
			return 0, 0, false
		}
		hi, _ = skipSpace(s, j+1)
		if j, ok = digitsAt(s, hi); !ok {
			return 0, 0, false
		}
		j, _ = skipSpace(s, percent(j))
		return lo, hi, j < len(s) && s[j] == ']'
	}
	j, ok := wordAt(s, i, false, "from")
	if !ok || !isWordStart(s, i) {
		return 0, 0, false
	}
	if lo, ok = skipSpace(s, j); !ok {
		return 0, 0, false
	}
	if j, ok = digitsAt(s, lo); !ok {
		return 0, 0, false
	}
	if j, ok = spacedWord(s, percent(j), false, "to"); !ok {
		return 0, 0, false
	}
	if hi, ok = skipSpace(s, j); !ok {
		return 0, 0, false
	}
	_, ok = digitsAt(s, hi)
	return lo, hi, ok
}

// aboutRatings tells a sentence about ratings from one about dice: it has
// the word rated, rating, ratings, feature or features, in any case
// (`(?i)\b(?:rat(?:ed|ings?)|features?)\b`).
func aboutRatings(sentence string) bool {
	for word := range asciiWords(sentence) {
		if isOneOf(word, "rated", "rating", "ratings", "feature", "features") {
			return true
		}
	}
	return false
}

// givenRating is a rating the book gives, and where.
type givenRating struct {
	value int
	what  string // "Threat Rate 0%"
	pos   ast.Pos
}

// ratingRange checks the book's ratings against every range it states.
func (c *checker) ratingRange() {
	var ratings *ratingsGiven
	for _, para := range c.paragraphs() {
		text := para.text
		if strings.IndexByte(text.text, '[') < 0 && !strings.Contains(text.text, "from") {
			continue // no bounds to read (see boundsAt): the words need not be looked for
		}
		var read map[int]bool // the bounds read, which "rated" and "scale" may share
		for i := range rangeWordStarts(text.text) {
			at, ok := rangeWordEnd(text.text, i)
			if !ok {
				continue
			}
			lo, hi, ok := rangeBounds(text.text[at:])
			if !ok {
				continue
			}
			start, end := text.sentenceAt(at)
			if !aboutRatings(text.text[start:end]) {
				continue
			}
			if read[at+lo] {
				continue
			}
			if read == nil {
				read = map[int]bool{}
			}
			read[at+lo] = true
			if ratings == nil {
				ratings = &ratingsGiven{all: c.givenRatings(), outside: map[[2]int]ratingsOutside{}}
			}
			c.ratingsWithin(ratings, text, at+lo, at+hi)
		}
	}
}

// ratingsGiven is the book's ratings, and which fall outside each range
// stated so far: a book states its few ranges again and again, and each
// time every rating of the book would be compared.
type ratingsGiven struct {
	all     []givenRating
	outside map[[2]int]ratingsOutside
}

// ratingsOutside is what falls outside one range: the first rating that
// does, and how many do.
type ratingsOutside struct {
	first givenRating
	n     int
}

// outsideOf returns what falls outside the range from to.
func (r *ratingsGiven) outsideOf(from, to int) ratingsOutside {
	if o, ok := r.outside[[2]int{from, to}]; ok {
		return o
	}
	var o ratingsOutside
	for _, g := range r.all {
		if g.value < from || g.value > to {
			if o.n == 0 {
				o.first = g
			}
			o.n++
		}
	}
	r.outside[[2]int{from, to}] = o
	return o
}

// ratingsWithin warns when a rating falls outside a statement's range,
// whose bounds are at bytes lo and hi of the text.
func (c *checker) ratingsWithin(ratings *ratingsGiven, text *prose, lo, hi int) {
	from, _ := strconv.Atoi(leadingDigits(text.text[lo:]))
	to, _ := strconv.Atoi(leadingDigits(text.text[hi:]))
	outside := ratings.outsideOf(from, to)
	if outside.n == 0 {
		return
	}
	at := lo
	if outside.first.value > to {
		at = hi
	}
	msg := "this says ratings run from " + strconv.Itoa(from) + " to " + strconv.Itoa(to) + ", but the book rates " +
		outside.first.what + " (" + where(outside.first.pos, text.pos(c.doc, at)) + ")"
	if outside.n > 1 {
		msg += " and " + strconv.Itoa(outside.n-1) + " more outside it"
	}
	c.diags.Warnf(text.pos(c.doc, at), "prose/rating-range", msg)
}

// leadingDigits returns the digits s starts with.
func leadingDigits(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, "0123456789"))]
}

// givenRatings returns the percentile ratings the book gives, in order: the
// sheet template's printed ones, then the stat tables' and classes' as the
// book goes.
func (c *checker) givenRatings() []givenRating {
	ratings := []givenRating{}
	if c.sheet != nil {
		for _, b := range c.sheet.Boxes() {
			for _, f := range b.Fields {
				if n, err := strconv.Atoi(f.Preset); err == nil && f.IsRated() {
					ratings = append(ratings, givenRating{n, f.Label + " " + f.Preset + "% on the sheet", f.Pos})
				}
			}
		}
	}
	percent := func(value string) (int, bool) {
		digits, ok := strings.CutSuffix(strings.TrimSpace(stripParenthetical(value)), "%")
		n, err := strconv.Atoi(digits)
		return n, ok && err == nil
	}
	c.walkBlocks(func(b ast.Block) {
		switch b := b.(type) {
		case *ast.Table:
			if !c.headerOf(b).is("feature", "rating") {
				return
			}
			for _, row := range b.Rows {
				if len(row) < 2 {
					continue
				}
				if n, ok := percent(row[1].Text); ok {
					ratings = append(ratings, givenRating{n, row[0].Text + " " + row[1].Text, row[1].Pos})
				}
			}
		case *ast.ClassData:
			for _, f := range b.Fields {
				value, _, _ := strings.Cut(strings.TrimSpace(f.Value), " ")
				if n, ok := percent(value); ok && c.vocabulary.isFeature(f.Name) {
					ratings = append(ratings, givenRating{n, b.Class + "'s " + f.Name + " " + value, f.ValuePos})
				}
			}
		}
	})
	return ratings
}
