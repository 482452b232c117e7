package check

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A summons table is read with a Boolean roll: a roll that matches the
// summoners' rating (their Swarming) picks "the result with the lowest
// Chance to Summon that is higher than the roll value". Every roll that
// matches must find a row, or the alarm is raised and nobody comes: seed
// 000's Workers have Swarming 90% and Chances up to 80%, so rolls of 80 to
// 89 summon nothing. summonsTables warns at such a table (table/summons),
// the rating read from the stat table of the section, the rule from the
// section's text before the table.

// summonsRule finds the Boolean roll against a Feature the summons are
// read with.
var summonsRule = regexp.MustCompile(`(?i)boolean\s+roll\s+against\s+(?:the\s+)?(?:[\w\s-]*?['’]s?\s+)?(\p{Lu}[\w ]*?)[.,;]`)

// summonsTables checks every summons table against its section's rule.
func (c *checker) summonsTables() {
	// The section's paragraphs so far, joined only for a table that may be
	// a summons table: few are.
	var paragraphs []string
	ratings := map[string]int{}
	prose := paragraphCursor{c: c}
	c.walkBlocks(func(n ast.Block) {
		switch n := n.(type) {
		case *ast.Heading:
			paragraphs = paragraphs[:0]
			clear(ratings)
		case *ast.Paragraph:
			paragraphs = append(paragraphs, prose.proseOf(n).text)
		case *ast.Table:
			h := c.headerOf(n)
			if h.is("feature", "rating") {
				for _, row := range n.Rows {
					if len(row) == 2 {
						if v, ok := parsePercent(row[1].Text); ok {
							ratings[strings.ToLower(strings.TrimSpace(row[0].Text))] = v
						}
					}
				}
				return
			}
			c.summonsTable(n, h, paragraphs, ratings)
		}
	})
}

// summonsTable checks one table, if it is a summons table its section's
// rule reads.
func (c *checker) summonsTable(t *ast.Table, h header, paragraphs []string, ratings map[string]int) {
	col := -1
	for i, name := range h {
		if strings.HasPrefix(name, "chance") {
			col = i
		}
	}
	if col < 0 {
		return
	}
	section := strings.Join(paragraphs, "\n")
	if !strings.Contains(strings.ToLower(section), "lowest") {
		return
	}
	m := summonsRule.FindStringSubmatch(section)
	if m == nil {
		return
	}
	feature := strings.TrimSpace(m[1])
	rating, ok := ratings[strings.ToLower(feature)]
	if !ok {
		return
	}
	var chances []string
	for _, row := range t.Rows {
		if col < len(row) {
			if v, ok := parsePercent(row[col].Text); ok {
				chances = append(chances, strconv.Itoa(v))
			}
		}
	}
	if len(chances) == 0 {
		return
	}
	expr := "fd100 alarm swarming=" + strconv.Itoa(rating) + " chances=" + strings.Join(chances, ",")
	e, err := rules.Parse(expr, rules.FD100System)
	if err != nil {
		return
	}
	d, err := e.Dist()
	if err != nil {
		return
	}
	// The rolls that match the rating but summon nothing: every roll under
	// it that is no lower than the highest Chance.
	highest := 0
	for _, v := range chances {
		n, _ := strconv.Atoi(v)
		highest = max(highest, n)
	}
	if nothing := d.Prob(0); highest < rating && nothing.Sign() > 0 {
		c.diags.Warnf(t.Pos, "table/summons", "a roll of "+strconv.Itoa(highest)+" to "+strconv.Itoa(rating-1)+" matches "+feature+
			" ("+strconv.Itoa(rating)+"%) but no row's "+t.Header[col].Text+" is above it, so nobody comes: the table's chances stop at "+
			strconv.Itoa(highest)+"%")
	}
}

// parsePercent reads "90%" or "90% (note)".
func parsePercent(cell string) (int, bool) {
	m := percentCell.FindStringSubmatch(cell)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

var percentCell = regexp.MustCompile(`^\s*(\d+)\s*%`)
