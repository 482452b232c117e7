package pdf

import (
	"fmt"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/paginate"
)

// sheet places the filled sheet of a \charsheet, bookmarked "Sheet: Wasp",
// so that a player finds the sheets from the outline. A class the book has
// no data for (galley check reports it) places nothing.
func (l *layouter) sheet(c *ast.CharSheet) *flow {
	if l.sheets == nil {
		return nil
	}
	s := l.sheets.Sheet(c.Class)
	if s == nil {
		return nil
	}
	return l.sheetFlow(s)
}

// sheetFlow places a filled sheet: on a page of its own when it takes more
// than half the text's height, and else in the text, across its columns,
// kept whole, so that a small template's sheets are set two or more to a
// page rather than each alone on one.
func (l *layouter) sheetFlow(s *sheet.Filled) *flow {
	f := &flow{before: blockSkip, after: blockSkip}
	bookmark := "Sheet: " + s.Class
	alt := "Character sheet of the " + s.Class
	if s.IsBlank() {
		bookmark, alt = "Sheet: blank", "Blank character sheet"
	}
	l.tag.describe(alt)
	body := l.body()
	inText := rect{body.x, 0, body.width, l.bodyHeight()}
	_, height := sheetSize(s.Sheet, inText)
	// A sheet set smaller in the text than on a page of its own is set
	// on the page, at the larger size.
	same := newSheetGrid(s.Sheet, inText).ch == newSheetGrid(s.Sheet, sheetRoom(l.pageWidth, l.pageHeight)).ch
	if !same || height > l.bodyHeight()/2 {
		f.whole(func() { DrawSheet(l.pdf, s, l.pageWidth, l.pageHeight) })
		f.pieces[0].sheet = bookmark
		return f
	}
	p := f.item(height, false, func(y float64) {
		drawSheet(l.pdf, s, nil, nil, newSheetGrid(s.Sheet, rect{body.x, y, body.width, height}))
		// The sheet sets fonts of its own.
		l.set.current = font{}
	})
	p.sheet = bookmark
	f.across()
	return f
}

// sheetWarnings warns of a sheet template too large for the book's paper
// at the least size a sheet's text is read at, minTextSize: its sheets are
// set smaller than that, so that nothing on them overflows its box
// (sheet/small-type). The warning names the PDF pages the book's sheets
// stand on, so that its reader knows which pages to look at.
func (l *layouter) sheetWarnings(f *flow, pages []paginate.Page) ast.DiagnosticList {
	if l.sheets == nil {
		return nil
	}
	s := l.sheets.Blank.Sheet
	g := newSheetGrid(s, sheetRoom(l.pageWidth, l.pageHeight))
	if sizeLabel*g.ch >= minTextSize-1e-9 {
		return nil
	}
	// The stand-alone sheets are set at the same size: the warning
	// stands when the book itself holds no sheet.
	where := ""
	if on := sheetPages(f, pages); len(on) > 0 {
		where = " (in the book, on " + pageList(on) + ")"
	}
	var diags ast.DiagnosticList
	room := sheetRoom(l.pageWidth, l.pageHeight)
	row := minTextSize / sizeLabel
	_, units := rowShares(s)
	diags.Warnf(s.Start, "sheet/small-type", fmt.Sprintf(
		"the sheets are set at %.1f pt on this paper%s, under the 7 pt a sheet is read at: the template is %d columns wide and %.4g rows tall (a row of rules counts half), and at 7 pt the page holds %d columns and %d rows; draw the template smaller, or set the book on larger paper",
		g.typeSize(), where, s.FrameRight+2, units, int(room.w/(row/maxSheetAspect)), int(room.h/row)))
	return diags
}

// sheetPages returns the numbers of the pages that hold a sheet: a page
// of its own, or a page of text a sheet is set in.
func sheetPages(f *flow, pages []paginate.Page) []int {
	var on []int
	for n, page := range pages {
		for i := page.Start; i < page.End; i++ {
			// A page of its own among a page of text's items is drawn
			// after it, as a page of its own.
			whole := f.items[i].Whole && page.End-page.Start > 1
			if f.pieces[i].sheet != "" && !whole {
				on = append(on, n+1)
				break
			}
		}
	}
	return on
}

// pageList names pages in a warning: "PDF page 12", "PDF pages 12–14, 30
// and 31". The numbers are ascending.
func pageList(numbers []int) string {
	var spans []string
	for i := 0; i < len(numbers); {
		j := i
		for j+1 < len(numbers) && numbers[j+1] == numbers[j]+1 {
			j++
		}
		if j > i+1 {
			spans = append(spans, fmt.Sprintf("%d–%d", numbers[i], numbers[j]))
		} else {
			for k := i; k <= j; k++ {
				spans = append(spans, fmt.Sprint(numbers[k]))
			}
		}
		i = j + 1
	}
	switch len(spans) {
	case 0:
		return ""
	case 1:
		if len(numbers) == 1 {
			return "PDF page " + spans[0]
		}
		return "PDF pages " + spans[0]
	}
	return "PDF pages " + strings.Join(spans[:len(spans)-1], ", ") + " and " + spans[len(spans)-1]
}
