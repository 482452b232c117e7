package check

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A sentence that counts what the list below it gives ("Actions are
// resolved in up to eight steps, summarised below") counts as many as the
// list has: seed 000's eight steps of action resolution are listed as
// seven, numbered 1 to 5, 7 and 8. listCounts warns at the number of a
// paragraph's last sentence, when it points below and a list follows (or a
// box holding one), and the two differ (prose/count).

// countedThings finds a number of things, the things a plural within three
// words: "eight steps", "up to 3 Actions", "four Support Actions". One is
// no count of a list ("One can", "each one"), nor a range ("one or two
// Special Attributes", "two to four").
var countedThings = regexp.MustCompile(`(?i)(?:\bor\s+)?\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|\d+)(\s+(?:or|to)\b)?(?:\s+[a-z][\w-]*){0,2}?\s+[a-z][\w-]*s\b`)

// upTo ends the words before a count that make it a most: "up to".
var upTo = regexp.MustCompile(`(?i)\b(?:up\s+to|at\s+most)\s*$`)

// notCounted are the words after a number that say it counts nothing:
// "one of", "20 below".
var notCounted = map[string]bool{"of": true, "or": true, "and": true, "to": true, "in": true, "on": true, "at": true,
	"by": true, "for": true, "the": true, "a": true, "an": true, "below": true, "above": true, "more": true, "less": true}

// numberWords are the numbers countedThings spells out, from one.
var numberWords = strings.Fields("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty")

// listCounts checks the counts of the lists the book announces.
func (c *checker) listCounts() {
	var walk func(blocks []ast.Block)
	walk = func(blocks []ast.Block) {
		for i, b := range blocks {
			switch b := b.(type) {
			case *ast.Paragraph:
				if i+1 < len(blocks) {
					c.countFollowing(b, blocks[i+1])
				}
			case *ast.Box:
				walk(b.Blocks)
			case *ast.StatBlock:
				walk(b.Blocks)
			case *ast.List:
				for _, item := range b.Items {
					walk(item.Blocks)
				}
			}
		}
	}
	walk(c.doc.Blocks)
}

// countFollowing compares the count the paragraph's last sentence gives
// with the items of the list that follows it.
func (c *checker) countFollowing(para *ast.Paragraph, next ast.Block) {
	list := listOf(next)
	if list == nil {
		return
	}
	text := c.proseOf(para, para.Inlines)
	start, end := text.sentenceAt(len(strings.TrimRight(text.text, " \n")) - 1)
	sentence := text.text[start:end]
	lower := strings.ToLower(sentence)
	if !strings.Contains(lower, "below") && !strings.Contains(lower, "following") && !strings.HasSuffix(strings.TrimSpace(sentence), ":") {
		return
	}
	if !mayCount(sentence) {
		return
	}
	// The last count of things: "one of these three Suppress Actions"
	// counts three.
	var m []int
	for _, found := range countedThings.FindAllStringSubmatchIndex(sentence, -1) {
		words := strings.Fields(strings.ToLower(sentence[found[0]:found[1]]))
		if ranged := words[0] == "or" || found[4] >= 0; !ranged && !notCounted[words[1]] {
			m = found
		}
	}
	if m == nil {
		return
	}
	word := sentence[m[2]:m[3]]
	n, err := strconv.Atoi(word)
	if err != nil {
		n = indexFold(numberWords, word) + 1
	}
	// "Up to two Actions" of a list of five chooses among them; up to
	// eight steps listed as seven is a step short.
	choosing := upTo.MatchString(sentence[:m[0]])
	if n == len(list.Items) || n <= 0 || choosing && len(list.Items) > n {
		return
	}
	c.diags.Warnf(text.pos(c.doc, start+m[0]), "prose/count", `this counts `+sentence[m[0]:m[1]]+`, but the list that follows gives `+
		strconv.Itoa(len(list.Items))+`: one of them is wrong`)
}

// mayCount reports whether a sentence may count things: countedThings'
// regexp backtracks through a sentence that has no number at all. Its
// number stands after `\b` and before white space, so it is a whole run
// of ASCII word characters, digits or one of numberWords in any case;
// only 'ſ' and the Kelvin sign fold to ASCII letters under `(?i)`, and a
// sentence with either is left to the regexp.
func mayCount(sentence string) bool {
	if strings.ContainsAny(sentence, "ſ\u212a") {
		return true
	}
	for word := range asciiWords(sentence) {
		if allDigits(word) || indexFold(numberWords[1:], word) >= 0 {
			return true
		}
	}
	return false
}

// allDigits reports whether s is digits alone.
func allDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// listOf returns the list a block is, or the one a box holds alone.
func listOf(b ast.Block) *ast.List {
	switch b := b.(type) {
	case *ast.List:
		return b
	case *ast.Box:
		if len(b.Blocks) == 1 {
			return listOf(b.Blocks[0])
		}
	}
	return nil
}

// indexFold returns the index of s in list, in any case, or −1.
func indexFold(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(v, s) {
			return i
		}
	}
	return -1
}
