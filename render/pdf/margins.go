package pdf

// margins are a page's, in millimetres: its top and bottom, and the inner
// margin, at the binding, and the outer of a right-hand page; a left-hand
// page mirrors them.
type margins struct {
	top, bottom, inner, outer float64
}

// headRoom is the height of the running head's glyphs over its baseline,
// and a little more.
const headRoom = 3.5

// marginsFor sizes the margins of a page of the given size. A page wide
// enough for two columns (see columnCount) has the margins of an A4
// rulebook, 24 mm at the binding and 20 at the edge; a narrower page sets
// its one column at most maxMeasure wide and shares what is left between
// its margins, a little more at the binding, where a bound book's pages
// curve away. The top and bottom are 8% of the height, and never less
// than the running head and the page number need to keep out of the
// safe zone.
func marginsFor(width, height float64) margins {
	m := margins{top: max(height*0.08, safeZone+headAbove+headRoom), bottom: max(height*0.074, 20), inner: 24, outer: 20}
	if columnCount(width-m.inner-m.outer) == 1 {
		spare := max(width-maxMeasure, 2*(safeZone+6))
		m.inner, m.outer = spare*0.54, spare*0.46
	}
	return m
}
