package html

import (
	"bytes"
	"html/template"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/chart"
	"github.com/galleyhq/galley/rules"
)

// pageWriter turns one page's blocks into views. Views are made per page
// because links are relative to the page they are on.
type pageWriter struct {
	site *site
	page *sitePage
	// sheetCSS is set once the page shows a character sheet, whose form
	// needs sheet.css and sheet.js.
	sheetCSS bool
	// contents is set once the page has shown the table of contents.
	contents bool
}

func (w *pageWriter) blocks(bs []parser.Block) []blockView {
	var out []blockView
	for i := 0; i < len(bs); i++ {
		switch b := bs[i].(type) {
		case *parser.Heading:
			out = append(out, blockView{Heading: w.heading(b)})
		case *parser.Paragraph:
			out = append(out, blockView{Para: &paraView{Inlines: w.inlines(b.Inlines)}})
		case *parser.List:
			out = append(out, blockView{List: w.list(b)})
		case *parser.Box:
			label, subtitle := boxLabel(b)
			out = append(out, blockView{Box: &calloutView{
				ID: w.site.links.ids[b], Kind: b.BoxKind.String(), Label: label, Subtitle: subtitle,
				Blocks: w.blocks(b.Blocks),
			}})
		case *parser.Table:
			out = append(out, blockView{Table: w.table(b)})
		case *parser.Figure:
			out = append(out, blockView{Figure: w.figure(b)})
		case *parser.Formula:
			f := &formulaView{}
			for _, e := range b.Entries {
				f.Entries = append(f.Entries, formulaEntryView{Label: e.Label, Value: e.Value})
			}
			out = append(out, blockView{Formula: f})
		case *parser.Footnote:
			// Consecutive notes share their rule, as on the page.
			notes := &notesView{}
			for ; i < len(bs); i++ {
				n, ok := bs[i].(*parser.Footnote)
				if !ok {
					break
				}
				notes.Notes = append(notes.Notes, w.note(n))
			}
			i--
			out = append(out, blockView{Notes: notes})
		case *parser.CoverPage:
			out = append(out, blockView{Art: &artView{Class: "cover", Text: strings.Join(b.Lines, "\n"), Width: artWidth(b.Lines), Label: "Cover of " + w.site.doc.Config.Title}})
		case *parser.Verbatim:
			out = append(out, blockView{Art: &artView{Class: "verbatim", Text: strings.Join(b.Lines, "\n"), Width: artWidth(b.Lines)}})
		case *parser.TOC:
			out = append(out, blockView{Contents: w.tableOfContents()})
		case *parser.CharSheet:
			if s := w.sheet(b); s != nil {
				out = append(out, blockView{Sheet: s})
			}
		case *parser.OddsChart:
			out = append(out, blockView{Odds: w.odds(b)})
		}
		// Page breaks have no place on screen, and class data is drawn
		// where its sheet is placed.
	}
	return out
}

// heading levels a heading under the page's own: a heading one level below
// the page's is an h2, and so on down to h6.
func (w *pageWriter) heading(h *parser.Heading) *headingView {
	level := h.Depth - w.page.Depth() + 1
	return &headingView{Level: min(max(level, 2), 6), ID: w.site.links.anchors[h], Title: h.Title}
}

func (w *pageWriter) list(l *parser.List) *listView {
	v := &listView{Ordered: l.Ordered}
	for _, item := range l.Items {
		v.Items = append(v.Items, itemView{Number: item.Number, Blocks: w.blocks(item.Blocks)})
	}
	return v
}

func (w *pageWriter) caption(c *parser.Caption) *captionView {
	if c == nil {
		return nil
	}
	return &captionView{Label: c.Label + " " + strconv.Itoa(c.Number), Inlines: w.inlines(c.Inlines)}
}

func (w *pageWriter) table(t *parser.Table) *tableView {
	v := &tableView{ID: w.site.links.ids[t], Caption: w.caption(t.Caption)}
	if w.site.checks != nil {
		v.Check = w.site.checks.CheckOf(t)
	}
	for _, c := range t.Header {
		v.Header = append(v.Header, cellView{Inlines: w.inlines(c.Inlines())})
	}
	roll := w.site.rollTable(t)
	for _, row := range t.Rows {
		r := rowView{}
		for _, c := range row {
			r.Cells = append(r.Cells, cellView{Inlines: w.inlines(c.Inlines())})
		}
		if roll != nil && len(row) > 0 {
			if faces, err := rules.ParseFaceRange(row[0].Text); err == nil {
				r.Lo, r.Hi = strconv.Itoa(faces.Lo), strconv.Itoa(faces.Hi)
			}
		}
		v.Rows = append(v.Rows, r)
	}
	v.Roll = roll
	return v
}

func (w *pageWriter) figure(f *parser.Figure) *figureView {
	label := "Figure"
	if f.Caption != nil {
		label = f.Caption.Label + " " + strconv.Itoa(f.Caption.Number) + ": " + plainText(f.Caption.Inlines)
	}
	return &figureView{
		ID:      w.site.links.ids[f],
		Art:     &artView{Class: "figure", Text: strings.Join(f.Art, "\n"), Width: artWidth(f.Art), Label: label},
		Caption: w.caption(f.Caption),
	}
}

func (w *pageWriter) note(n *parser.Footnote) noteView {
	v := noteView{ID: w.site.links.ids[n], Number: superscript(n.Number), Inlines: w.inlines(n.Inlines)}
	if back, ok := w.site.links.footnoteRef[n]; ok {
		v.Back = back.from(w.page)
	}
	return v
}

// sheet embeds the class's character sheet as a form, and links its page,
// PDF and ASCII forms, which the sheets part writes under sheets/.
func (w *pageWriter) sheet(c *parser.CharSheet) *placementView {
	if w.site.sheets == nil {
		return nil
	}
	f := w.site.sheets.Sheet(c.Class)
	if f == nil {
		return nil
	}
	var form bytes.Buffer
	if err := SheetForm(&form, f, SheetOptions{Book: w.site.doc.Config.Title}); err != nil {
		return nil
	}
	w.sheetCSS = true
	sheets := w.page.Root() + "sheets/" + f.Name
	class := f.Class
	if class == "" {
		class = "Blank"
	}
	return &placementView{
		ID: "sheet-" + parser.Slug(f.Name) + "-placement", Class: class,
		// SheetForm writes through html/template, so the form is escaped.
		Form: template.HTML(form.String()),
		Page: sheets + ".html", PDF: sheets + ".pdf", Text: sheets + ".txt",
	}
}

// odds draws an \odds{EXPR} chart from the engine's exact distribution, in
// the book's system.
func (w *pageWriter) odds(o *parser.OddsChart) *oddsView {
	v := &oddsView{Expr: o.Expr}
	table, err := rules.Odds(o.Expr, w.site.system)
	if err != nil {
		v.Problem = err.Error()
		return v
	}
	var svg bytes.Buffer
	if err := chart.SVG(&svg, chart.Bars(table), chart.Options{Title: "Exact odds of " + o.Expr}); err != nil {
		v.Problem = err.Error()
		return v
	}
	// chart.SVG writes through html/template, so its labels are escaped.
	v.Chart = template.HTML(svg.String())
	return v
}

// tableOfContents is the book's outline, every heading linked.
func (w *pageWriter) tableOfContents() *contentsView {
	w.contents = true
	var root contentsEntry
	var open []*contentsEntry
	var depths []int
	for _, h := range w.site.doc.Headings() {
		for len(depths) > 0 && depths[len(depths)-1] >= h.Depth {
			open, depths = open[:len(open)-1], depths[:len(depths)-1]
		}
		parent := &root
		if len(open) > 0 {
			parent = open[len(open)-1]
		}
		parent.Children = append(parent.Children, contentsEntry{Title: h.Title, Href: w.site.links.heading[h].from(w.page)})
		open = append(open, &parent.Children[len(parent.Children)-1])
		depths = append(depths, h.Depth)
	}
	return &contentsView{Entries: root.Children}
}

// superscript writes n in superscript digits, as the manuscript marks
// footnotes.
func superscript(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b strings.Builder
	for _, d := range strconv.Itoa(n) {
		r := []rune(digits)[d-'0']
		b.WriteRune(r)
	}
	return b.String()
}
