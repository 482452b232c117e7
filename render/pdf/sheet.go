package pdf

import (
	"io"
	"strconv"
	"time"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/typo"
)

// WriteSheet writes the filled sheet to w as a one-page PDF on the named
// paper ("a4" or "letter"; "" for the default), dated date, the book's date
// (see New).
func WriteSheet(w io.Writer, f *parser.FilledSheet, paper string, date time.Time) error {
	pdf, err := New(paper, date)
	if err != nil {
		return err
	}
	title := "Character Sheet"
	if !f.IsBlank() {
		title = f.Class + " – " + title
	}
	pdf.SetTitle(title, true)
	if f.Sheet.Header.Game != "" {
		pdf.SetSubject(f.Sheet.Header.Game, true)
	}
	DrawSheet(pdf, f)
	return pdf.Output(w)
}

// Colours, as RGB. Labels and rules are near black; the values a sheet is
// filled with are in blue ink, so that what the class brings stands apart
// from what the template prints; reminders and empty-slot hints are grey.
var (
	inkRule  = rgb{40, 40, 40}
	inkLabel = rgb{25, 25, 25}
	inkValue = rgb{20, 60, 150}
	inkHint  = rgb{120, 120, 120}
	inkBand  = rgb{45, 45, 45}
	inkShade = rgb{185, 185, 185}
	white    = rgb{255, 255, 255}
)

type rgb struct{ r, g, b int }

// DrawSheet adds a page to pdf, a document made by New, and draws the filled
// sheet on it. The drawing is made from the sheet model, not from its
// characters: the art's grid of rows and columns is scaled to the page, and
// each box, field and label is drawn where the art puts it, so the PDF keeps
// the designer's layout with real rules, rounded boxes, tick squares and
// radio circles. A blank sheet draws empty slots to write in.
func DrawSheet(pdf *fpdf.Fpdf, f *parser.FilledSheet) {
	pdf.AddPage()
	s := f.Sheet
	w, h := pdf.GetPageSize()
	const margin = 10.0
	// The grid runs from the header row to the ╚ row, and one column past
	// the frame for its shadow; the shadow row below needs no room of its
	// own, as the drawn shadow is less than a row deep.
	cols, rows := float64(s.FrameRight+2), float64(s.FrameBottom+1)
	d := &sheetDrawer{pdf: pdf, f: f, ink: inkValue}
	if f.IsBlank() {
		d.ink = inkLabel
	}
	d.cw = (w - 2*margin) / cols
	d.ch = (h - 2*margin) / rows
	d.left = (w - d.cw*cols) / 2
	d.top = (h - d.ch*rows) / 2
	d.frame()
	d.header()
	for _, a := range s.Areas {
		d.area(a)
		for _, b := range a.Boxes {
			d.box(b)
		}
	}
}

// sheetDrawer draws one sheet: the grid's origin and cell size, in mm, and
// the ink of its values (the blank sheet's values are the template's
// presets, printed like its labels).
type sheetDrawer struct {
	pdf       *fpdf.Fpdf
	f         *parser.FilledSheet
	left, top float64
	cw, ch    float64
	ink       rgb
}

// x returns the left edge of a column; cx its middle.
func (d *sheetDrawer) x(col int) float64  { return d.left + float64(col)*d.cw }
func (d *sheetDrawer) cx(col int) float64 { return d.x(col) + d.cw/2 }

// cy returns the middle of a row, where its rules and its text's centre go.
func (d *sheetDrawer) cy(row int) float64 { return d.top + (float64(row)+0.5)*d.ch }

// Text sizes, as fractions of a row's height.
const (
	sizeLabel  = 0.47
	sizeValue  = 0.47
	sizeSmall  = 0.36
	sizeTitle  = 0.5
	sizeHeader = 0.95
)

func (d *sheetDrawer) font(family, style string, size float64) {
	d.pdf.SetFont(family, style, 0)
	d.pdf.SetFontUnitSize(size * d.ch)
}

func (d *sheetDrawer) stroke(c rgb, width float64) {
	d.pdf.SetDrawColor(c.r, c.g, c.b)
	d.pdf.SetLineWidth(width)
}

func (d *sheetDrawer) fill(c rgb) { d.pdf.SetFillColor(c.r, c.g, c.b) }

// text writes s with its left end at x, centred on row's middle.
func (d *sheetDrawer) text(x float64, row int, s string, c rgb) {
	_, size := d.pdf.GetFontSize()
	d.pdf.SetTextColor(c.r, c.g, c.b)
	d.pdf.Text(x, d.cy(row)+size*0.36, s)
}

// knockout writes s at x on a rule, clearing the rule behind it.
func (d *sheetDrawer) knockout(x float64, row int, s string, c rgb) float64 {
	width := d.pdf.GetStringWidth(s)
	_, size := d.pdf.GetFontSize()
	pad := d.cw * 0.3
	d.fill(white)
	d.pdf.Rect(x-pad, d.cy(row)-size*0.55, width+2*pad, size*1.1, "F")
	d.text(x, row, s, c)
	return width
}

// frame draws the page's frame, ╔═╗ … ╚═╝, as a double rule with the ▓▀
// shadow behind it.
func (d *sheetDrawer) frame() {
	s := d.f.Sheet
	x0, y0 := d.cx(0), d.cy(0)
	w, h := d.cx(s.FrameRight)-x0, d.cy(s.FrameBottom)-y0
	d.fill(inkShade)
	d.pdf.Rect(x0+d.cw*0.8, y0+d.ch*0.4, w, h, "F")
	d.fill(white)
	d.stroke(inkRule, 0.5)
	d.pdf.Rect(x0, y0, w, h, "FD")
	inset := d.cw * 0.3
	d.stroke(inkRule, 0.2)
	d.pdf.Rect(x0+inset, y0+inset, w-2*inset, h-2*inset, "D")
}

// header draws the game and the sheet's title on the frame's top border and
// the class name, centred on its dotted line.
func (d *sheetDrawer) header() {
	s := d.f.Sheet
	h := s.Header
	d.font(fontSans, "B", sizeTitle)
	d.knockout(d.x(2), 0, typo.String(h.Game), inkLabel)
	title := typo.String(h.Title)
	d.knockout(d.x(s.FrameRight-1)-d.pdf.GetStringWidth(title), 0, title, inkLabel)
	if h.ClassRow < 0 {
		return
	}
	d.leader(d.x(h.ClassFrom), d.x(h.ClassTo+1), h.ClassRow)
	name, c := d.f.Class, d.ink
	if d.f.IsBlank() {
		name, c = "CLASS", inkHint
	}
	d.font(fontSans, "B", sizeHeader)
	width := d.pdf.GetStringWidth(name)
	mid := (d.x(h.ClassFrom) + d.x(h.ClassTo+1)) / 2
	d.knockout(mid-width/2, h.ClassRow, name, c)
}

// area draws an area's ╠►Title◄═╣ band: a dark band across the frame with
// the title in white.
func (d *sheetDrawer) area(a *parser.SheetArea) {
	s := d.f.Sheet
	inset := d.cw * 0.3
	d.fill(inkBand)
	d.pdf.Rect(d.cx(0)+inset, d.cy(a.Row)-d.ch*0.36, d.cx(s.FrameRight)-d.cx(0)-2*inset, d.ch*0.72, "F")
	d.font(fontSans, "B", sizeTitle)
	d.text(d.x(2), a.Row, typo.String(a.Title), white)
}

// box draws a box or sub-box: its border (rounded for ┌┐ corners, a divider
// rule for ├┤), its title and tag, its fields, notes and bottom labels, and
// its sub-boxes.
func (d *sheetDrawer) box(b *parser.SheetBox) {
	r := b.Rect
	d.stroke(inkRule, 0.3)
	if b.Rounded {
		d.pdf.RoundedRect(d.cx(r.Left), d.cy(r.Top), d.cx(r.Right)-d.cx(r.Left), d.cy(r.Bottom)-d.cy(r.Top), d.cw*0.6, "1234", "D")
	} else {
		d.pdf.Line(d.cx(r.Left), d.cy(r.Top), d.cx(r.Right), d.cy(r.Top))
	}
	if b.Title != "" {
		d.font(fontSans, "B", sizeTitle)
		d.knockout(d.x(r.Left+2), r.Top, typo.String(b.Title), inkLabel)
	}
	if b.Tag != "" {
		d.font(fontSans, "I", sizeSmall)
		d.knockout(d.x(b.TagCol+1), r.Top, typo.String(b.Tag), inkHint)
	}
	for _, f := range b.Fields {
		d.field(f)
	}
	d.font(fontSans, "I", sizeSmall)
	for _, n := range b.Notes {
		d.text(d.x(n.Col), n.Row, "("+typo.String(n.Text)+")", inkHint)
	}
	for _, l := range b.BottomLabels {
		d.bottomLabel(r.Bottom, l)
	}
	if b.Track != nil && b.Track.IsLuck() {
		d.luckMarker(b.Track)
	}
	for _, sub := range b.Sub {
		d.box(sub)
	}
}

// bottomLabel draws a <^Label> on the bottom border: a small triangle under
// the column it labels and the label beside it.
func (d *sheetDrawer) bottomLabel(row int, l *parser.SheetLabel) {
	d.font(fontSans, "", sizeSmall)
	if l.Caret < 0 {
		d.knockout(d.x(l.Col+1), row, l.Text, inkLabel)
		return
	}
	const caretSize = 0.3
	d.knockout(d.cx(l.Caret)+d.ch*caretSize/2+d.cw*0.25, row, l.Text, inkLabel)
	d.caret(l.Caret, row, inkRule, caretSize)
}

// caret draws a triangle pointing up at col, on row's rule.
func (d *sheetDrawer) caret(col, row int, c rgb, size float64) {
	half := d.ch * size / 2
	x, y := d.cx(col), d.cy(row)
	d.fill(c)
	d.pdf.Polygon([]fpdf.PointType{{X: x - half, Y: y + half}, {X: x + half, Y: y + half}, {X: x, Y: y - half}}, "F")
}

// luckMarker draws the Luck marker under the current cell.
func (d *sheetDrawer) luckMarker(t *parser.SheetTrack) {
	if t.MarkerRow < 0 {
		return
	}
	for _, cell := range t.Options {
		if d.f.Value(cell).Marked {
			d.caret(cell.Col+cell.Width/2, t.MarkerRow, d.ink, 0.6)
		}
	}
}

// field draws a field: its marker, its label and leader, and its slot with
// the value.
func (d *sheetDrawer) field(f *parser.SheetField) {
	v := d.f.Value(f)
	if f.MarkerCol >= 0 {
		d.marker(f, v.Marked)
	}
	switch f.Kind {
	case parser.FieldPercentile, parser.FieldCount:
		d.label(f, d.x(f.LeaderEnd))
		d.slot(f, v)
	case parser.FieldText:
		d.label(f, d.x(f.Col+f.Width))
		if v.Set && v.Text != "" {
			d.fitText(v.Text, d.x(f.Col), d.x(f.Col+f.Width), f.Row, false)
		}
	case parser.FieldTrackOption:
		d.label(f, d.x(f.Col+f.Width))
	case parser.FieldInventory:
		d.stroke(inkHint, 0.15)
		base := d.cy(f.Row) + d.ch*0.3
		d.pdf.Line(d.x(f.NameCol), base, d.x(f.NameCol+f.NameWidth), base)
		if v.Set {
			d.fitText(v.Text, d.x(f.NameCol), d.x(f.NameCol+f.NameWidth), f.Row, true)
		}
		d.slot(f, v)
	case parser.FieldLuckCell:
		d.stroke(inkRule, 0.2)
		d.slotBox(f.Col, f.Col+f.Width, f.Row)
		d.font(fontSans, "", sizeLabel)
		mid := (d.x(f.Col) + d.x(f.Col+f.Width)) / 2
		d.text(mid-d.pdf.GetStringWidth(f.Label)/2, f.Row, f.Label, inkLabel)
	}
	if f.Reminder != "" {
		d.font(fontSans, "I", sizeSmall)
		d.text(d.x(f.ReminderCol), f.Row, "("+typo.String(f.Reminder)+")", inkHint)
	}
}

// marker draws a tick square or a radio circle, set or not.
func (d *sheetDrawer) marker(f *parser.SheetField, set bool) {
	x, y := d.cx(f.MarkerCol), d.cy(f.Row)
	side := d.ch * 0.46
	d.stroke(inkRule, 0.25)
	if f.Marker == parser.MarkerXPTick {
		d.pdf.Rect(x-side/2, y-side/2, side, side, "D")
		if set {
			d.stroke(d.ink, 0.45)
			d.pdf.Line(x-side*0.3, y, x-side*0.05, y+side*0.3)
			d.pdf.Line(x-side*0.05, y+side*0.3, x+side*0.4, y-side*0.35)
		}
		return
	}
	d.pdf.Circle(x, y, side/2, "D")
	if set {
		d.fill(d.ink)
		d.pdf.Circle(x, y, side*0.3, "F")
	}
}

// label writes a field's label and draws its dot leader up to end.
func (d *sheetDrawer) label(f *parser.SheetField, end float64) {
	d.font(fontSans, "", sizeLabel)
	d.text(d.x(f.LabelCol), f.Row, f.Label, inkLabel)
	d.leader(d.x(f.LabelCol)+d.pdf.GetStringWidth(f.Label)+d.cw*0.4, end-d.cw*0.2, f.Row)
}

// leader draws a dotted rule from x0 to x1 on row's baseline.
func (d *sheetDrawer) leader(x0, x1 float64, row int) {
	if x1 <= x0 {
		return
	}
	y := d.cy(row) + d.ch*0.17
	d.stroke(inkHint, 0.25)
	d.pdf.SetLineCapStyle("round")
	d.pdf.SetDashPattern([]float64{0, d.cw * 0.55}, 0)
	d.pdf.Line(x0, y, x1, y)
	d.pdf.SetDashPattern(nil, 0)
	d.pdf.SetLineCapStyle("butt")
}

// slotBox draws the box of a slot spanning columns from up to to.
func (d *sheetDrawer) slotBox(from, to, row int) {
	inset := d.cw * 0.15
	hgt := d.ch * 0.7
	d.pdf.RoundedRect(d.x(from)+inset, d.cy(row)-hgt/2, d.x(to)-d.x(from)-2*inset, hgt, d.cw*0.25, "1234", "D")
}

// slot draws a rating's or a count's slot, brackets included, and its value;
// an empty slot shows its % or / as a hint for the hand that fills it.
func (d *sheetDrawer) slot(f *parser.SheetField, v parser.FieldValue) {
	d.stroke(inkRule, 0.25)
	d.slotBox(f.Col-1, f.Col+f.Width+1, f.Row)
	right := d.x(f.Col+f.Width) + d.cw*0.3
	if f.Kind == parser.FieldCount {
		slash := f.Col + f.SlashOffset
		d.font(fontMono, "", sizeValue)
		d.text(d.cx(slash)-d.pdf.GetStringWidth("/")/2, f.Row, "/", inkHint)
		if v.Set {
			d.font(fontMono, "B", sizeValue)
			d.rightText(strconv.Itoa(v.Rating), d.x(slash), f.Row)
			d.text(d.x(slash+1), f.Row, strconv.Itoa(v.Max), d.ink)
		}
		return
	}
	if !v.Set {
		d.font(fontMono, "", sizeValue)
		d.text(right-d.pdf.GetStringWidth("%"), f.Row, "%", inkHint)
		return
	}
	text := strconv.Itoa(v.Rating) + "%"
	if v.NotRated {
		text = "NONE"
	}
	d.font(fontMono, "B", sizeValue)
	d.rightText(text, right, f.Row)
}

// rightText writes a value in ink, ending at x.
func (d *sheetDrawer) rightText(s string, x float64, row int) {
	d.text(x-d.pdf.GetStringWidth(s), row, s, d.ink)
}

// fitText writes a value between x0 and x1, right-aligned (left-aligned when
// left is set), clearing the leader behind it; a value too wide is set
// smaller, down to two thirds of the size, then cut short with "…".
func (d *sheetDrawer) fitText(s string, x0, x1 float64, row int, left bool) {
	room := x1 - x0 - d.cw*0.4
	size := sizeValue
	d.font(fontMono, "", size)
	for d.pdf.GetStringWidth(s) > room && size > sizeValue*2/3 {
		size *= 0.95
		d.font(fontMono, "", size)
	}
	if d.pdf.GetStringWidth(s) > room && utf8.RuneCountInString(s) > 1 {
		// The longest head that fits with the "…", each rune measured
		// once: a long value must not cost the square of its length.
		used := d.pdf.GetStringWidth("…")
		for i, r := range s {
			if used += d.pdf.GetStringWidth(string(r)); used > room {
				s = s[:i] + "…"
				break
			}
		}
	}
	x := x1 - d.cw*0.2 - d.pdf.GetStringWidth(s)
	if left {
		x = x0 + d.cw*0.2
	}
	d.knockout(x, row, s, d.ink)
}
