package pdf

import (
	"fmt"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/render/pdfpatch"
)

// The marks a player sets on a sheet, a tick in an XP box, the dot of a
// radio button and the Luck marker, are drawn on the page of a flat sheet
// and into the "on" appearance of a form's check box or radio button. A
// painter is either; the marks are drawn once, in page millimetres.

// point is a position on the page in millimetres, y downwards.
type point struct{ x, y float64 }

type painter interface {
	// polyline strokes the open path through pts, round at its joins.
	polyline(pts []point, width float64, ink rgb)
	// polygon fills the closed path through pts.
	polygon(pts []point, ink rgb)
	// disc fills the circle of radius r around c.
	disc(c point, r float64, ink rgb)
}

// tick draws ✓ in a tick box of side side centred on c.
func tick(p painter, c point, side float64, ink rgb) {
	p.polyline([]point{
		{c.x - side*0.3, c.y},
		{c.x - side*0.05, c.y + side*0.3},
		{c.x + side*0.4, c.y - side*0.35},
	}, 0.45, ink)
}

// dot draws the set dot of a radio button of diameter side centred on c.
func dot(p painter, c point, side float64, ink rgb) { p.disc(c, side*0.3, ink) }

// caret draws a triangle size high pointing up, centred on c.
func caret(p painter, c point, size float64, ink rgb) {
	half := size / 2
	p.polygon([]point{{c.x - half, c.y + half}, {c.x + half, c.y + half}, {c.x, c.y - half}}, ink)
}

// pagePainter paints on the current page of an fpdf document.
type pagePainter struct{ pdf *fpdf.Fpdf }

func (p pagePainter) polyline(pts []point, width float64, ink rgb) {
	p.pdf.SetDrawColor(ink.r, ink.g, ink.b)
	p.pdf.SetLineWidth(width)
	p.pdf.SetLineCapStyle("round")
	p.pdf.SetLineJoinStyle("round")
	p.pdf.MoveTo(pts[0].x, pts[0].y)
	for _, q := range pts[1:] {
		p.pdf.LineTo(q.x, q.y)
	}
	p.pdf.DrawPath("D")
	p.pdf.SetLineCapStyle("butt")
	p.pdf.SetLineJoinStyle("miter")
}

func (p pagePainter) polygon(pts []point, ink rgb) {
	p.pdf.SetFillColor(ink.r, ink.g, ink.b)
	fp := make([]fpdf.PointType, len(pts))
	for i, q := range pts {
		fp[i] = fpdf.PointType{X: q.x, Y: q.y}
	}
	p.pdf.Polygon(fp, "F")
}

func (p pagePainter) disc(c point, r float64, ink rgb) {
	p.pdf.SetFillColor(ink.r, ink.g, ink.b)
	p.pdf.Circle(c.x, c.y, r, "F")
}

// appearance paints a form field's appearance stream: the content of a
// form XObject whose box is the field's rectangle on the page, in points,
// y upwards from the rectangle's bottom left.
type appearance struct {
	b strings.Builder
	// box is the field's rectangle on the page, in millimetres.
	box rect
	// k is points a millimetre.
	k float64
}

// rect is a rectangle on the page in millimetres: its top left, width and
// height.
type rect struct{ x, y, w, h float64 }

// pt returns the appearance's coordinates of a page point.
func (a *appearance) pt(q point) (float64, float64) {
	return (q.x - a.box.x) * a.k, (a.box.y + a.box.h - q.y) * a.k
}

func (a *appearance) path(pts []point) {
	for i, q := range pts {
		x, y := a.pt(q)
		fmt.Fprintf(&a.b, "%.2f %.2f %s\n", x, y, map[bool]string{true: "m", false: "l"}[i == 0])
	}
}

func (a *appearance) polyline(pts []point, width float64, ink rgb) {
	fmt.Fprintf(&a.b, "q %s RG %.2f w 1 J 1 j\n", ink.pdf(), width*a.k)
	a.path(pts)
	a.b.WriteString("S Q\n")
}

func (a *appearance) polygon(pts []point, ink rgb) {
	fmt.Fprintf(&a.b, "q %s rg\n", ink.pdf())
	a.path(pts)
	a.b.WriteString("f Q\n")
}

// disc draws the circle as four Bézier quarters, as fpdf does.
func (a *appearance) disc(c point, r float64, ink rgb) {
	const kappa = 0.5523 // a quarter circle's control point, as a share of r
	x, y := a.pt(c)
	r *= a.k
	l := r * kappa
	fmt.Fprintf(&a.b, "q %s rg\n%.2f %.2f m\n", ink.pdf(), x+r, y)
	fmt.Fprintf(&a.b, "%.2f %.2f %.2f %.2f %.2f %.2f c\n", x+r, y+l, x+l, y+r, x, y+r)
	fmt.Fprintf(&a.b, "%.2f %.2f %.2f %.2f %.2f %.2f c\n", x-l, y+r, x-r, y+l, x-r, y)
	fmt.Fprintf(&a.b, "%.2f %.2f %.2f %.2f %.2f %.2f c\n", x-r, y-l, x-l, y-r, x, y-r)
	fmt.Fprintf(&a.b, "%.2f %.2f %.2f %.2f %.2f %.2f c\nf Q\n", x+l, y-r, x+r, y-l, x+r, y)
}

// text writes s, in WinAnsiEncoding, in the form font at size
// millimetres, its baseline's left end at at; it is marked as the
// field's variable text, which a reader replaces when the player edits it.
func (a *appearance) text(at point, size float64, s []byte, ink rgb) {
	x, y := a.pt(at)
	fmt.Fprintf(&a.b, "/Tx BMC\nq BT /%s %.2f Tf %s rg %.2f %.2f Td %s Tj ET Q\nEMC\n", formFontName, size*a.k, ink.pdf(), x, y, pdfpatch.String(s))
}

// pdf returns the colour as a PDF colour operand, three fractions.
func (c rgb) pdf() string {
	return fmt.Sprintf("%.3f %.3f %.3f", float64(c.r)/255, float64(c.g)/255, float64(c.b)/255)
}
