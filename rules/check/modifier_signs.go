package check

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// In fd100 every modifier is positive or negative, and its sign decides
// what matching it does: a Shift Up, or a Shift Down. A table that lists
// the Features an Action uses as modifiers must therefore say each one's
// sign: in the cell (+Flying, -Smarts), or in the prose of its section ("the
// target's modifiers count against the Action, as negative modifiers").
// Seed 000's Suppress and Support tables list "Smarts, Confused" and
// "Leadership, Passions" with neither, where its earlier drafts, kept in
// comments, signed them. modifierSigns warns (table/modifier-sign) at the
// first unsigned modifier of each such table in an fd100 book.

// modifierColumns are the columns of modifiers whose header gives no sign.
var modifierColumns = map[string]bool{"modifiers": true, "static modifiers": true, "dramatic modifiers": true}

// saysSign reports whether prose says which sign a section's modifiers
// have: `(?i)\b(?:positive|negative)\s+(?:static\s+|dramatic\s+)?modifiers?\b`.
func saysSign(text string) bool {
	for i := 0; i+len("positive") <= len(text); i++ {
		if c := text[i] | 0x20; c != 'p' && c != 'n' || !isWordStart(text, i) {
			continue
		}
		j, ok := wordAt(text, i, true, "positive", "negative")
		if !ok {
			continue
		}
		if j, ok = skipSpace(text, j); !ok {
			continue
		}
		if k, ok := wordAt(text, j, true, "static", "dramatic"); ok {
			if k, ok = skipSpace(text, k); ok {
				j = k
			}
		}
		if j, ok = wordAt(text, j, true, "modifier"); !ok {
			continue
		}
		if j < len(text) && text[j]|0x20 == 's' {
			j++
		}
		if isWordEnd(text, j) {
			return true
		}
	}
	return false
}

// unsignedWords are the cells of a modifier column that name no modifier.
var unsignedWords = map[string]bool{"none": true, "n/a": true, "-": true, "—": true, "–": true}

// modifierSigns checks that every listed modifier has its sign.
func (c *checker) modifierSigns() {
	if c.system != "fd100" {
		return
	}
	var section []ast.Block // the blocks since the last heading
	flush := func() {
		var tables []*ast.Table
		for _, b := range section {
			if t, ok := b.(*ast.Table); ok && slices.ContainsFunc(c.headerOf(t), isModifierColumn) {
				tables = append(tables, t)
			}
		}
		if len(tables) > 0 && !c.saysModifierSigns(section) {
			for _, t := range tables {
				c.tableModifierSigns(t)
			}
		}
		section = nil
	}
	c.walkBlocks(func(b ast.Block) {
		if _, ok := b.(*ast.Heading); ok {
			flush()
		}
		section = append(section, b)
	})
	flush()
}

func isModifierColumn(col string) bool { return modifierColumns[col] }

// saysModifierSigns reports whether a section's prose says which sign its
// modifiers have.
func (c *checker) saysModifierSigns(section []ast.Block) bool {
	for _, b := range section {
		if p, ok := b.(*ast.Paragraph); ok {
			if text := c.proseOf(p, p.Inlines).text; strings.Contains(text, "odifier") && saysSign(text) {
				return true
			}
		}
	}
	return false
}

// tableModifierSigns warns at a table's first modifier without a sign.
func (c *checker) tableModifierSigns(t *ast.Table) {
	header := c.headerOf(t)
	for _, row := range t.Rows {
		for i, cell := range row {
			if i >= len(header) || !modifierColumns[header[i]] {
				continue
			}
			offset := 0
			for _, item := range strings.Split(cell.Text, ",") {
				name := strings.TrimSpace(stripParenthetical(item))
				at := offset + len(item) - len(strings.TrimLeft(item, " "))
				offset += len(item) + 1
				if name == "" || unsignedWords[strings.ToLower(name)] || strings.ContainsAny(name[:1], "+-−") {
					continue
				}
				pos := cell.Pos
				pos.Col += utf8.RuneCountInString(cell.Text[:at])
				c.diags.Warnf(pos, "table/modifier-sign", `the `+t.Header[i].Text+` of this table have no sign ("`+name+
					`"), and its section does not say which they are: a modifier is positive or negative, write +`+
					name+` or -`+name)
				return
			}
		}
	}
}
