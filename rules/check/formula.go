package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// formulaVariables are the formula-block labels whose values name Features.
var formulaVariables = map[string]bool{
	"Effort Variables":     true,
	"Resistance Variables": true,
	"Modifier Variables":   true,
}

// formulaPlaceholders are the values a minigame formula may give instead of
// Features: the per-action tables that follow the formula say which.
var formulaPlaceholders = map[string]bool{
	"action-specific": true,
	"effect-specific": true,
	"none":            true,
}

// formulas checks the minigame formula blocks: every variable they name must
// be a Feature.
func (c *checker) formulas() {
	c.walkBlocks(func(n ast.Block) {
		f, ok := n.(*ast.Formula)
		if !ok {
			return
		}
		for _, e := range f.Entries {
			if formulaVariables[e.Label] {
				c.featureList(e.Value, e.ValuePos, "formula/feature")
			}
		}
	})
}

// featureList checks a comma-separated list of Feature names written at pos,
// such as "Carapace, Flying" or "Action-specific (see below)". A value that
// is all in parentheses is a template's placeholder, not a list.
func (c *checker) featureList(value string, pos ast.Pos, code string) {
	if strings.HasPrefix(value, "(") && strings.HasSuffix(value, ")") {
		return
	}
	offset := 0
	for _, item := range strings.Split(value, ",") {
		// A modifier may carry its sign: "-Smarts, +Confused".
		name := strings.TrimLeft(strings.TrimSpace(stripParenthetical(item)), "+-−")
		itemPos := pos
		itemPos.Col += len([]rune(value[:offset])) + len([]rune(item)) - len([]rune(strings.TrimLeft(item, " +-−")))
		offset += len(item) + 1
		if name == "" || formulaPlaceholders[strings.ToLower(name)] || c.vocabulary.isFeature(name) {
			continue
		}
		c.unknownFeature(name, itemPos, code)
	}
}

// unknownFeature reports a name that is not a Feature, with the closest one.
func (c *checker) unknownFeature(name string, pos ast.Pos, code string) {
	closest := c.vocabulary.suggestFeature(name)
	msg := `"` + name + `" is not a Feature`
	if closest != "" {
		msg += ` (did you mean "` + closest + `"?)`
	}
	c.errorAt(pos, code, msg, closest)
}

// stripParenthetical drops a trailing "(…)" note: "40% (Armoured Head)".
func stripParenthetical(s string) string {
	if i := strings.IndexByte(s, '('); i >= 0 && strings.HasSuffix(strings.TrimSpace(s), ")") {
		return s[:i]
	}
	return s
}
