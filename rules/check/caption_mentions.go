package check

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// A table the text names by its title ("the Six Degrees of Success Table")
// is named as its caption words it. A name of the same words in another
// order names it otherwise, and a reader looking for it by its caption does
// not find it: seed 000 says "the Termite Worker Summons Table" of the table
// captioned "Worker Termite summons". captionMentions warns at such a name
// (ref/caption-name).

// maxNameWords is the most words a table's name before "Table" is read
// with.
const maxNameWords = 8

// captionMentions checks the names the text gives its tables.
func (c *checker) captionMentions() {
	type captioned struct {
		title string
		words []string
		t     *ast.Table
	}
	var tables []captioned
	c.walkBlocks(func(b ast.Block) {
		if t, ok := b.(*ast.Table); ok && t.Caption != nil && t.Caption.Label == "Table" {
			title := strings.TrimRight(strings.TrimSpace(c.proseOf(t.Caption, t.Caption.Inlines).text), ".")
			if words := nameWords(title); len(words) > 1 {
				tables = append(tables, captioned{title, words, t})
			}
		}
	})
	if len(tables) == 0 {
		return
	}
	for _, para := range c.paragraphs() {
		text := para.text
		for _, at := range tableNames(text.text) {
			name := text.text[at[0]:at[1]]
			words := nameWords(name)
			for _, tc := range tables {
				if slices.Equal(words, tc.words) {
					break // named as captioned
				}
				if sameWords(words, tc.words) {
					c.diags.Warnf(text.pos(c.doc, at[0]), "ref/caption-name", `no table is captioned "`+name+`"; Table `+
						strconv.Itoa(tc.t.Caption.Number)+` (line `+strconv.Itoa(tc.t.Caption.Line)+`) is "`+tc.title+
						`": name it as its caption does`).Expected = tc.title
					break
				}
			}
		}
	}
}

// tableNames finds the names of tables in a text: the run of capitalised
// words before each "Table", at most maxNameWords, as byte ranges.
func tableNames(text string) [][2]int {
	var names [][2]int
	for from := 0; ; {
		i := strings.Index(text[from:], "Table")
		if i < 0 {
			return names
		}
		at := from + i
		from = at + len("Table")
		if from < len(text) && unicode.IsLetter(rune(text[from])) {
			continue // "Tables", "Tablet"
		}
		start, end := at, at
		for n := 0; n < maxNameWords; n++ {
			// The word before start, past the spaces before it.
			j := strings.TrimRightFunc(text[:start], unicode.IsSpace)
			if len(j) == len(text[:start]) {
				break
			}
			k := strings.LastIndexFunc(j, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' })
			word := j[k+1:]
			if r, _ := utf8.DecodeRuneInString(word); word == "" || !unicode.IsUpper(r) {
				break
			}
			start = k + 1
			if n == 0 {
				end = len(j)
			}
		}
		if start < at {
			names = append(names, [2]int{start, end})
		}
	}
}

// nameWords is the words of a name, lower-cased, in order.
func nameWords(name string) []string {
	return strings.Fields(strings.ToLower(strings.Map(func(r rune) rune {
		if r == ':' || r == ',' {
			return ' '
		}
		return r
	}, name)))
}

// sameWords reports whether two names have the same words in some order.
func sameWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
