package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// statBlocks makes the book's stat blocks (see ast.StatBlock) whole, once
// every paragraph's inlines are read: the markup's, an enemy's "Feature &
// Rating" table with the attack boxes after it, are gathered into one
// under the heading above them (its special rules, boxes of their own,
// stay so, and flow as boxes do); in every stat block,
// Homebrewery's rating lines become ratings, and a heading inside one
// ("### Actions") the bold line it prints as, which is no section of the
// book.
func statBlocks(doc *ast.Document) {
	doc.Blocks = gatherStatBlocks(doc.Blocks)
	ast.WalkBlocks(doc.Blocks, func(b ast.Block) {
		if s, ok := b.(*ast.StatBlock); ok {
			s.Blocks = readRatings(s.Blocks)
		}
	})
}

// gatherStatBlocks returns blocks with each run of an enemy's stat table
// and attack figures made a stat block, in boxes too.
func gatherStatBlocks(blocks []ast.Block) []ast.Block {
	var title string
	// Most blocks are kept as they are: room for all of them at once
	// spares growing a copy of a long book's whole list.
	out := make([]ast.Block, 0, len(blocks))
	for i := 0; i < len(blocks); i++ {
		switch b := blocks[i].(type) {
		case *ast.Heading:
			title = b.Title
		case *ast.Box:
			b.Blocks = gatherStatBlocks(b.Blocks)
		case *ast.Table:
			if !ast.IsRatingsTable(b) {
				break
			}
			end := i + 1
			for end < len(blocks) && belongsToStatBlock(blocks[end]) {
				end++
			}
			s := &ast.StatBlock{BlockNode: ast.BlockNode{Pos: b.Pos}, Title: title}
			s.Blocks = append(s.Blocks, blocks[i:end]...)
			out = append(out, s)
			i = end - 1
			continue
		}
		out = append(out, blocks[i])
	}
	return out
}

// belongsToStatBlock reports whether b, after an enemy's stat table, is
// part of its stat block: a figure of its attack boxes.
func belongsToStatBlock(b ast.Block) bool {
	fig, ok := b.(*ast.Figure)
	if !ok {
		return false
	}
	_, ok = fig.Attacks()
	return ok
}

// readRatings returns a stat block's blocks with its rating lines made
// ratings: a paragraph each of whose lines starts with a bold name, or a
// list each of whose items does.
func readRatings(blocks []ast.Block) []ast.Block {
	for i, b := range blocks {
		switch b := b.(type) {
		case *ast.Paragraph:
			if r := paragraphRatings(b); r != nil {
				blocks[i] = r
			}
		case *ast.List:
			if r := listRatings(b); r != nil {
				blocks[i] = r
			}
		case *ast.Heading:
			strong := &ast.Emphasis{InlineNode: ast.InlineNode{Pos: b.Pos}, Level: 2,
				Inlines: []ast.Inline{&ast.Text{InlineNode: ast.InlineNode{Pos: b.Pos}, Text: b.Title}}}
			blocks[i] = &ast.Paragraph{BlockNode: b.BlockNode, Inlines: []ast.Inline{strong}}
		}
	}
	return blocks
}

// paragraphRatings reads a paragraph of rating lines, one rating a line:
// each line starts with a bold name. nil for any other paragraph.
func paragraphRatings(p *ast.Paragraph) *ast.StatRatings {
	r := &ast.StatRatings{BlockNode: p.BlockNode}
	line := 0
	for i, in := range p.Inlines {
		if in.Position().Line <= line {
			continue
		}
		name, ok := ratingName(in)
		if !ok {
			return nil
		}
		line = in.Position().Line
		end := i + 1
		for end < len(p.Inlines) && p.Inlines[end].Position().Line <= line {
			end++
		}
		r.Ratings = append(r.Ratings, &ast.StatRating{Pos: in.Position(), Name: name, Value: ratingValue(p.Inlines[i+1 : end])})
	}
	if len(r.Ratings) == 0 {
		return nil
	}
	return r
}

// listRatings reads a list of rating lines, one an item. nil for any other
// list.
func listRatings(l *ast.List) *ast.StatRatings {
	r := &ast.StatRatings{BlockNode: l.BlockNode}
	for _, item := range l.Items {
		if len(item.Blocks) != 1 {
			return nil
		}
		p, ok := item.Blocks[0].(*ast.Paragraph)
		if !ok || len(p.Inlines) == 0 {
			return nil
		}
		name, ok := ratingName(p.Inlines[0])
		if !ok {
			return nil
		}
		r.Ratings = append(r.Ratings, &ast.StatRating{Pos: p.Inlines[0].Position(), Name: name, Value: ratingValue(p.Inlines[1:])})
	}
	if len(r.Ratings) == 0 {
		return nil
	}
	return r
}

// ratingName returns the name a rating line starts with: bold text, not a
// run-in title of a feature ("***Bite.***"), which ends with a stop.
func ratingName(in ast.Inline) (string, bool) {
	e, ok := in.(*ast.Emphasis)
	if !ok || e.Level != 2 || len(e.Inlines) != 1 {
		return "", false
	}
	t, ok := e.Inlines[0].(*ast.Text)
	if !ok {
		return "", false
	}
	name := strings.TrimSpace(t.Text)
	if name == "" || strings.HasSuffix(name, ".") {
		return "", false
	}
	return strings.TrimSuffix(name, ":"), true
}

// ratingValue returns the inlines after a rating's name, without the space
// around them or Homebrewery's "::" (or a colon) before them.
func ratingValue(ins []ast.Inline) []ast.Inline {
	out := make([]ast.Inline, 0, len(ins))
	for _, in := range ins {
		if t, ok := in.(*ast.Text); ok {
			if len(out) == 0 {
				trimmed := strings.TrimLeft(strings.TrimSpace(t.Text), ":")
				in = &ast.Text{InlineNode: t.InlineNode, Text: strings.TrimSpace(trimmed)}
			}
		}
		out = append(out, in)
	}
	if n := len(out); n > 0 {
		if t, ok := out[n-1].(*ast.Text); ok {
			out[n-1] = &ast.Text{InlineNode: t.InlineNode, Text: strings.TrimRight(t.Text, " \t\n")}
		}
	}
	return dropEmptyTexts(out)
}

// dropEmptyTexts leaves out the texts that trimming emptied.
func dropEmptyTexts(ins []ast.Inline) []ast.Inline {
	out := ins[:0]
	for _, in := range ins {
		if t, ok := in.(*ast.Text); ok && t.Text == "" {
			continue
		}
		out = append(out, in)
	}
	return out
}
