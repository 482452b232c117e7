package html

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/typo"
)

// sheetView is what the sheet templates show: the filled sheet turned into
// form controls, each with the id, name, label and default value it needs.
type sheetView struct {
	Game, Title string
	// PageTitle is the standalone page's title: the class, the sheet's
	// title and the game, those of them there are.
	PageTitle string
	Language  string
	// Class is the class's name; "" on the blank sheet, whose header is an
	// input instead.
	Class      string
	ClassInput *inputView
	FormID     string
	StorageKey string
	Areas      []areaView
	PDF, ASCII string
	Assets     string
	Downloads  bool
}

type areaView struct {
	Title string
	ID    string
	// Rows are the boxes that stand side by side in the art.
	Rows [][]*boxView
}

type boxView struct {
	Title, Tag string
	// Span is the box's share of its row, in twelfths, as wide as in the
	// art; Cols the most fields one of its rows holds.
	Span, Cols int
	Fields     []*fieldView
	Notes      []string
	Track      *trackView
	// Marks name the box's tick boxes and radio buttons, as its bottom
	// labels do: "□ XP", "○ Applies".
	Marks []string
	Sub   []*boxView
}

// fieldView is one field: a rating, a count, a text or an inventory slot.
type fieldView struct {
	Kind     string
	Label    string
	Reminder string
	Marker   *inputView
	// Inputs are the field's inputs: one for a rating or a text, the count
	// and its maximum for a count, the name and the rating for an item.
	Inputs []*inputView
}

// inputView is one input and its label.
type inputView struct {
	ID, Name, Label string
	// Type is the input's type: number, text, checkbox.
	Type  string
	Value string
	// Min and Max bound a number; MaxLength a text.
	Min, Max, MaxLength int
	// Size is a read-only text's width in characters, its value's own, so
	// that no value is cut off: the field wraps its value under its label
	// rather than narrow the input below it.
	Size               int
	Checked            bool
	ReadOnly, Disabled bool
	// HiddenLabel keeps the label for screen readers only, where the
	// field's visible label or the box's marks already say it.
	HiddenLabel bool
	// Percent puts a % after a rating's number.
	Percent bool
}

type trackView struct {
	Legend  string
	Name    string
	Luck    bool
	Options []*optionView
}

type optionView struct {
	ID, Value, Label, Note string
	Checked                bool
}

// newSheetView turns the filled sheet into its view.
func newSheetView(f *sheet.Filled, opts SheetOptions) *sheetView {
	s := f.Sheet
	book := opts.Book
	if book == "" {
		book = s.Header.Game
	}
	v := &sheetView{
		Game: typo.String(s.Header.Game), Title: typo.String(s.Header.Title), Class: f.Class,
		PageTitle:  joinTitles(f.Class, typo.String(s.Header.Title), typo.String(s.Header.Game)),
		Language:   language(opts.Language),
		FormID:     "sheet-" + ast.Slug(f.Name),
		StorageKey: "galley-sheet:" + book + ":" + f.Name,
		PDF:        opts.PDF, ASCII: opts.ASCII, Assets: opts.Assets, Downloads: opts.Downloads,
	}
	b := &viewBuilder{f: f, prefix: v.FormID + "-"}
	if f.IsBlank() {
		v.ClassInput = b.input("class", "Class", "text")
		v.ClassInput.MaxLength = s.Header.ClassTo - s.Header.ClassFrom - 1
	}
	for _, a := range s.Areas {
		av := areaView{Title: typo.String(a.Title), ID: b.prefix + ast.Slug(a.Title)}
		var row []*sheet.Box
		for i, box := range a.Boxes {
			row = append(row, box)
			if i+1 == len(a.Boxes) || a.Boxes[i+1].Rect.Top != box.Rect.Top {
				av.Rows = append(av.Rows, b.row(row))
				row = nil
			}
		}
		v.Areas = append(v.Areas, av)
	}
	return v
}

// viewBuilder makes the views of one sheet's boxes and fields.
type viewBuilder struct {
	f      *sheet.Filled
	prefix string
}

// row makes the views of boxes side by side, each spanning its share of
// twelve columns as its width shares the art's.
func (b *viewBuilder) row(boxes []*sheet.Box) []*boxView {
	total := 0
	for _, box := range boxes {
		total += box.Rect.Right - box.Rect.Left + 1
	}
	views := make([]*boxView, len(boxes))
	used := 0
	for i, box := range boxes {
		views[i] = b.box(box)
		span := int(math.Round(12 * float64(box.Rect.Right-box.Rect.Left+1) / float64(total)))
		if i == len(boxes)-1 {
			span = 12 - used
		}
		views[i].Span = max(1, span)
		used += span
	}
	return views
}

func (b *viewBuilder) box(box *sheet.Box) *boxView {
	v := &boxView{Title: typo.String(box.Title), Tag: typo.String(box.Tag), Cols: 1}
	perRow := map[int]int{}
	marks := map[string]bool{}
	for _, f := range box.Fields {
		if f.Kind == sheet.FieldTrackOption || f.Kind == sheet.FieldLuckCell {
			continue
		}
		perRow[f.Row]++
		v.Cols = max(v.Cols, perRow[f.Row])
		v.Fields = append(v.Fields, b.field(box, f))
		if f.Marker != sheet.MarkerNone && f.MarkerLabel != "" {
			mark := map[sheet.MarkerKind]string{sheet.MarkerXPTick: "□ ", sheet.MarkerRadio: "○ "}[f.Marker] + f.MarkerLabel
			if !marks[mark] {
				marks[mark] = true
				v.Marks = append(v.Marks, mark)
			}
		}
	}
	for _, n := range box.Notes {
		v.Notes = append(v.Notes, "("+typo.String(n.Text)+")")
	}
	if box.Track != nil {
		v.Track = b.track(box.Track)
	}
	for _, sub := range box.Sub {
		v.Sub = append(v.Sub, b.box(sub))
	}
	return v
}

func (b *viewBuilder) field(box *sheet.Box, f *sheet.Field) *fieldView {
	value := b.f.Value(f)
	v := &fieldView{Kind: f.Kind.String(), Label: f.Label}
	if f.Reminder != "" {
		v.Reminder = "(" + typo.String(f.Reminder) + ")"
	}
	name := ast.Slug(f.Label)
	switch f.Kind {
	case sheet.FieldPercentile:
		v.Inputs = []*inputView{b.rating(name, f.Label, value)}
	case sheet.FieldCount:
		countName, maxName, ok := strings.Cut(f.Label, "/")
		if !ok {
			countName, maxName = f.Label, f.Label+" maximum"
		}
		count := b.number(name+"-count", countName, value.Set, value.Rating, digitsMax(f.SlashOffset))
		limit := b.number(name+"-max", maxName, value.Set, value.Max, digitsMax(f.Width-f.SlashOffset-1))
		count.HiddenLabel, limit.HiddenLabel = true, true
		v.Inputs = []*inputView{count, limit}
	case sheet.FieldText:
		name = ast.Slug(box.Title) + "-" + name
		in := b.input(name, f.Label, "text")
		in.Value = value.Text
		in.ReadOnly = !b.f.IsBlank()
		in.MaxLength = f.Width
		if in.ReadOnly {
			in.Size = max(1, utf8.RuneCountInString(in.Value))
		}
		v.Inputs = []*inputView{in}
	case sheet.FieldInventory:
		slot := 0
		for _, other := range box.Fields {
			if other.Kind == sheet.FieldInventory && other.Row <= f.Row {
				slot++
			}
		}
		v.Label = "Item " + strconv.Itoa(slot)
		name = ast.Slug(box.Title) + "-" + strconv.Itoa(slot)
		item := b.input(name+"-name", v.Label, "text")
		item.Value, item.MaxLength, item.HiddenLabel = value.Text, f.NameWidth, true
		rating := b.rating(name+"-rating", v.Label+" rating", value)
		rating.HiddenLabel = true
		v.Inputs = []*inputView{item, rating}
	}
	if f.Marker != sheet.MarkerNone && f.MarkerLabel != "" {
		v.Marker = b.input(name+"-"+ast.Slug(f.MarkerLabel), v.Label+": "+f.MarkerLabel, "checkbox")
		v.Marker.Checked = value.Marked
		v.Marker.Disabled = value.NotRated
		v.Marker.HiddenLabel = true
	}
	return v
}

// rating makes a rating's input: a number from 0 to 100, or, for a feature
// the class lacks, the read-only text NONE.
func (b *viewBuilder) rating(name, label string, value sheet.FieldValue) *inputView {
	if value.NotRated {
		in := b.input(name, label, "text")
		in.Value, in.ReadOnly = "NONE", true
		return in
	}
	in := b.number(name, label, value.Set, value.Rating, 100)
	in.Percent = true
	return in
}

func (b *viewBuilder) number(name, label string, set bool, n, maximum int) *inputView {
	in := b.input(name, label, "number")
	in.Max = maximum
	if set {
		in.Value = strconv.Itoa(n)
	}
	return in
}

func (b *viewBuilder) input(name, label, typ string) *inputView {
	return &inputView{ID: b.prefix + name, Name: name, Label: label, Type: typ}
}

func (b *viewBuilder) track(t *sheet.Track) *trackView {
	v := &trackView{Legend: t.Name, Name: ast.Slug(t.Name), Luck: t.IsLuck()}
	for _, o := range t.Options {
		v.Options = append(v.Options, &optionView{
			ID:      b.prefix + v.Name + "-" + ast.Slug(o.Label),
			Value:   o.Label,
			Label:   o.Label,
			Note:    o.MarkerLabel,
			Checked: b.f.Value(o).Marked,
		})
	}
	return v
}

// digitsMax is the largest number that fits n digits.
func digitsMax(n int) int { return int(math.Pow10(n)) - 1 }
