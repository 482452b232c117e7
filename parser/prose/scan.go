package prose

import (
	"slices"

	"github.com/galleyhq/galley/parser/ast"
)

// span is a node found in a text run, from start to end in the run.
type span struct {
	start, end int
	node       ast.Inline
	// claim is the \claim the node stands for, nil for any other node.
	claim *foundClaim
}

// scan splits a text run into text, dice, references, footnote marks and
// claims, and appends them to out; the claims go to c.claims too. The nodes
// are found first, so that out grows once and the text nodes between them
// are allocated together: a run holds a few nodes, and a book thousands of
// runs.
func (c *Converter) scan(out []ast.Inline, r *textRun) []ast.Inline {
	s := r.String()
	if s == "" {
		return out
	}
	var buf [8]span // enough for most runs, and on the stack
	found := findNodes(s, buf[:0])
	// There is at most one text before each node and one after the last.
	texts := make([]ast.Text, 0, len(found)+1)
	out = slices.Grow(out, 2*len(found)+1)
	pos := func(off int) ast.Pos { return c.pos.at(c.src, r.srcOffset(off)) }
	textStart := 0
	addText := func(end int) {
		texts = append(texts, ast.Text{InlineNode: ast.InlineNode{Pos: pos(textStart)}, Text: s[textStart:end]})
		out = append(out, &texts[len(texts)-1])
	}
	for _, f := range found {
		if f.start > textStart {
			addText(f.start)
		}
		at := pos(f.start)
		setPos(f.node, at)
		if f.claim != nil && c.claims != nil {
			f.claim.Pos = at
			if f.claim.problem == "" {
				f.claim.QuantityPos = pos(f.claim.quantityAt)
			}
			c.claims.add(f.claim)
		}
		out = append(out, f.node)
		textStart = f.end
	}
	if textStart < len(s) {
		addText(len(s))
	}
	return out
}

// findNodes appends the nodes in s to found, in order. Every matcher looks a
// bounded distance ahead, so the scan is linear.
func findNodes(s string, found []span) []span {
	for i := 0; i < len(s); {
		before := len(found)
		switch ch := s[i]; {
		case !mayStartNode[ch]:
		case ch >= 0x80:
			found = matchFootnoteRef(s, i, found)
		case ch == '"':
			found = matchTitleFirstRef(s, i, found)
		case ch == '\\':
			found = matchClaim(s, i, found)
			if len(found) == before {
				found = matchIndex(s, i, found)
			}
		case !isWordStart(s, i):
		case startsDice(ch):
			found = matchDice(s, i, found)
		case startsNumberedRef(ch):
			found = matchNumberedRef(s, i, found)
		case startsHeadingWord(ch):
			found = matchKeywordFirstRef(s, i, found)
		}
		if len(found) == before {
			i++
			continue
		}
		i = found[len(found)-1].end
	}
	return found
}

// mayStartNode holds the bytes a matcher may start at. Most bytes of prose
// start nothing, and looking each up costs less than asking every matcher.
var mayStartNode = func() (starts [256]bool) {
	for c := range 256 {
		b := byte(c)
		starts[c] = b >= 0x80 || b == '"' || b == '\\' || startsDice(b) || startsNumberedRef(b) || startsHeadingWord(b)
	}
	return starts
}()

// setPos places an inline node found by a matcher.
func setPos(n ast.Inline, p ast.Pos) {
	switch n := n.(type) {
	case *ast.Dice:
		n.Pos = p
	case *ast.Ref:
		n.Pos = p
	case *ast.FootnoteRef:
		n.Pos = p
	case *ast.Text:
		n.Pos = p
	case *ast.IndexTerm:
		n.Pos = p
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isWordByte(c byte) bool { return isASCIILetter(c) || isDigit(c) || c == '_' }

// isWordStart reports whether s[i] begins a word.
func isWordStart(s string, i int) bool { return i == 0 || !isWordByte(s[i-1]) }

// isWordEnd reports whether a word may end before s[i].
func isWordEnd(s string, i int) bool { return i >= len(s) || !isWordByte(s[i]) }

// digitsAt returns the number of ASCII digits at s[i:], at most limit.
func digitsAt(s string, i, limit int) int {
	n := 0
	for i+n < len(s) && n < limit && isDigit(s[i+n]) {
		n++
	}
	return n
}

func matchFootnoteRef(s string, i int, found []span) []span {
	number, length := SuperscriptNumber(s[i:])
	if length == 0 {
		return found
	}
	return append(found, span{start: i, end: i + length, node: &ast.FootnoteRef{Number: number}})
}
