package xhtml

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
)

// statBlock draws a stat block as RPG books set one: a titled frame, its
// ratings in a compact grid of names over values, its attacks as run-in
// paragraphs, and its features and special rules as the text has them.
// Its tables and figures keep their ids and captions, which the book's
// references cite.
func (w *Writer) statBlock(s *ast.StatBlock) {
	w.Raw(`<section class="statblock"`)
	w.IDAttr(w.r.ID(s))
	if s.Title != "" {
		w.Element(` aria-label="`, typo.String(s.Title), `"`)
	}
	w.Raw(">\n")
	if s.Title != "" {
		w.Element(`<p class="statblock-title">`, typo.String(s.Title), "</p>\n")
	}
	for _, b := range s.Blocks {
		if ratings, ok := ast.Ratings(b); ok {
			w.r.BeginBlock()
			w.statRatings(b, ratings)
			continue
		}
		if f, ok := b.(*ast.Figure); ok {
			if attacks, ok := f.Attacks(); ok {
				w.r.BeginBlock()
				w.statAttacks(f, attacks)
				continue
			}
		}
		w.Blocks([]ast.Block{b})
	}
	w.Raw("</section>\n")
}

// statRatings draws ratings as a grid of names over values, between the
// rules that part a stat block's sections; the caption of the table they
// come from, if any, under them.
func (w *Writer) statRatings(b ast.Block, ratings []*ast.StatRating) {
	w.Raw(`<div class="stat-ratings"`)
	w.IDAttr(w.r.ID(b))
	w.Raw(">\n<dl>")
	for _, r := range ratings {
		w.Element("\n<div><dt>", typo.String(r.Name), "</dt><dd>")
		w.Inlines(r.Value)
		w.Raw("</dd></div>")
	}
	w.Raw("\n</dl>")
	if t, ok := b.(*ast.Table); ok && t.Caption != nil {
		w.Raw("\n" + `<p class="stat-caption">`)
		w.CaptionText(t.Caption)
		w.Raw("</p>")
	}
	w.Raw("\n</div>\n")
}

// statAttacks draws the attacks a figure's art boxes give, a run-in
// paragraph each, under the figure's id and over its caption.
func (w *Writer) statAttacks(f *ast.Figure, attacks []*ast.Paragraph) {
	w.Raw(`<div class="stat-attacks"`)
	w.IDAttr(w.r.ID(f))
	w.Raw(">\n")
	for _, p := range attacks {
		w.Raw(`<p class="stat-attack">`)
		w.Inlines(p.Inlines)
		w.Raw("</p>\n")
	}
	if f.Caption != nil {
		w.Raw(`<p class="stat-caption">`)
		w.CaptionText(f.Caption)
		w.Raw("</p>\n")
	}
	w.Raw("</div>\n")
}
