package markdown

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// A Markdown file with no heading at all is often a plain outline, as a
// designer's notes are: headings are lines in capitals standing alone
// ("COMBAT", "THE ACTION ROLL (P24)") and sub-items are list items
// indented by a space. CommonMark reads the first as paragraphs and the
// second as items of the same list, so such a file would have no
// chapters. The reader reads it as an outline instead, in such a file
// only: a file with one "#" or setext heading is Markdown as written.

// maxOutlineHeading is the longest a line in capitals may be and stand as
// a heading: a longer one is a shouted sentence.
const maxOutlineHeading = 60

// isOutlineHeading reports whether line, trimmed, may be an outline's
// heading: at most maxOutlineHeading characters, two letters or more,
// and every letter a capital.
func isOutlineHeading(line string) bool {
	if utf8.RuneCountInString(line) > maxOutlineHeading {
		return false
	}
	letters := 0
	for _, c := range line {
		if unicode.IsLetter(c) {
			if !unicode.IsUpper(c) {
				return false
			}
			letters++
		}
	}
	return letters >= 2
}

// readOutline reads blocks, the top-level blocks of a Markdown file
// without headings, as an outline: each of capitals, the paragraphs that
// are one line in capitals, is a heading, a chapter when it is the first
// of two or more in a row, a section otherwise (all are chapters when
// none are in a row); and every list's items nest by the column of their
// markers.
func readOutline(blocks []ast.Block, capitals map[ast.Block]string) {
	// capital[i] tells whether blocks[i] is one of capitals, with a
	// false after the last block.
	capital := make([]bool, len(blocks)+1)
	inRow := false
	for i, b := range blocks {
		_, capital[i] = capitals[b]
	}
	for i := range blocks {
		inRow = inRow || capital[i] && capital[i+1]
	}
	for i, b := range blocks {
		if list, ok := b.(*ast.List); ok {
			nestByColumn(list)
		}
		if !capital[i] {
			continue
		}
		level := 2
		if !inRow || capital[i+1] && (i == 0 || !capital[i-1]) {
			level = 1
		}
		blocks[i] = &ast.Heading{BlockNode: ast.BlockNode{Pos: b.Position()}, Level: level, Title: capitals[b]}
	}
}

// nestByColumn makes each item of list whose marker stands right of the
// item's before it an item of a list at the end of that one, as an
// outline's indented items are.
func nestByColumn(list *ast.List) {
	items := list.Items[:0]
	for _, item := range list.Items {
		if n := len(items); n > 0 && item.Pos.Col > items[n-1].Pos.Col {
			parent := items[n-1]
			sub, ok := lastBlock(parent.Blocks).(*ast.List)
			if !ok {
				sub = &ast.List{BlockNode: ast.BlockNode{Pos: item.Pos}, Ordered: list.Ordered}
				parent.Blocks = append(parent.Blocks, sub)
			}
			sub.Items = append(sub.Items, item)
			continue
		}
		items = append(items, item)
	}
	list.Items = items
	for _, item := range items {
		for _, b := range item.Blocks {
			if sub, ok := b.(*ast.List); ok {
				nestByColumn(sub)
			}
		}
	}
}

// lastBlock returns the last of blocks, or nil.
func lastBlock(blocks []ast.Block) ast.Block {
	if len(blocks) == 0 {
		return nil
	}
	return blocks[len(blocks)-1]
}

// noteCapitals notes the paragraph b, whose one line is seg, among the
// reader's capitals when it may be an outline's heading.
func (r *markdownReader) noteCapitals(b ast.Block, seg gmtext.Segment) {
	line := strings.TrimSpace(r.text[seg.Start:seg.Stop])
	if !isOutlineHeading(line) {
		return
	}
	if r.capitals == nil {
		r.capitals = map[ast.Block]string{}
	}
	r.capitals[b] = line
}
