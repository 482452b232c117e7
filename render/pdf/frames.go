package pdf

import (
	"github.com/galleyhq/galley/render/paginate"
)

// PageFrame is where the text of one page of the book stands, as its layout
// placed it, in points from the top left corner of the page: what a reader
// of the PDF measures its pages against. galley's own tests read every PDF
// back and hold its pages to it.
type PageFrame struct {
	// Text marks a page the text runs through: not the cover, a sheet or a
	// page left blank.
	Text bool
	// EndsRun marks the last page of a run of text, before a chapter that
	// opens a page or at the book's end: its columns may be as short as
	// the chapter's end makes them.
	EndsRun bool
	// EndsText marks a page after which its run holds only floats that
	// did not fit on it (see floatsOnly): its chapter's text ends on it,
	// and its columns may be as short as that makes them, as LaTeX leaves
	// the page before a chapter's last floats.
	EndsText bool
	// Bands are the page's stretches of text, top to bottom: each set
	// across the measure or in columns.
	Bands []FrameBand
	// Columns are the left and right edges of each column.
	Columns [][2]float64
	// Top and Bottom are the top and foot of the text area, footnotes
	// included; Foot is where the text may reach down, above the
	// footnotes.
	Top, Bottom, Foot float64
}

// FrameBand is a stretch of a page's text set one way, from Top to
// Bottom: Bottom is the top of the band under it, or the page's Foot.
type FrameBand struct {
	Top, Bottom float64
	Across      bool
}

// Frames returns where each page's text stands (see PageFrame), in the
// order of the pages.
func (b *Book) Frames() []PageFrame { return b.frames }

// frames finds the frames of the pages of f.
func (l *layouter) frames(f *flow, pages []paginate.Page) []PageFrame {
	pt := func(mm float64) float64 { return mm * 72 / 25.4 }
	out := make([]PageFrame, len(pages))
	for n, page := range pages {
		if page.Start == page.End || f.items[page.Start].Whole {
			continue
		}
		frame := &out[n]
		frame.Text = true
		next := page.End
		for next < len(f.items) && (f.items[next].Space || f.items[next].Whole) {
			next++
		}
		frame.EndsRun = next == len(f.items) || f.items[next].NewPage
		frame.EndsText = floatsOnly(f.items, page.End)
		shift := l.bleed
		if (n+1)%2 == 0 {
			shift += l.mirror()
		}
		col := l.column()
		for c := range l.columns {
			x := shift + col.x + float64(c)*l.columnStep()
			frame.Columns = append(frame.Columns, [2]float64{pt(x), pt(x + col.width)})
		}
		foot := l.pageHeight - l.margins.bottom
		frame.Top, frame.Bottom = pt(l.bleed+l.margins.top), pt(l.bleed+foot)
		if len(page.Notes) > 0 {
			foot -= noteRuleSpace
			for _, note := range page.Notes {
				foot -= note.Height
			}
		}
		frame.Foot = pt(l.bleed + foot)
		for _, c := range page.Columns {
			top := l.bleed + l.margins.top + c.Top
			if k := len(frame.Bands); k > 0 && pt(top) == frame.Bands[k-1].Top {
				continue // the second column of a band
			}
			if k := len(frame.Bands); k > 0 {
				frame.Bands[k-1].Bottom = pt(top)
			}
			frame.Bands = append(frame.Bands, FrameBand{Top: pt(top), Bottom: frame.Foot, Across: c.Index == paginate.Across})
		}
	}
	return out
}

// floatsOnly reports whether the run items[from] is in holds from there
// to its end only floats, the spaces between them and pages of their own.
func floatsOnly(items []paginate.Item, from int) bool {
	for _, it := range items[from:] {
		if it.NewPage {
			break
		}
		if !it.Float && !it.Space && !it.Whole {
			return false
		}
	}
	return true
}
