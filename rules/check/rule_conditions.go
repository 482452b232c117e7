package check

import (
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A rule a book states twice states it with the same conditions. Seed 000
// says "If the target has nonzero Flying or Carapace, they are used as
// static modifiers", and then gives Carapace only against attacks that are
// Crushing, Piercing or Shredding; it says Flying characters are harder to
// hit "by terrestrial attackers", and then gives Flying against every
// attack. ruleConditions finds the sentences that make a Feature a
// modifier of an attack (or make its bearer harder to hit), reads the
// conditions each sets (the attack's keywords, its range, the attacker's
// kind), and warns at a statement that lacks a condition another statement
// of the same Feature's rule sets (prose/rule-condition).

// statesRule reports whether a sentence states what a Feature does to an
// attack: it speaks of a modifier, or of being harder or easier to hit.
func statesRule(ws []ruleWord) bool {
	return hasWord(ws, "modifier", "modifiers") || toHit(ws)
}

// mayStateRule reports whether text holds the words statesRule looks for,
// as most sentences do not: a substring search is much cheaper than
// cutting the text into words.
func mayStateRule(text string) bool {
	return strings.Contains(text, "odifier") || strings.Contains(text, "to hit")
}

// ruleQualifiers are the words that narrow when such a rule applies, each
// with the one it means the same as ("melee" is "close").
// The attack's keywords are one condition, whichever a sentence names: a
// worked example names the one its attack has.
var ruleQualifiers = map[string]string{"crushing": keywordCondition, "piercing": keywordCondition, "shredding": keywordCondition,
	"noxious": keywordCondition, "projectile": keywordCondition, "venomous": keywordCondition, "close": "close", "melee": "close",
	"ranged": "ranged", "area": "area", "terrestrial": "terrestrial", "airborne": "airborne"}

// keywordCondition names the condition of an attack's keywords.
const keywordCondition = "the attack's keywords"

// aboutAttacks are the words of a sentence about attacks.
var aboutAttacks = []string{"attack", "attacks", "attacker", "attackers", "hit", "target"}

// defers are the words of a sentence that points to the full statement of
// a rule.
var defers = []string{"below", "following", "described", "see"}

// ruleConditions checks that each Feature's rule is stated alike.
func (c *checker) ruleConditions() {
	type statement struct {
		qualifiers []string
		pos        ast.Pos
	}
	byFeature := map[string][]statement{}
	var order []string
	if c.system != "fd100" && c.system != "pool" {
		return // Features that modify attacks are these systems'
	}
	var ws []ruleWord // each sentence's, in one slice
	for _, para := range c.paragraphs() {
		text := para.text
		if !mayStateRule(text.text) {
			continue // no statement of the kind: skip splitting it
		}
		for at, sentence := range sentences(text.text) {
			if !mayStateRule(sentence) {
				continue
			}
			if ws = ruleWords(ws[:0], sentence); !statesRule(ws) || !hasWord(ws, aboutAttacks...) || hasWord(ws, defers...) {
				continue
			}
			words := strings.Fields(strings.Map(func(r rune) rune {
				if strings.ContainsRune(",._():;", r) {
					return ' '
				}
				return r
			}, sentence))
			var qualifiers []string
			for _, w := range words {
				if q, ok := ruleQualifiers[strings.ToLower(w)]; ok && !slices.Contains(qualifiers, q) {
					qualifiers = append(qualifiers, q)
				}
			}
			var named []string
			for _, f := range c.vocabulary.features {
				if !strings.Contains(f, " ") && slices.Contains(words, f) && featureModifies(f, sentence) {
					named = append(named, f)
				}
			}
			// A sentence of several Features with conditions does not say
			// whose they are.
			if len(named) > 1 && len(qualifiers) > 0 {
				continue
			}
			for _, f := range named {
				if byFeature[f] == nil {
					order = append(order, f)
				}
				byFeature[f] = append(byFeature[f], statement{qualifiers, text.pos(c.doc, at+len(sentence)-len(strings.TrimLeft(sentence, " \n")))})
			}
		}
	}
	for _, f := range order {
		statements := byFeature[f]
		for _, s := range statements {
			for _, other := range statements {
				var missing []string
				for _, q := range other.qualifiers {
					if !slices.Contains(s.qualifiers, q) && !slices.Contains(missing, q) {
						missing = append(missing, q)
					}
				}
				if len(missing) == 0 {
					continue
				}
				c.diags.Warnf(s.pos, "prose/rule-condition", "this states what "+f+" does to an attack without its condition ("+
					strings.Join(missing, ", ")+") that line "+strconv.Itoa(other.pos.Line)+" gives it: the two statements of the rule disagree")
				break
			}
		}
	}
}

// featureModifies reports whether a sentence makes the Feature a modifier,
// or its bearer harder to hit: the Feature named before what it is said to
// be ("Carapace rating is a negative static modifier", "they are used as
// static modifiers"), not after ("a modifier … so a Carapace …"). The
// verb and the modifier are on one line of the source.
func featureModifies(f, sentence string) bool {
	at := strings.Index(sentence, f)
	if at < 0 {
		return false
	}
	ws := ruleWords(nil, sentence[at:])
	if toHit(ws) {
		return true
	}
	for i, w := range ws {
		if !w.is("is", "are", "count", "counts", "used") {
			continue
		}
		for _, later := range ws[i+1:] {
			if strings.Contains(later.before, "\n") {
				break
			}
			if later.is("modifier", "modifiers") {
				return true
			}
		}
	}
	return false
}

// A ruleWord is a word of a rule's sentence as `\b` bounds it, with
// before, what stands between it and the word before it.
type ruleWord struct {
	text, before string
}

// is reports whether the word is one of words, lower-case words compared
// without case. A Kelvin sign or long s, which `(?i)k` and `(?i)s` would
// match, is no letter of a word here.
func (w ruleWord) is(words ...string) bool {
	for _, word := range words {
		if len(word) == len(w.text) && strings.EqualFold(word, w.text) {
			return true
		}
	}
	return false
}

// ruleWords appends the words of a sentence to ws. The rules' sentences
// are read by their words rather than by expressions: the backtracking
// matcher took a twentieth of a site build (issue 26).
func ruleWords(ws []ruleWord, sentence string) []ruleWord {
	end := 0
	for start := 0; start < len(sentence); start++ {
		if !isWordStart(sentence, start) || !isWordByte(sentence[start]) {
			continue
		}
		next := start + 1
		for !isWordEnd(sentence, next) {
			next++
		}
		ws = append(ws, ruleWord{sentence[start:next], sentence[end:start]})
		start, end = next, next
	}
	return ws
}

// hasWord reports whether ws holds one of the words.
func hasWord(ws []ruleWord, words ...string) bool {
	for _, w := range ws {
		if w.is(words...) {
			return true
		}
	}
	return false
}

// toHit reports whether ws say "harder to hit" or "easier to hit"
// (`\b(?:harder|easier)\s+to\s+hit\b`).
func toHit(ws []ruleWord) bool {
	spaced := func(w ruleWord) bool { end, _ := skipSpace(w.before, 0); return w.before != "" && end == len(w.before) }
	for i := 0; i+2 < len(ws); i++ {
		if ws[i].is("harder", "easier") && ws[i+1].is("to") && ws[i+2].is("hit") && spaced(ws[i+1]) && spaced(ws[i+2]) {
			return true
		}
	}
	return false
}

// sentences yields text's sentences, each with its offset in text: a
// sentence ends at a stop, "!" or "?", a closing quote or parenthesis after
// it, and the white space after those, or at the text's end
// (`[.!?]["”’)]?(?:\s+|$)`).
func sentences(text string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		start := 0
		for i := 0; i < len(text); i++ {
			if c := text[i]; c != '.' && c != '!' && c != '?' {
				continue
			}
			end, ok := sentenceEnd(text, i+1)
			if !ok {
				continue
			}
			if !yield(start, text[start:end]) {
				return
			}
			start, i = end, end-1
		}
		yield(start, text[start:])
	}
}

// sentenceEnd returns where a sentence whose stop ends at i ends: past a
// closing mark and the white space after it, or at the text's end; ok is
// false when the stop is followed by neither.
func sentenceEnd(text string, i int) (end int, ok bool) {
	for _, closing := range []string{`"`, "”", "’", ")", ""} {
		if !strings.HasPrefix(text[i:], closing) {
			continue
		}
		at := i + len(closing)
		if at == len(text) {
			return at, true
		}
		if end, spaced := skipSpace(text, at); spaced {
			return end, true
		}
	}
	return 0, false
}
