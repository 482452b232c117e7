package html

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// Dice notation becomes a roll link where a reader would want to roll it:
// once in a block (a paragraph, a list item, a footnote, a table with its
// caption), so
// that a paragraph about the five decile dice is not a row of links, and
// never inside a name. "Fuzzy d100" is a system's name, not a roll of the
// d100; a name is what the book gives a heading, or its title.

// diceNames holds the book's names that dice notation may stand in: its
// headings' titles and its own, their white space folded to single spaces.
type diceNames struct {
	names map[string]bool
	// words are the names' words: notation whose first word is none of
	// them stands in no name, which spares most of a book's dice the
	// search.
	words map[string]bool
}

// maxNameWords bounds how many words on either side of dice notation may
// belong to the name it stands in.
const maxNameWords = 4

func newDiceNames(title string, headings []*ast.Heading) diceNames {
	d := diceNames{names: map[string]bool{}, words: map[string]bool{}}
	add := func(title string) {
		// A name of the notation alone, a heading "d20", would keep every
		// d20 in the book from rolling.
		if words := strings.Fields(title); len(words) > 1 {
			d.names[strings.Join(words, " ")] = true
			for _, w := range words {
				d.words[w] = true
			}
		}
	}
	add(title)
	for _, h := range headings {
		add(h.Title)
	}
	return d
}

// holds reports whether the dice notation ins[i] stands in a name, with
// the words written just before or after it: the words must run up to the
// notation and match the name's case, so that "the Fuzzy d100 rules" is in
// the name "Fuzzy d100" and "a fuzzy d100" is not.
func (d diceNames) holds(ins []ast.Inline, i int) bool {
	expr := ins[i].(*ast.Dice).Expr
	first, _, _ := strings.Cut(expr, " ")
	if !d.words[first] {
		return false
	}
	var before, after []string
	if i > 0 {
		if t, ok := ins[i-1].(*ast.Text); ok && endsWithSpace(t.Text) {
			before = wordsBefore(t.Text)
		}
	}
	if i+1 < len(ins) {
		if t, ok := ins[i+1].(*ast.Text); ok && startsWithSpace(t.Text) {
			after = wordsAfter(t.Text)
		}
	}
	// Each name is put together in one buffer and looked up as it is,
	// without a string made for it: a book of many dice has thousands.
	var name []byte
	for b := len(before); b >= 0; b-- {
		for a := 0; a <= len(after); a++ {
			if a+b == 0 {
				continue
			}
			name = name[:0]
			for _, w := range before[len(before)-b:] {
				name = append(append(name, w...), ' ')
			}
			name = append(name, expr...)
			for _, w := range after[:a] {
				name = append(append(name, ' '), w...)
			}
			if d.names[string(name)] {
				return true
			}
		}
	}
	return false
}

// wordsBefore returns the last words of text, up to maxNameWords, as far
// back as no punctuation parts them from what follows.
func wordsBefore(text string) []string {
	fields := lastFields(text, maxNameWords)
	var words []string
	for j := len(fields) - 1; j >= 0 && len(words) < maxNameWords; j-- {
		w := fields[j]
		if endsClause(w) {
			break
		}
		words = append(words, w)
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break // "(Fuzzy" opens the name
		}
	}
	for l, r := 0, len(words)-1; l < r; l, r = l+1, r-1 {
		words[l], words[r] = words[r], words[l]
	}
	if len(words) > 0 {
		words[0] = strings.TrimLeftFunc(words[0], isNamePunct)
	}
	return words
}

// wordsAfter returns the first words of text, up to maxNameWords, as far
// as the first punctuation that ends a clause.
func wordsAfter(text string) []string {
	var words []string
	for _, w := range firstFields(text, maxNameWords) {
		if len(words) == maxNameWords {
			break
		}
		if endsClause(w) {
			words = append(words, strings.TrimRightFunc(w, isNamePunct))
			break
		}
		words = append(words, w)
	}
	return words
}

// lastFields returns the last n of strings.Fields(text), reading back
// from its end: a paragraph's text may be long, and each dice notation in
// it wants only the words beside it.
func lastFields(text string, n int) []string {
	fields := make([]string, 0, n)
	end := len(text)
	for len(fields) < n {
		end = len(strings.TrimRightFunc(text[:end], unicode.IsSpace))
		if end == 0 {
			break
		}
		start := 0
		if i := strings.LastIndexFunc(text[:end], unicode.IsSpace); i >= 0 {
			_, size := utf8.DecodeRuneInString(text[i:])
			start = i + size
		}
		fields = append(fields, text[start:end])
		end = start
	}
	slices.Reverse(fields)
	return fields
}

// firstFields returns the first n of strings.Fields(text), reading no
// further.
func firstFields(text string, n int) []string {
	fields := make([]string, 0, n)
	for len(fields) < n {
		text = strings.TrimLeftFunc(text, unicode.IsSpace)
		if text == "" {
			break
		}
		end := strings.IndexFunc(text, unicode.IsSpace)
		if end < 0 {
			end = len(text)
		}
		fields = append(fields, text[:end])
		text = text[end:]
	}
	return fields
}

func endsWithSpace(text string) bool {
	r, _ := utf8.DecodeLastRuneInString(text)
	return unicode.IsSpace(r)
}

func startsWithSpace(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return unicode.IsSpace(r)
}

// endsClause reports whether a word ends with punctuation that a name does
// not run across: "Fuzzy d100, or fd100".
func endsClause(word string) bool {
	r, _ := utf8.DecodeLastRuneInString(word)
	return isNamePunct(r)
}

func isNamePunct(r rune) bool {
	return strings.ContainsRune(`.,;:!?()[]"'“”‘’`, r)
}

// pluralS reports whether the text after dice notation makes it plural,
// "two d10s": the "s" belongs in the link, not after it.
func pluralS(rest []ast.Inline) bool {
	if len(rest) == 0 {
		return false
	}
	t, ok := rest[0].(*ast.Text)
	if !ok || !strings.HasPrefix(t.Text, "s") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t.Text[1:])
	return len(t.Text) == 1 || !unicode.IsLetter(r) && !unicode.IsDigit(r)
}
