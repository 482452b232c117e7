package check

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// sequence follows one kind of numbered thing through the book.
type sequence struct {
	kind string // "Table", "Figure", "Rules Summary", …
	last int
}

// next checks the number n written at pos: it must be the one after the
// last, which "Table:" captions advance too.
func (s *sequence) next(c *checker, n int, explicit bool, pos ast.Pos) {
	if explicit {
		switch {
		case n == s.last:
			c.errorAt(pos, "number/repeat", s.kind+" "+strconv.Itoa(n)+" repeats the number before it; expected "+
				s.kind+" "+strconv.Itoa(s.last+1), strconv.Itoa(s.last+1))
		case n != s.last+1:
			c.errorAt(pos, "number/sequence", s.kind+" "+strconv.Itoa(n)+" follows "+s.kind+" "+strconv.Itoa(s.last)+
				"; expected "+s.kind+" "+strconv.Itoa(s.last+1), strconv.Itoa(s.last+1))
		}
	}
	s.last = n
}

// numbering checks that written numbers of tables, figures, rules
// summaries, examples and notes run 1, 2, 3… per kind, and warns where a
// numbered list skips a number.
func (c *checker) numbering() {
	sequences := map[string]*sequence{}
	seq := func(kind string) *sequence {
		if sequences[kind] == nil {
			sequences[kind] = &sequence{kind: kind}
		}
		return sequences[kind]
	}
	// A reader that checked its own numbers (a numbered outline's, which
	// may keep a longer manuscript's) has said what is wrong with them.
	numbered := !c.doc.NumbersChecked
	caption := func(cap *ast.Caption) {
		if cap != nil && numbered {
			seq(cap.Label).next(c, cap.Number, cap.Explicit, cap.NumberPos)
		}
	}
	c.walkBlocks(func(n ast.Block) {
		switch n := n.(type) {
		case *ast.Table:
			caption(n.Caption)
		case *ast.Figure:
			caption(n.Caption)
		case *ast.Image:
			caption(n.Caption)
		case *ast.Box:
			if kind, ok := n.BoxKind.RefKind(); ok && numbered {
				seq(numberedKinds[kind]).next(c, n.Number, true, n.NumberPos)
			}
		case *ast.List:
			c.listNumbers(n)
		}
	})
}

// listNumbers warns where a numbered list's items skip or repeat a number:
// written numbers are kept, so a skip shows in every output.
func (c *checker) listNumbers(l *ast.List) {
	if !l.Ordered {
		return
	}
	for i := 1; i < len(l.Items); i++ {
		prev, item := l.Items[i-1].Number, l.Items[i].Number
		if item != prev+1 {
			c.diags.Warnf(l.Items[i].Pos, "list/number",
				"item "+strconv.Itoa(item)+" follows item "+strconv.Itoa(prev)+" in a numbered list; expected "+
					strconv.Itoa(prev+1)).Expected = strconv.Itoa(prev + 1)
		}
	}
}
