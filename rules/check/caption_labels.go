package check

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A table may carry a figure's caption, and is then numbered, and referred
// to, among the figures. Tables of one kind are captioned alike, though: a
// book whose enemies' stat tables are "Table: Worker Termite Features" and
// then "Figure: Major Termite Soldier Features", as seed 000's are, numbers
// half of them among its figures by mistake. captionLabels groups the
// captioned tables by their columns and warns (caption/label) at each whose
// label is not the one most of its group carry (the first's, on a tie),
// unless the text before it calls it by that label.

// captionLabels checks that tables with the same columns carry one label.
func (c *checker) captionLabels() {
	groups := map[string][]*ast.Table{}
	var order []string
	// For each captioned table the span of the book's paragraphs (see
	// paragraphs) between its section's heading and it: what calledBy
	// reads, gathered in this one walk rather than one walk per table.
	paragraphs := c.paragraphs()
	read := 0 // the paragraphs walked so far
	sectionStart := 0
	introductions := map[*ast.Table][2]int{}
	c.walkBlocks(func(b ast.Block) {
		switch b := b.(type) {
		case *ast.Heading:
			sectionStart = read
		case *ast.Paragraph:
			read++
		case *ast.Table:
			if b.Caption == nil || len(b.Header) == 0 {
				return
			}
			introductions[b] = [2]int{sectionStart, read}
			key := strings.Join(c.headerOf(b), " & ")
			if groups[key] == nil {
				order = append(order, key)
			}
			groups[key] = append(groups[key], b)
		}
	})
	for _, key := range order {
		tables := groups[key]
		label := commonLabel(tables)
		var first *ast.Table
		for _, t := range tables {
			if t.Caption.Label == label && first == nil {
				first = t
			}
		}
		for _, t := range tables {
			span := introductions[t]
			if t.Caption.Label == label || c.calledBy(t, t.Caption.Label, paragraphs[span[0]:span[1]]) {
				continue
			}
			c.diags.Warnf(t.Caption.Pos, "caption/label", "this table has the columns of "+label+" "+strconv.Itoa(first.Caption.Number)+
				" ("+where(first.Caption.Pos, t.Caption.Pos)+`) but a `+strings.ToLower(t.Caption.Label)+`'s caption: caption it "`+
				label+`" too, or it is numbered among the `+strings.ToLower(t.Caption.Label)+"s").Expected = label
		}
	}
}

// calledBy reports whether the paragraphs of a table's section before it
// call it by its caption's title and label, as seed 000 introduces its
// template of minigame formulas, a table of placeholders: "The Minigame
// Formula Template figure below". The label is then the author's choice.
func (c *checker) calledBy(t *ast.Table, label string, introduction []paragraph) bool {
	title := strings.TrimRight(strings.ToLower(strings.Join(strings.Fields(c.proseOf(t.Caption, t.Caption.Inlines).text), " ")), ".")
	if title == "" {
		return false
	}
	for _, para := range introduction {
		text := strings.ToLower(strings.Join(strings.Fields(para.text.text), " "))
		if strings.Contains(text, title+" "+strings.ToLower(label)) {
			return true
		}
	}
	return false
}

// commonLabel returns the label most of the tables carry, the first's on a
// tie.
func commonLabel(tables []*ast.Table) string {
	count := map[string]int{}
	for _, t := range tables {
		count[t.Caption.Label]++
	}
	label := tables[0].Caption.Label
	for l, n := range count {
		if n > count[label] {
			label = l
		}
	}
	return label
}

// where names a position for a message about another: its line, or its
// file and line when the two are in different files.
func where(pos, from ast.Pos) string {
	if pos.File != from.File {
		return pos.File + ":" + strconv.Itoa(pos.Line)
	}
	return "line " + strconv.Itoa(pos.Line)
}
