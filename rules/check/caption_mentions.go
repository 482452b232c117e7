package check

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A table the text names by its title ("the Six Degrees of Success Table")
// is named as its caption words it. A name of the same words in another
// order names it otherwise, and a reader looking for it by its caption does
// not find it: seed 000 says "the Termite Worker Summons Table" of the table
// captioned "Worker Termite summons". captionMentions warns at such a name
// (ref/caption-name).

// tableName is a name of a table: capitalised words before "Table".
var tableName = regexp.MustCompile(`((?:\p{Lu}[\p{L}'’-]*\s+){1,8})Table\b`)

// captionMentions checks the names the text gives its tables.
func (c *checker) captionMentions() {
	type captioned struct {
		title string
		words []string
		t     *ast.Table
	}
	var tables []captioned
	ast.WalkBlocks(c.doc.Blocks, func(b ast.Block) {
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
	ast.Walk(c.doc.Blocks, func(n ast.Node) bool {
		para, ok := n.(*ast.Paragraph)
		if !ok {
			return true
		}
		text := c.proseOf(para, para.Inlines)
		for _, m := range tableName.FindAllStringSubmatchIndex(text.text, -1) {
			name := strings.TrimSpace(text.text[m[2]:m[3]])
			words := nameWords(name)
			for _, tc := range tables {
				if slices.Equal(words, tc.words) {
					break // named as captioned
				}
				if sameWords(words, tc.words) {
					c.diags.Warnf(text.pos(c.doc, m[2]), "ref/caption-name", `no table is captioned "`+name+`"; Table `+
						strconv.Itoa(tc.t.Caption.Number)+` (line `+strconv.Itoa(tc.t.Caption.Line)+`) is "`+tc.title+
						`": name it as its caption does`).Expected = tc.title
					break
				}
			}
		}
		return false
	})
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
