package pdf

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// Footnotes stand at the foot of the page that cites them, under a short
// rule, in the note font.
const (
	// noteRuleSpace is the room the rule over a page's footnotes takes.
	noteRuleSpace = 4.0
	noteRuleWidth = 40.0
	noteIndent    = 3.5
	noteSkip      = 0.8
)

// bindFootnotes binds each footnote mark to the footnote it cites: the
// first footnote with its number after it, as the manuscript writes a
// footnote under the text that cites it; a mark after the last such note
// cites that one.
func bindFootnotes(doc *ast.Document) map[*ast.FootnoteRef]*ast.Footnote {
	bound := map[*ast.FootnoteRef]*ast.Footnote{}
	pending := map[int][]*ast.FootnoteRef{}
	last := map[int]*ast.Footnote{}
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FootnoteRef:
			pending[n.Number] = append(pending[n.Number], n)
		case *ast.Footnote:
			for _, ref := range pending[n.Number] {
				bound[ref] = n
			}
			delete(pending, n.Number)
			last[n.Number] = n
		}
		return true
	})
	for number, refs := range pending {
		for _, ref := range refs {
			if note := last[number]; note != nil {
				bound[ref] = note
			}
		}
	}
	return bound
}

// layoutNotes sets every cited footnote for this pass: the note the
// paginator places with the line that cites it, and how to draw it.
func (l *layouter) layoutNotes() {
	l.notes = map[*ast.FootnoteRef]*paginate.Note{}
	l.noteArt = map[*paginate.Note]func(y float64){}
	made := map[*ast.Footnote]*paginate.Note{}
	// Walk in book order, so that the notes are set the same way on
	// every run.
	ast.Walk(l.doc.Blocks, func(n ast.Node) bool {
		ref, ok := n.(*ast.FootnoteRef)
		if !ok || l.footnotes[ref] == nil {
			return true
		}
		fn := l.footnotes[ref]
		if note := made[fn]; note != nil {
			l.notes[ref] = note
			return true
		}
		g := &flow{}
		r := l.body()
		l.noteText(g, fn, r)
		note := &paginate.Note{}
		for _, it := range g.items {
			note.Height += it.Height
		}
		note.Height += noteSkip
		tag := l.tag.note(note)
		l.noteArt[note] = func(y float64) {
			l.tag.mark(tag)
			for i, p := range g.pieces {
				p.draw(y)
				y += g.items[i].Height
			}
		}
		made[fn], l.notes[ref] = note, note
		return true
	})
}

// noteText sets a footnote: its number, then its text hanging from it.
func (l *layouter) noteText(f *flow, n *ast.Footnote, r region) {
	mark := paginate.Superscript(n.Number)
	inner := r.inset(noteIndent, 0)
	start := len(f.items)
	outer := l.source
	l.source = n
	l.prose(f, l.spans(n.Inlines, noteFont, inkText), inner, noteFont, noteLeading, false)
	l.source = outer
	if len(f.items) > start {
		draw := f.pieces[start].draw
		f.pieces[start].draw = func(y float64) {
			l.set.draw(r.x, y+baseline(noteFont, noteLeading), mark, noteFont, inkText)
			draw(y)
		}
	}
}

// cited returns the footnotes a line cites.
func cited(line textLine) []*paginate.Note {
	var notes []*paginate.Note
	for _, w := range line.words {
		for _, sp := range w.spans {
			if sp.note != nil {
				notes = append(notes, sp.note)
			}
		}
	}
	return notes
}

// drawNotes draws a page's footnotes at its foot, under a short rule.
func (l *layouter) drawNotes(notes []*paginate.Note) {
	if len(notes) == 0 {
		return
	}
	height := noteRuleSpace
	for _, n := range notes {
		height += n.Height
	}
	body := l.body()
	y := l.pageHeight - l.margins.bottom - height
	l.tag.artifact("Layout")
	l.pdf.SetDrawColor(inkRule.r, inkRule.g, inkRule.b)
	l.pdf.SetLineWidth(ruleLight)
	l.pdf.Line(body.x, y+noteRuleSpace/2, body.x+noteRuleWidth, y+noteRuleSpace/2)
	y += noteRuleSpace
	for _, n := range notes {
		l.noteArt[n](y + noteSkip)
		y += n.Height
	}
}

// footnoteInFlow sets a footnote no mark cites where the manuscript writes
// it, under a rule when it opens a run of footnotes; a cited one is at the
// foot of its page and prints nothing here.
func (l *layouter) footnoteInFlow(n *ast.Footnote, rule bool, r region) *flow {
	if l.cited[n] {
		return nil
	}
	f := &flow{before: paraSkip, after: paraSkip}
	if rule {
		f.item(noteRuleSpace, true, func(y float64) {
			l.pdf.SetDrawColor(inkRule.r, inkRule.g, inkRule.b)
			l.pdf.SetLineWidth(ruleLight)
			l.pdf.Line(r.x, y+noteRuleSpace/2, r.x+noteRuleWidth, y+noteRuleSpace/2)
		}).tag = artifactTag
	}
	l.noteText(f, n, r)
	return f
}
