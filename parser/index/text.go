package index

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// unitKind says how a piece of the book's text names a term: a heading,
// label or definition term defines it; a title or a table names it in
// earnest; the body mentions it.
type unitKind uint8

const (
	unitBody unitKind = iota
	unitTable
	unitTitle
	unitHeading
	unitLabel
)

// unit is a piece of the book's text and the block it is printed in.
type unit struct {
	kind  unitKind
	text  string
	block ast.Block
	// anchor is the ID of the heading the block stands under.
	anchor string
	// section counts the headings before the unit, so that body mentions
	// are spread one a section.
	section int
	// seq is the block's place in reading order (see textWalk.seq).
	seq int
}

// textWalk reads the book's text in reading order into the units the
// index searches, and finds its explicit marks and the blocks they stand
// in.
type textWalk struct {
	units     []unit
	marks     []mark
	malformed []ast.Pos
	anchor    string
	section   int
	// seq counts the blocks read so far: the place in reading order of
	// the block being read, which the index lists each entry's places in.
	seq int
}

// mark is an explicit \index mark and the block it stands in.
type mark struct {
	term   *ast.IndexTerm
	block  ast.Block
	anchor string
	seq    int
}

func (w *textWalk) add(kind unitKind, text string, block ast.Block) {
	if strings.TrimSpace(text) == "" {
		return
	}
	w.units = append(w.units, unit{kind: kind, text: text, block: block, anchor: w.anchor, section: w.section, seq: w.seq})
}

// walk reads blocks into units, depth first.
func (w *textWalk) walk(blocks []ast.Block) {
	for _, b := range blocks {
		w.seq++
		switch b := b.(type) {
		case *ast.Heading:
			w.anchor = b.ID
			w.section++
			w.add(unitHeading, b.BareTitle(), b)
		case *ast.Paragraph:
			w.paragraph(b)
		case *ast.Box:
			w.add(unitTitle, boxTerm(b), b)
			w.walk(b.Blocks)
		case *ast.List:
			for _, item := range b.Items {
				w.walk(item.Blocks)
			}
		case *ast.Table:
			var cells strings.Builder
			for _, row := range append([][]*ast.Cell{b.Header}, b.Rows...) {
				for _, c := range row {
					cells.WriteString(c.Text)
					// A cell ends a phrase: no term runs across two.
					cells.WriteString(" | ")
				}
			}
			w.add(unitTable, cells.String(), b)
			if b.Caption != nil {
				w.add(unitBody, w.inlines(b.Caption.Inlines, b), b)
			}
		case *ast.Figure:
			if b.Caption != nil {
				w.add(unitBody, w.inlines(b.Caption.Inlines, b), b)
			}
		case *ast.Image:
			if b.Caption != nil {
				w.add(unitBody, w.inlines(b.Caption.Inlines, b), b)
			}
		case *ast.Footnote:
			w.add(unitBody, w.inlines(b.Inlines, b), b)
		}
	}
}

// paragraph adds a paragraph: its run-in label, or the term of a
// Markdown definition list (a paragraph of strong emphasis alone), as a
// label; the rest as body.
func (w *textWalk) paragraph(p *ast.Paragraph) {
	ins := p.Inlines
	if len(ins) > 0 {
		if r, ok := ins[0].(*ast.RunIn); ok {
			w.add(unitLabel, r.Label, p)
			ins = ins[1:]
		} else if e, ok := ins[0].(*ast.Emphasis); ok && e.Level == 2 && onlyMarks(ins[1:]) {
			w.add(unitLabel, w.inlines(e.Inlines, p), p)
			w.inlines(ins[1:], p)
			return
		}
	}
	w.add(unitBody, w.inlines(ins, p), p)
}

// onlyMarks reports whether ins hold nothing printed: index marks, or
// white space.
func onlyMarks(ins []ast.Inline) bool {
	for _, in := range ins {
		switch in := in.(type) {
		case *ast.IndexTerm:
		case *ast.Text:
			if strings.TrimSpace(in.Text) != "" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// inlines returns the printed text of ins, and notes the index marks among
// them, as standing in block.
func (w *textWalk) inlines(ins []ast.Inline, block ast.Block) string {
	// Most paragraphs are one run of text: its text is theirs, copied
	// nowhere.
	if len(ins) == 1 {
		if t, ok := ins[0].(*ast.Text); ok && t.Text != `\index` {
			return t.Text
		}
	}
	var b strings.Builder
	w.writeInlines(&b, ins, block)
	return b.String()
}

func (w *textWalk) writeInlines(b *strings.Builder, ins []ast.Inline, block ast.Block) {
	for _, in := range ins {
		switch in := in.(type) {
		case *ast.Text:
			if in.Text == `\index` {
				w.malformed = append(w.malformed, in.Pos)
			}
			b.WriteString(in.Text)
		case *ast.Emphasis:
			w.writeInlines(b, in.Inlines, block)
		case *ast.RunIn:
			b.WriteString(in.Label)
			b.WriteString(" ")
		case *ast.Ref:
			b.WriteString(in.Text)
		case *ast.Dice:
			b.WriteString(in.Expr)
		case *ast.IndexTerm:
			w.marks = append(w.marks, mark{term: in, block: block, anchor: w.anchor, seq: w.seq})
		}
	}
}

// boxTerm is the term a box's title names: the subtitle of a rules summary
// or a special rule, the whole title of any other box but an example or a
// note, which name nothing.
func boxTerm(b *ast.Box) string {
	switch b.BoxKind {
	case ast.BoxExample, ast.BoxNote:
		return ""
	case ast.BoxRulesSummary, ast.BoxSpecialRule:
		return b.Subtitle
	}
	return b.Title
}
