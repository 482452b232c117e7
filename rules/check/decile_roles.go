package check

import (
	"slices"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A book that explains its decile dice says which die gives the tens and
// which the ones: "a d6 as the tens die and a d10 as the ones die" for the
// d60. The ones die is the d10 of every decile die but the d20, which is
// rolled alone; the tens die is the d4 of the d40, the d6 of the d60, and so
// on. Seed 000's overview swaps them: the d40 to d100 are "each comprised
// of a d4, d6, d8, and d10, respectively, as the "ones" die; and a d10 as
// the "tens" die". decileRoles reads each phrase "as the tens", "as a
// "ones" die", "for the ones" in an fd100 or pool book, takes the dice
// listed just before it in its clause, and reports those that cannot play
// that part for the decile dice the sentence names (all of them, if it
// names none), at the word tens or ones (prose/decile-role).

// rolePhrase is a phrase that gives a die its part: "as the tens", `as a
// "ones"`, "for the ones", "as its tens". Its role is text[roleStart:
// roleStart+4].
type rolePhrase struct{ start, roleStart int }

// rolePhrases finds the role phrases of text, in order:
// `(?i)\b(?:as|for)\s+(?:the|a|its|their)\s+["“]?(tens|ones)\b`. It
// looks for the role first and reads back from it.
func rolePhrases(text string) []rolePhrase {
	var found []rolePhrase
	for i := 0; i+4 <= len(text); i++ {
		if c := text[i] | 0x20; c != 't' && c != 'o' || !isOneOf(text[i:i+4], "tens", "ones") || !isWordEnd(text, i+4) {
			continue
		}
		if start, ok := roleLeadIn(text, i); ok {
			found = append(found, rolePhrase{start, i})
		}
	}
	return found
}

// roleLeadIn reads back from a role at byte role over `(?i)\b(?:as|for)\s+
// (?:the|a|its|their)\s+["“]?`, and returns where the phrase starts.
func roleLeadIn(text string, role int) (int, bool) {
	i := role
	if strings.HasSuffix(text[:i], `"`) {
		i--
	} else if strings.HasSuffix(text[:i], "“") {
		i -= len("“")
	}
	i, ok := skipSpaceBack(text, i)
	if !ok {
		return 0, false
	}
	article := tokenBefore(text, i)
	if !isOneOf(text[article:i], "the", "a", "its", "their") {
		return 0, false
	}
	if i, ok = skipSpaceBack(text, article); !ok {
		return 0, false
	}
	for _, lead := range []string{"as", "for"} {
		if start := i - len(lead); start >= 0 && strings.EqualFold(text[start:i], lead) && isWordStart(text, start) {
			return start, true
		}
	}
	return 0, false
}

// isDiceListSeparator reports whether between may stand between two dice
// of one list: "a d4, d6 and d8", "a one-based d4, d6 and d8,
// respectively". It is `^\s*,?\s*(?:(?:and|or)\s+)?(?:(?:a|an|the)\s+)?
// (?:(?:one|zero)-based\s+|ordinary\s+)?$`.
func isDiceListSeparator(between string) bool {
	i, _ := skipSpace(between, 0)
	if i < len(between) && between[i] == ',' {
		i, _ = skipSpace(between, i+1)
	}
	for _, words := range [][]string{{"and", "or"}, {"the", "an", "a"}, {"one-based", "zero-based", "ordinary"}} {
		if j, ok := wordAt(between, i, false, words...); ok {
			if k, spaced := skipSpace(between, j); spaced {
				i = k
			}
		}
	}
	return i == len(between)
}

// decileRoles checks the tens and ones dice every paragraph names.
func (c *checker) decileRoles() {
	if c.system != "fd100" && c.system != "pool" {
		return
	}
	for _, para := range c.paragraphs() {
		if text := para.text; mayNameRole(text.text) {
			c.paragraphDecileRoles(text)
		}
	}
}

// mayNameRole reports whether text has "tens" or "ones" in it, in any
// case, as rolePhrases reads them: one pass, a look at each byte, where a
// search for each word took two and missed "Tens".
func mayNameRole(text string) bool {
	for i := 3; i < len(text); i++ {
		if text[i]|0x20 != 's' {
			continue
		}
		a, b, c := text[i-3]|0x20, text[i-2]|0x20, text[i-1]|0x20
		if a == 't' && b == 'e' && c == 'n' || a == 'o' && b == 'n' && c == 'e' {
			return true
		}
	}
	return false
}

func (c *checker) paragraphDecileRoles(text *prose) {
	for _, phrase := range rolePhrases(text.text) {
		role := strings.ToLower(text.text[phrase.roleStart : phrase.roleStart+4])
		start, end := text.sentenceAt(phrase.start)
		assigned := assignedDice(text, start, phrase.start)
		var named []rules.DecileDie
		for _, span := range text.spans {
			if d, ok := span.node.(*ast.Dice); ok && start <= span.start && span.start < end {
				if die, ok := rules.ParseDecileDie(d.Expr); ok {
					named = append(named, die)
				}
			}
		}
		if len(named) == 0 {
			named = rules.DecileDice
		}
		var wrong []string
		for _, die := range assigned {
			if !slices.ContainsFunc(named, func(d rules.DecileDie) bool { return playsRole(d, die, role) }) {
				wrong = append(wrong, die)
			}
		}
		if len(wrong) == 0 {
			continue
		}
		c.wrongRole(text.pos(c.doc, phrase.roleStart), wrong, role, named)
	}
}

// wrongRole reports dice named as the tens or ones die of decile dice they
// are not part of that way, with the other role if they play it.
func (c *checker) wrongRole(pos ast.Pos, wrong []string, role string, named []rules.DecileDie) {
	other := map[string]string{"tens": "ones", "ones": "tens"}[role]
	swapped := !slices.ContainsFunc(wrong, func(die string) bool {
		return !slices.ContainsFunc(named, func(d rules.DecileDie) bool { return playsRole(d, die, other) })
	})
	msg := "the " + joinAnd(wrong) + " " + pluralVerb(wrong, "is", "are") + " not the " + role + " " +
		pluralVerb(wrong, "die", "dice") + " of the " + joinAnd(decileNames(named))
	parts := partsOf(named, role)
	actual := "the " + role + " " + pluralVerb(parts, "die is", "dice are") + " the " + joinAnd(parts)
	if !swapped {
		c.errorAt(pos, "prose/decile-role", msg+": "+actual, "")
		return
	}
	c.errorAt(pos, "prose/decile-role", msg+" but their "+other+": "+actual, other)
}

// pluralVerb picks the word for one item or for more.
func pluralVerb(items []string, one, more string) string {
	if len(items) == 1 {
		return one
	}
	return more
}

// partsOf returns the dice that play role in the decile dice, each once.
func partsOf(dice []rules.DecileDie, role string) []string {
	var parts []string
	for _, d := range dice {
		part := d.OnesDie()
		if role == "tens" {
			part = d.TensDie()
		}
		if part != "" && !slices.Contains(parts, part) {
			parts = append(parts, part)
		}
	}
	return parts
}

// assignedDice returns the dice listed just before byte at, within the
// sentence from start: the last die named before at, in the same clause
// (no ';' and no other tens or ones between), and the dice listed with it
// ("a d4, d6 and d8"). Decile dice in the list are what the parts make,
// not parts, and are left out; the d20 may be either.
func assignedDice(text *prose, start, at int) []string {
	var list []string
	end := at // the end of the text after the die before
	for i := len(text.spans) - 1; i >= 0 && text.spans[i].start >= start; i-- {
		span := text.spans[i]
		d, ok := span.node.(*ast.Dice)
		if !ok || span.start >= at {
			continue
		}
		between := text.text[span.start+len(d.Expr) : end]
		if len(list) == 0 && (strings.Contains(between, ";") || len(rolePhrases(between)) > 0) ||
			len(list) > 0 && !isDiceListSeparator(between) {
			break
		}
		list = append(list, d.Expr)
		end = span.start
	}
	var parts []string
	for _, die := range slices.Backward(list) {
		if _, decile := rules.ParseDecileDie(die); !decile || die == "d20" {
			parts = append(parts, die)
		}
	}
	return parts
}

// playsRole reports whether die is decile die d's tens or ones die.
func playsRole(d rules.DecileDie, die, role string) bool {
	if role == "tens" {
		return d.TensDie() == die
	}
	return d.OnesDie() == die
}

func decileNames(dice []rules.DecileDie) []string {
	var names []string
	for _, d := range dice {
		names = append(names, d.Name())
	}
	return names
}

// joinAnd writes "d4", "d4 and d6", "d4, d6 and d8".
func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
