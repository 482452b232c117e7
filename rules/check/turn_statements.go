package check

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A rule says in whose Turn an Action is taken: "In her Turn, take a
// Suppress Action", "In an ally's Turn, take a Support Action". Two
// statements of one Action that name different Turns disagree: seed 000's
// list of what a Combatant can do in a Round takes the Suppress Action "in
// her Turn", its Suppress Action section "in an enemy's Turn". turnTakers
// warns at each statement that disagrees with the first (prose/turn).

// turnStatement finds "In X's Turn, … take a NAME Action".
var turnStatement = regexp.MustCompile(`(?i)\bin\s+(her|his|their|its|one's|any|(?:an?|the)\s+(?:\w+)['’]s)\s+turn\b[^.]*?\btakes?\s+(?:an?|one|the following)\s+(\w+)\s+actions?\b`)

// turnTakers checks that every statement of an Action names one Turn.
func (c *checker) turnTakers() {
	type statement struct {
		owner string
		pos   ast.Pos
	}
	first := map[string]statement{}
	for _, para := range c.paragraphs() {
		text := para.text
		if !mentionsTurn(text.text) {
			continue
		}
		for _, m := range turnStatements(text.text) {
			owner := turnOwner(text.text[m[2]:m[3]])
			action := strings.ToLower(text.text[m[4]:m[5]])
			pos := text.pos(c.doc, m[0])
			f, seen := first[action]
			switch {
			case !seen:
				first[action] = statement{owner, pos}
			case f.owner != owner:
				c.diags.Warnf(pos, "prose/turn", "this takes the "+text.text[m[4]:m[5]]+" Action in "+owner+" Turn, but line "+
					strconv.Itoa(f.pos.Line)+" takes it in "+f.owner+" Turn: one of them is wrong")
			}
		}
	}
}

// mentionsTurn reports whether text has "Turn" or "turn": one scan, for
// the "urn" a 'u' starts, rarer than a 't'.
func mentionsTurn(text string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], "urn")
		if i < 0 {
			return false
		}
		i += off
		if i > 0 && (text[i-1] == 't' || text[i-1] == 'T') {
			return true
		}
		off = i + 1
	}
}

// turnStatements returns turnStatement's matches in text, as
// FindAllStringSubmatchIndex does. No match holds a '.', so it runs the
// regexp, which backtracks, only on the runs of text between the full
// stops that have "turn" and "action" in any case: a paragraph that
// speaks of Turns has many sentences that do not.
func turnStatements(text string) [][]int {
	var found [][]int
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '.')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		if run := text[start:end]; containsFoldASCII(run, "turn") && containsFoldASCII(run, "action") {
			for _, m := range turnStatement.FindAllStringSubmatchIndex(run, -1) {
				for i := range m {
					if m[i] >= 0 {
						m[i] += start
					}
				}
				found = append(found, m)
			}
		}
		start = end + 1
	}
	return found
}

// turnOwner words whose Turn it is alike however the rule words it: "her",
// "his" and "their" are the one acting's own.
func turnOwner(owner string) string {
	owner = strings.ToLower(strings.Join(strings.Fields(owner), " "))
	switch owner {
	case "her", "his", "their", "its", "one's":
		return "her own"
	case "any":
		return "any"
	}
	_, whose, _ := strings.Cut(strings.ReplaceAll(owner, "’", "'"), " ")
	if strings.ContainsRune("aeiou", rune(whose[0])) {
		return "an " + whose
	}
	return "a " + whose
}
