package pdf

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/typo"
)

// WriteSheet writes the filled sheet to w as a one-page fillable PDF form
// on the named paper, in the language lang ("" for galley's default),
// dated date, the book's date (see New). The PDF is tagged (see
// sheettag.go). Every slot of the template is a form field
// holding the class's starting value, every tick box and radio button a
// check box or a radio group, and the sheet has a field for the
// character's name: a player fills it in any PDF reader, or prints it,
// filled or blank.
func WriteSheet(w io.Writer, f *sheet.Filled, paper, lang string, date time.Time) error {
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
	form := &sheetForm{}
	tags := newSheetTags(pdf, title, lang)
	width, height := pdf.GetPageSize()
	pdf.AddPage()
	drawSheet(pdf, f, form, tags, newSheetGrid(f.Sheet, sheetRoom(width, height)))
	var flat bytes.Buffer
	if err := pdf.Output(&flat); err != nil {
		return err
	}
	doc, err := writeForm(flat.Bytes(), form, pdf.ReservedAnnots(), pdf.GetConversionRatio(), height)
	if err != nil {
		return err
	}
	_, err = w.Write(doc)
	return err
}

// Colours, as RGB. Labels and rules are near black. The values a sheet
// starts with are in light blue, so that a pencil's number written over
// one reads through it, and what a player types into the form is in dark
// blue, a pen's. Reminders are a dark grey, hints for an empty slot a
// light one.
var (
	inkRule     = rgb{40, 40, 40}
	inkLabel    = rgb{25, 25, 25}
	inkClass    = rgb{20, 60, 150}
	inkStart    = rgb{115, 145, 205}
	inkTyped    = rgb{20, 60, 150}
	inkReminder = rgb{80, 80, 80}
	inkHint     = rgb{120, 120, 120}
	inkBand     = rgb{45, 45, 45}
	inkShade    = rgb{185, 185, 185}
	white       = rgb{255, 255, 255}
)

type rgb struct{ r, g, b int }

// DrawSheet adds a page to pdf, a document made by New, and draws the filled
// sheet on it, flat: its values and marks are printed. The page is width
// by height mm, the trim of a press book's page, drawn from the origin;
// the sheet keeps out of its safe zone, set at the sheet's type and centred
// on the page, or smaller when the template is too large for the page at
// that size (see newSheetGrid). The drawing is made from the sheet model,
// not from its characters: each box, field and label is drawn on the
// art's grid of rows and columns where the art puts it, so the PDF keeps
// the designer's layout with real rules, rounded boxes, tick squares and
// radio circles. A blank sheet draws empty slots to write in.
func DrawSheet(pdf *fpdf.Fpdf, f *sheet.Filled, width, height float64) {
	pdf.AddPage()
	drawSheet(pdf, f, nil, nil, newSheetGrid(f.Sheet, sheetRoom(width, height)))
}

// sheetRoom is the room a sheet has on a page of width by height mm: all
// of it inside the safe zone of a press book's pages, which is also clear
// of a home printer's unprinted edge.
func sheetRoom(width, height float64) rect {
	return rect{safeZone, safeZone, width - 2*safeZone, height - 2*safeZone}
}

// drawSheet draws the sheet on grid, as DrawSheet does, or, given a form,
// leaves the values and marks to the form's fields and adds those to it;
// given tags, it tags what it draws.
func drawSheet(pdf *fpdf.Fpdf, f *sheet.Filled, form *sheetForm, tags *sheetTags, grid *sheetGrid) {
	d := &sheetDrawer{pdf: pdf, f: f, form: form, tags: tags, sheetGrid: grid}
	d.frame()
	d.header()
	for _, a := range f.Sheet.Areas {
		d.area(a)
		for _, b := range a.Boxes {
			d.box(b)
		}
	}
}

// sheetDrawer draws one sheet on its grid, with the form that takes its
// values, nil for a flat sheet, and the tree it tags them in, nil for
// none.
type sheetDrawer struct {
	*sheetGrid
	pdf  *fpdf.Fpdf
	f    *sheet.Filled
	form *sheetForm
	tags *sheetTags
}

// Text sizes, as fractions of a row's height. No text is set smaller than
// minTextSize, however many rows the template has.
const (
	sizeLabel    = 0.5
	sizeValue    = 0.5
	sizeReminder = 0.5
	sizeSmall    = 0.45
	sizeTitle    = 0.55
	sizeHeader   = 0.95
)

// minTextSize is 7 points, in mm: the least a rules reminder is set at to
// be read at the table.
const minTextSize = 7 * 25.4 / 72

// font sets a face at size, a share of the row's height, but no smaller
// than minTextSize, or than the labels when a template too large for its
// page sets even those smaller (see layouter.sheetType).
func (d *sheetDrawer) font(family, style string, size float64) {
	d.pdf.SetFont(family, style, 0)
	d.pdf.SetFontUnitSize(max(size*d.ch, min(minTextSize, sizeLabel*d.ch)))
}

// stroke and fill set the ink of a rule, a frame, a band or a mark, which
// follows them: what they begin is art, no part of the sheet's text.
func (d *sheetDrawer) stroke(c rgb, width float64) {
	d.tags.art()
	d.pdf.SetDrawColor(c.r, c.g, c.b)
	d.pdf.SetLineWidth(width)
}

func (d *sheetDrawer) fill(c rgb) {
	d.tags.art()
	d.pdf.SetFillColor(c.r, c.g, c.b)
}

// baseline returns where text of the current size sits on row.
func (d *sheetDrawer) baseline(row int) float64 {
	_, size := d.pdf.GetFontSize()
	return d.cy(row) + size*0.36
}

// text writes s with its left end at x, centred on row's middle.
func (d *sheetDrawer) text(x float64, row int, s string, c rgb) {
	d.tags.text()
	d.pdf.SetTextColor(c.r, c.g, c.b)
	d.pdf.Text(x, d.baseline(row), ast.WithoutControls(s))
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

// header draws the game and the sheet's title on the frame's top border,
// and, on the row of the template's CLASS, the class name centred with a
// field for the character's name before it, which the template leaves to
// the player.
func (d *sheetDrawer) header() {
	s := d.f.Sheet
	h := s.Header
	d.font(fontSans, "B", sizeTitle)
	d.knockout(d.x(2), 0, typo.String(h.Game), inkLabel)
	title := typo.String(h.Title)
	d.tags.title()
	d.knockout(d.x(s.FrameRight-1)-d.pdf.GetStringWidth(title), 0, title, inkLabel)
	if h.ClassRow < 0 {
		return
	}
	// The row keeps a column clear of the frame on either side.
	row := h.ClassRow
	from, to := d.x(h.ClassFrom+1), d.x(h.ClassTo)
	mid := (from + to) / 2
	nameStart := d.nameStart(from)
	// The class takes what its name needs, up to half the row, and at
	// least a quarter, for the blank sheet's class written in.
	d.font(fontSans, "B", sizeHeader)
	class := d.fit(d.f.Class, (to-from)/2, fontSans, "B", sizeHeader)
	half := max(d.pdf.GetStringWidth(class), (to-from)/4) / 2
	// It stands in the middle of the row, or right of it on a narrow
	// sheet, where the middle would leave the character's name too
	// short a rule to be written on.
	if short := nameStart + nameRoom*d.cw - (mid - half - 2*d.cw); short > 0 {
		mid = min(mid+short, to-half)
	}
	switch {
	case !d.f.IsBlank():
		d.text(mid-d.pdf.GetStringWidth(class)/2, row, class, inkClass)
	case d.form == nil:
		d.text(mid-d.pdf.GetStringWidth("CLASS")/2, row, "CLASS", inkHint)
	default:
		d.writingRule(mid-half, mid+half, row)
		d.entry(entry{name: "class", label: "Class", x0: mid - half, x1: mid + half, row: row, size: sizeHeader, align: alignCentre, fit: true})
	}
	d.characterName(from, mid-half-2*d.cw, row)
	d.leader(mid+half+d.cw, to, row)
}

// nameLabel labels the character's name; nameRoom is how many columns its
// rule needs at least, for a name to be written on it.
const (
	nameLabel = "Name"
	nameRoom  = 12
)

// nameStart is where the rule for the character's name starts, after its
// label at x0.
func (d *sheetDrawer) nameStart(x0 float64) float64 {
	d.font(fontSans, "B", sizeTitle)
	return x0 + d.pdf.GetStringWidth(nameLabel) + d.cw
}

// characterName draws the field for the character's name from x0 to x1: a
// label and a rule to write on.
func (d *sheetDrawer) characterName(x0, x1 float64, row int) {
	start := d.nameStart(x0)
	d.text(x0, row, nameLabel, inkLabel)
	d.writingRule(start, x1, row)
	d.entry(entry{name: "name", label: "Character name", x0: start + d.cw*0.2, x1: x1, row: row, fit: true})
}

// area draws an area's ╠►Title◄═╣ band: a dark band across the frame with
// the title in white.
func (d *sheetDrawer) area(a *sheet.Area) {
	d.tags.area()
	s := d.f.Sheet
	inset := d.cw * 0.3
	d.fill(inkBand)
	d.pdf.Rect(d.cx(0)+inset, d.cy(a.Row)-d.ch*0.36, d.cx(s.FrameRight)-d.cx(0)-2*inset, d.ch*0.72, "F")
	d.font(fontSans, "B", sizeTitle)
	d.tags.title()
	d.text(d.x(2), a.Row, typo.String(a.Title), white)
}

// box draws a box or sub-box: its border (rounded for ┌┐ corners, a divider
// rule for ├┤), its title and tag, its fields, notes and bottom labels, its
// track, and its sub-boxes.
func (d *sheetDrawer) box(b *sheet.Box) {
	defer d.tags.leave(d.tags.box())
	r := b.Rect
	d.stroke(inkRule, 0.3)
	if b.Rounded {
		d.pdf.RoundedRect(d.cx(r.Left), d.cy(r.Top), d.cx(r.Right)-d.cx(r.Left), d.cy(r.Bottom)-d.cy(r.Top), d.cw*0.6, "1234", "D")
	} else {
		d.pdf.Line(d.cx(r.Left), d.cy(r.Top), d.cx(r.Right), d.cy(r.Top))
	}
	if b.Title != "" {
		d.font(fontSans, "B", sizeTitle)
		d.tags.title()
		d.knockout(d.x(r.Left+2), r.Top, typo.String(b.Title), inkLabel)
	}
	if b.Tag != "" {
		d.font(fontSans, "I", sizeReminder)
		d.knockout(d.x(b.TagCol+1), r.Top, typo.String(b.Tag), inkReminder)
	}
	for _, f := range b.Fields {
		d.field(b, f)
	}
	for _, n := range b.Notes {
		d.reminder(d.x(n.Col), n.Row, n.Text)
	}
	for _, l := range b.BottomLabels {
		d.bottomLabel(r.Bottom, l)
	}
	if b.Track != nil {
		d.track(b.Track)
	}
	for _, sub := range b.Sub {
		d.box(sub)
	}
}

// reminder writes a rules reminder, in brackets as the art has it, with
// the art's arrows drawn as arrows.
func (d *sheetDrawer) reminder(x float64, row int, s string) {
	d.font(fontSans, "I", sizeReminder)
	d.text(x, row, "("+typo.String(arrows(s, fontSans, "I"))+")", inkReminder)
}

// asciiArrows are the arrows ASCII art draws with hyphens, longest first,
// and the arrows that print them.
var asciiArrows = []struct {
	ascii string
	arrow rune
}{{"<-->", '↔'}, {"<->", '↔'}, {"-->", '→'}, {"<--", '←'}, {"->", '→'}, {"<-", '←'}}

// arrows returns s with its ASCII arrows drawn as the arrows the face of
// family and style has.
func arrows(s, family, style string) string {
	face := faces()[family+style]
	for _, a := range asciiArrows {
		if face.cmap.Has(a.arrow) {
			s = strings.ReplaceAll(s, a.ascii, string(a.arrow))
		}
	}
	return s
}

// bottomLabel draws a <^Label> on the bottom border: a small triangle under
// the column it labels and the label beside it.
func (d *sheetDrawer) bottomLabel(row int, l *sheet.Label) {
	d.font(fontSans, "", sizeSmall)
	if l.Caret < 0 {
		d.knockout(d.x(l.Col+1), row, l.Text, inkLabel)
		return
	}
	size := d.ch * 0.3
	d.knockout(d.cx(l.Caret)+size/2+d.cw*0.25, row, l.Text, inkLabel)
	d.tags.art()
	caret(pagePainter{d.pdf}, point{d.cx(l.Caret), d.cy(row)}, size, inkRule)
}

// track sets the current option of a track: the dot of a radio button, or
// the Luck marker under a cell.
func (d *sheetDrawer) track(t *sheet.Track) {
	if t.IsLuck() && t.MarkerRow < 0 {
		return
	}
	group := &formField{typ: radioGroup, name: ast.Slug(t.Name), label: t.Name}
	for _, o := range t.Options {
		if d.f.Value(o).Marked {
			group.value = o.Label
		}
		group.widgets = append(group.widgets, d.option(t, o))
	}
	d.buttons(group)
}

// option returns the widget of a track's option: its radio button, or for
// a Luck cell the cell and the marker's place under it.
func (d *sheetDrawer) option(t *sheet.Track, o *sheet.Field) widget {
	if !t.IsLuck() {
		return d.markerWidget(o, o.Label, dot)
	}
	size := d.ch * 0.6
	at := point{d.cx(o.Col + o.Width/2), d.cy(t.MarkerRow)}
	top := d.cy(o.Row) - d.ch*0.35
	return widget{
		box:   rect{d.x(o.Col), top, d.x(o.Col+o.Width) - d.x(o.Col), at.y + size/2 - top},
		state: o.Label,
		on:    func(p painter) { caret(p, at, size, inkStart) },
	}
}

// buttons sets a check box or a radio group: a flat sheet draws the button
// that is set, a form gets the field.
func (d *sheetDrawer) buttons(field *formField) {
	if d.form != nil {
		d.addField(field)
		return
	}
	for _, w := range field.widgets {
		if w.state == field.value {
			w.on(pagePainter{d.pdf})
		}
	}
}

// field draws a field: its marker, its label and leader, its slot with the
// value, and its reminder.
func (d *sheetDrawer) field(box *sheet.Box, f *sheet.Field) {
	v := d.f.Value(f)
	name, label := fieldName(box, f), fieldLabel(box, f)
	// What a field prints is drawn, and so tagged, in the order it is
	// read: its label, its value and what the value is in (a rating's %),
	// then its marker (a rating's XP box) and its reminder.
	switch f.Kind {
	case sheet.FieldPercentile, sheet.FieldCount:
		d.label(f, d.x(f.Col-1))
		d.slot(f, name, label, v)
	case sheet.FieldText:
		d.font(fontSans, "", sizeLabel)
		d.text(d.x(f.LabelCol), f.Row, f.Label, inkLabel)
		start := d.x(f.LabelCol) + d.pdf.GetStringWidth(f.Label) + d.cw*0.5
		end := d.x(f.Col+f.Width) - d.cw*0.2
		d.writingRule(start, end, f.Row)
		d.entry(entry{name: name, label: label, value: v.Text, x0: start + d.cw*0.2, x1: end, row: f.Row, fit: true})
	case sheet.FieldTrackOption:
		d.font(fontSans, "", sizeLabel)
		d.text(d.x(f.LabelCol), f.Row, f.Label, inkLabel)
	case sheet.FieldInventory:
		x0, x1 := d.x(f.NameCol), d.x(f.NameCol+f.NameWidth)
		d.writingRule(x0, x1, f.Row)
		d.entry(entry{name: name + "-name", label: label, value: v.Text, x0: x0 + d.cw*0.2, x1: x1 - d.cw*0.2, row: f.Row, fit: true})
		d.slot(f, name+"-rating", label+" rating", v)
	case sheet.FieldLuckCell:
		d.stroke(inkRule, 0.2)
		d.slotBox(f.Col, f.Col+f.Width, f.Row)
		d.font(fontSans, "", sizeLabel)
		mid := (d.x(f.Col) + d.x(f.Col+f.Width)) / 2
		d.text(mid-d.pdf.GetStringWidth(f.Label)/2, f.Row, f.Label, inkLabel)
	}
	if f.MarkerCol >= 0 {
		d.marker(f, name, label, v.Marked)
	}
	if f.Reminder != "" {
		d.reminder(d.x(f.ReminderCol), f.Row, f.Reminder)
	}
}

// marker draws a tick square or a radio circle and, but for a track's
// option, which its track sets, sets it as a check box named after the
// field and the marker's label: "speed-xp", "agony-applies".
func (d *sheetDrawer) marker(f *sheet.Field, name, label string, set bool) {
	x, y := d.cx(f.MarkerCol), d.cy(f.Row)
	side := d.markerSide()
	d.stroke(inkRule, 0.25)
	mark := dot
	if f.Marker == sheet.MarkerXPTick {
		d.pdf.Rect(x-side/2, y-side/2, side, side, "D")
		mark = tick
	} else {
		d.pdf.Circle(x, y, side/2, "D")
	}
	if f.Kind == sheet.FieldTrackOption {
		return
	}
	suffix := "mark"
	if f.MarkerLabel != "" {
		suffix, label = ast.Slug(f.MarkerLabel), label+": "+f.MarkerLabel
	}
	check := &formField{typ: checkBox, name: name + "-" + suffix, label: label, widgets: []widget{d.markerWidget(f, "Yes", mark)}}
	if set {
		check.value = "Yes"
	}
	d.buttons(check)
}

// markerSide is the side of a tick square, the diameter of a radio circle.
func (d *sheetDrawer) markerSide() float64 { return d.ch * 0.46 }

// markerWidget returns the widget of a field's marker, a little larger
// than the marker, for a finger or a mouse; set draws its mark in it.
func (d *sheetDrawer) markerWidget(f *sheet.Field, state string, set func(painter, point, float64, rgb)) widget {
	at := point{d.cx(f.MarkerCol), d.cy(f.Row)}
	side := d.markerSide()
	grab := side * 1.5
	return widget{
		box:   rect{at.x - grab/2, at.y - grab/2, grab, grab},
		state: state,
		on:    func(p painter) { set(p, at, side, inkStart) },
	}
}

// label writes a field's label and draws its dot leader up to end.
func (d *sheetDrawer) label(f *sheet.Field, end float64) {
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

// writingRule draws the thin rule a text is written on, from x0 to x1.
func (d *sheetDrawer) writingRule(x0, x1 float64, row int) {
	d.stroke(inkHint, 0.15)
	y := d.cy(row) + d.ch*0.3
	d.pdf.Line(x0, y, x1, y)
}

// slotBox draws the box of a slot spanning columns from up to to.
func (d *sheetDrawer) slotBox(from, to, row int) {
	inset := d.cw * 0.15
	hgt := d.ch * 0.7
	d.pdf.RoundedRect(d.x(from)+inset, d.cy(row)-hgt/2, d.x(to)-d.x(from)-2*inset, hgt, d.cw*0.25, "1234", "D")
}

// slot draws a rating's or a count's slot, brackets included, with its %
// or / and its value: the rating named name, or a count's two halves.
func (d *sheetDrawer) slot(f *sheet.Field, name, label string, v sheet.FieldValue) {
	d.stroke(inkRule, 0.25)
	d.slotBox(f.Col-1, f.Col+f.Width+1, f.Row)
	left, right := d.x(f.Col-1)+d.cw*0.5, d.x(f.Col+f.Width)+d.cw*0.3
	value := func(n int) string {
		if v.Set {
			return strconv.Itoa(n)
		}
		return ""
	}
	d.font(fontMono, "", sizeValue)
	if f.Kind == sheet.FieldCount {
		slash := f.Col + f.SlashOffset
		count, limit := countLabels(label)
		d.entry(entry{name: name + "-count", label: count, value: value(v.Rating), x0: left, x1: d.x(slash), row: f.Row, align: alignRight, maxLen: f.SlashOffset})
		d.font(fontMono, "", sizeValue)
		d.text(d.cx(slash)-d.pdf.GetStringWidth("/")/2, f.Row, "/", inkHint)
		d.entry(entry{name: name + "-max", label: limit, value: value(v.Max), x0: d.x(slash + 1), x1: right, row: f.Row, maxLen: f.Width - f.SlashOffset - 1})
		return
	}
	if v.NotRated {
		d.entry(entry{name: name, label: label, value: "NONE", x0: left, x1: right, row: f.Row, align: alignRight, readOnly: true})
		return
	}
	percent := right - d.pdf.GetStringWidth("%")
	d.entry(entry{name: name, label: label, value: value(v.Rating), x0: left, x1: percent, row: f.Row, align: alignRight, maxLen: 3})
	d.font(fontMono, "", sizeValue)
	d.text(percent, f.Row, "%", inkHint)
}

// Alignments of an entry, as a form field's /Q numbers them.
const (
	alignLeft = iota
	alignCentre
	alignRight
)

// entry is a slot's value: its name and label in a form, its text, the
// room it has and how it sits in it.
type entry struct {
	name, label string
	value       string
	x0, x1      float64
	row         int
	// size is a share of the row's height; 0 is sizeValue.
	size  float64
	align int
	// fit sets a long value smaller, then cuts it short, to fit; in a
	// form, a reader sets typed text to fit the field.
	fit      bool
	maxLen   int
	readOnly bool
}

// entry writes a value in the light ink of a starting value, or adds it to
// the form as a text field.
func (d *sheetDrawer) entry(e entry) {
	if e.size == 0 {
		e.size = sizeValue
	}
	d.font(fontMono, "", e.size)
	shown := e.value
	if e.fit {
		shown = d.fit(shown, e.x1-e.x0, fontMono, "", e.size)
	}
	width := d.pdf.GetStringWidth(shown)
	x := e.x0
	switch e.align {
	case alignCentre:
		x = (e.x0 + e.x1 - width) / 2
	case alignRight:
		x = e.x1 - width
	}
	if d.form == nil {
		if shown != "" {
			d.text(x, e.row, shown, inkStart)
		}
		return
	}
	_, size := d.pdf.GetFontSize()
	look := textLook{shown: shown, at: point{x, d.baseline(e.row)}, size: size, ink: inkStart, typed: size,
		align: e.align, maxLen: e.maxLen, readOnly: e.readOnly}
	if e.fit {
		look.typed = 0
	}
	hgt := d.ch * 0.7
	d.addField(&formField{typ: textField, name: e.name, label: e.label, value: e.value, text: look,
		widgets: []widget{{box: rect{e.x0, d.cy(e.row) - hgt/2, e.x1 - e.x0, hgt}}}})
}

// addField adds a field to the form, and tags it.
func (d *sheetDrawer) addField(f *formField) {
	d.form.add(f)
	d.tags.field(f)
}

// fit returns s as it fits room in the face of family and style, set at
// size: it sets the face smaller, down to two thirds of size and never
// under the sheet's least (see font), then cuts s short with "…". A value
// as long as its slot in the art fits at the grid's size; a longer one is
// galley check's warning (sheet/too-long).
func (d *sheetDrawer) fit(s string, room float64, family, style string, size float64) string {
	least := max(size*2/3, min(minTextSize, sizeLabel*d.ch)/d.ch)
	for d.pdf.GetStringWidth(s) > room && size > least {
		size *= 0.95
		d.font(family, style, size)
	}
	if d.pdf.GetStringWidth(s) <= room || utf8.RuneCountInString(s) <= 1 {
		return s
	}
	// The longest head that fits with the "…", each rune measured once: a
	// long value must not cost the square of its length.
	used := d.pdf.GetStringWidth("…")
	for i, r := range s {
		if used += d.pdf.GetStringWidth(string(r)); used > room {
			return s[:i] + "…"
		}
	}
	return s
}
