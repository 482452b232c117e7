package pdf

import (
	"fmt"
	"sort"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
)

// A press book is preflighted as a printer would: its pages are drawn,
// and every text drawn is measured against the trim. Text past the trim
// is in the bleed, which the binder cuts off; text within safeZone of it
// may be cut by a cut that falls off true. Each is a warning at the block
// of the manuscript that drew it. The text's page count, before the
// press's blank pages make it a multiple of pressSignature, is a warning
// too: the blank pages may not be where the author wants them. A rune no
// embedded font has, which a printer would refuse as a font not embedded,
// is galley check's glyph error in every book (see CheckGlyphs).
//
// For a CMYK press the ink is measured too: a colour that would lay more
// ink than the press's limit is a warning at the block that draws it, and
// a picture some of whose pixels would is one at the picture; both are
// printed at the limit (see setPressColours, cmykPicture). A picture of
// fewer than minPPI pixels an inch as printed is a warning at the picture
// for every press. The thinnest rule and the lightest grey a press prints
// need no warning: galley draws none thinner or lighter in its files.

// preflight watches the drawing of the laid-out book, f in pages, for
// what a printer would refuse, and returns a function that stops watching
// and reports it: called once the pages are drawn.
func (l *layouter) preflight(f *flow, pages []paginate.Page) func() ast.DiagnosticList {
	var diags ast.DiagnosticList
	if l.unpadded%l.press.signature != 0 && len(f.sources) > 0 {
		added := len(pages) - l.unpadded
		diags.Warnf(f.sources[0].block.Position(), "preflight/pages", fmt.Sprintf(
			"the PDF book has %d pages, not a multiple of %d: the press build adds %d blank %s at its end; end it on a page of your own to choose where they go",
			l.unpadded, l.press.signature, added, plural(added, "page", "pages")))
	}
	trim := region{l.bleed, l.pageWidth}
	safe := trim.inset(safeZone, safeZone)
	top, bottom := l.bleed, l.bleed+l.pageHeight
	reported := map[ast.Block]bool{}
	var block ast.Block
	l.set.watch = func(x0, y0, x1, y1 float64) {
		if block == nil || reported[block] {
			return
		}
		var where string
		switch {
		case x0 < trim.x || x1 > trim.x+trim.width || y0 < top || y1 > bottom:
			where = "runs into the bleed, past the trim: the binder cuts it off"
		case x0 < safe.x || x1 > safe.x+safe.width || y0 < top+safeZone || y1 > bottom-safeZone:
			where = fmt.Sprintf("runs outside the safe zone, within %.1f mm (0.5 in) of the trim: a cut a little off true cuts into it", safeZone)
		default:
			return
		}
		reported[block] = true
		diags.Warnf(block.Position(), "preflight/safe-zone", fmt.Sprintf(
			"the text this %s draws %s; keep text %.1f mm inside the page's edge", block.Kind(), where, safeZone))
	}
	l.beforeDraw = func(item int) { block = sourceOf(f.sources, item) }
	inked := map[ast.Block]bool{}
	l.inkOver = func(ink float64) {
		if block == nil || inked[block] {
			return
		}
		inked[block] = true
		diags.Warnf(block.Position(), "preflight/ink", fmt.Sprintf(
			"this %s draws a colour of %.0f%% ink, over the %s press's limit of %.0f%%: it is printed at the limit, darker colours lighter", block.Kind(), ink, l.press.name, l.inkLimit))
	}
	l.watchPictures(&diags)
	return func() ast.DiagnosticList {
		l.set.watch, l.beforeDraw, l.inkOver, l.pictureDrawn = nil, nil, nil, nil
		return diags
	}
}

// watchPictures has each picture drawn from now on measured, once, for
// the press (see drawImage): one with pixels over the ink limit, or
// printed at fewer than minPPI pixels an inch, is a warning into diags at
// its path.
func (l *layouter) watchPictures(diags *ast.DiagnosticList) {
	pictured := map[*ast.Image]bool{}
	l.pictureDrawn = func(img *ast.Image, w, h float64, over int, most float64) {
		if pictured[img] {
			return
		}
		pictured[img] = true
		if over > 0 {
			diags.Warnf(img.PathPos, "preflight/ink", fmt.Sprintf(
				"%q has %d pixels of more ink than the %s press's limit of %.0f%%, up to %.0f%%: they are printed at the limit; lighten its shadows", img.Path, over, l.press.name, l.inkLimit, most))
		}
		if ppi := float64(img.Pixels.Width) / (w / inch); ppi < minPPI-0.5 {
			diags.Warnf(img.PathPos, "preflight/resolution", fmt.Sprintf(
				"%q is printed at %.0f pixels an inch, %.0f by %.0f mm; a press asks for %d: give it one of %d pixels across, or print it smaller", img.Path, ppi, w, h, minPPI, int(w/inch*minPPI+0.999)))
		}
	}
}

// sourceOf returns the innermost block that item belongs to: the last
// marked at or before it.
func sourceOf(marks []source, item int) ast.Block {
	i := sort.Search(len(marks), func(i int) bool { return marks[i].at > item })
	if i == 0 {
		return nil
	}
	return marks[i-1].block
}

// minPPI is the fewest pixels an inch a picture is printed at without a
// warning: what KDP asks, and the presses' common rule.
const minPPI = 300
