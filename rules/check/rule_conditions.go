package check

import (
	"regexp"
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

// ruleStatement marks a sentence that states what a Feature does to an
// attack.
var ruleStatement = regexp.MustCompile(`(?i)\bmodifiers?\b|\b(?:harder|easier)\s+to\s+hit\b`)

// mayStateRule reports whether text holds the words ruleStatement looks
// for, as most sentences do not: a substring search is much cheaper than
// the expression's.
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

// aboutAttacks marks a sentence about attacks: one of its words.
var aboutAttacks = regexp.MustCompile(`(?i)\b(attacks?|attackers?|hit|target)\b`)

// defers marks a sentence that points to the full statement of a rule.
var defers = regexp.MustCompile(`(?i)\b(below|following|described|see)\b`)

// sentenceEnd ends a sentence: a stop before a capital, an emphasis mark
// or the end.
var sentenceEnd = regexp.MustCompile(`[.!?]["”’)]?(?:\s+|$)`)

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
	for _, para := range c.paragraphs() {
		text := para.text
		if !mayStateRule(text.text) {
			continue // no statement of the kind: skip splitting it
		}
		start := 0
		for _, loc := range append(sentenceEnd.FindAllStringIndex(text.text, -1), []int{len(text.text), len(text.text)}) {
			sentence := text.text[start:loc[1]]
			at := start
			start = loc[1]
			if !mayStateRule(sentence) || !ruleStatement.MatchString(sentence) || !aboutAttacks.MatchString(sentence) || defers.MatchString(sentence) {
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
// static modifiers"), not after ("a modifier … so a Carapace …").
func featureModifies(f, sentence string) bool {
	at := strings.Index(sentence, f)
	return at >= 0 && featureAs.MatchString(sentence[at:])
}

// featureAs follows a Feature in a sentence that says what it does.
var featureAs = regexp.MustCompile(`(?i)\b(?:is|are|counts?|used)\b.*\bmodifiers?\b|\b(?:harder|easier)\s+to\s+hit\b`)
