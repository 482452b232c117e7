package check

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A sentence that gives the result of a die, "the d60 result is 38" or "the
// result of the d60 is 60", gives one the die can roll, read as the book
// reads it: in an fd100 book a d60 rolls 0 to 59, so seed 000's third way
// of reading decile dice, whose example ends "the result of the d60 is
// 60", reads a d60 as no other page of the book does. dieResults reports
// each such result the engine says the die cannot roll (prose/die-result),
// at the number.

// resultAfter reads what follows a die, `^\s+results?\s+(?:is|was)\s+["“]?(\d+)`:
// " result is 38", ` result is "04"`. It returns where the number starts
// and ends.
func resultAfter(s string) (start, end int, ok bool) {
	i, ok := spacedWord(s, 0, false, "result")
	if !ok {
		return 0, 0, false
	}
	if i < len(s) && s[i] == 's' {
		i++
	}
	if i, ok = spacedWord(s, i, false, "is", "was"); !ok {
		return 0, 0, false
	}
	return quotedNumber(s, i)
}

// resultOfBefore and resultOfAfter frame a die: "result of the " d60 " is
// 60", "result of the " d60 " decile die is 05".
//
// resultOfBefore is `(?i)\bresult\s+of\s+(?:the|a|an)\s+$`.
func resultOfBefore(s string) bool {
	i, ok := skipSpaceBack(s, len(s))
	if !ok {
		return false
	}
	for _, words := range [][]string{{"the", "a", "an"}, {"of"}} {
		start := tokenBefore(s, i)
		if start == 0 || !isOneOf(s[start:i], words...) {
			return false
		}
		if i, ok = skipSpaceBack(s, start); !ok {
			return false
		}
	}
	start := i - len("result")
	return start >= 0 && strings.EqualFold(s[start:i], "result") && isWordStart(s, start)
}

// resultOfAfter is `^(?:\s+decile\s+die)?\s+(?:is|was)\s+["“]?(\d+)`.
func resultOfAfter(s string) (start, end int, ok bool) {
	i := 0
	if j, ok := spacedWord(s, 0, false, "decile"); ok {
		if j, ok = spacedWord(s, j, false, "die"); ok {
			i = j
		}
	}
	if i, ok = spacedWord(s, i, false, "is", "was"); !ok {
		return 0, 0, false
	}
	return quotedNumber(s, i)
}

// dieResults checks the die results every paragraph states.
func (c *checker) dieResults() {
	odds := map[string]*rules.OddsTable{}
	for _, para := range c.paragraphs() {
		text := para.text
		// The dice first: a look at the few spans, where the word is a
		// search of the whole text.
		if !text.hasDice() || !strings.Contains(text.text, "result") {
			continue
		}
		for _, span := range text.spans {
			dice, ok := span.node.(*ast.Dice)
			if !ok {
				continue
			}
			after := text.text[span.start+len(dice.Expr):]
			start, end, ok := resultAfter(after)
			if !ok && resultOfBefore(text.text[:span.start]) {
				start, end, ok = resultOfAfter(after)
			}
			if !ok {
				continue
			}
			at := span.start + len(dice.Expr) + start
			c.dieResult(odds, dice.Expr, after[start:end], text.pos(c.doc, at))
		}
	}
}

// dieResult reports a result the die cannot roll.
func (c *checker) dieResult(odds map[string]*rules.OddsTable, die, result string, pos ast.Pos) {
	table, known := odds[die]
	if !known {
		table, _ = rules.Odds(die, c.system)
		odds[die] = table
	}
	value, err := strconv.ParseInt(result, 10, 64)
	if table == nil || table.Named || len(table.Rows) == 0 || err != nil {
		return
	}
	for _, row := range table.Rows {
		if row.Value == value {
			return
		}
	}
	lo, hi := table.Rows[0].Value, table.Rows[len(table.Rows)-1].Value
	c.errorAt(pos, "prose/die-result", "a "+die+" rolls "+strconv.FormatInt(lo, 10)+" to "+strconv.FormatInt(hi, 10)+
		" in this book: "+result+" is not one of its results", "")
}
