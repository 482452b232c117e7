package xhtml

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/typo"
)

// SheetText writes a filled character sheet as text that reflows, for a
// reader that shows no form and no art wide enough to read on a phone (the
// EPUB): its header, then each area under its title, each box of the
// area a frame of its own under its title, its fields a list of names
// and values (a rating "45%", a count "3 / 10", a blank "____"), its
// tracks the options in a row with the one set marked, its notes and the
// meanings of its marks under them. The boxes of a row of the art stand
// side by side where the screen is wide enough, one under another where
// it is not.
func (w *Writer) SheetText(f *sheet.Filled) {
	s := f.Sheet
	var header []string
	for _, part := range []string{s.Header.Game, s.Header.Title, f.Class} {
		if part = typo.String(part); part != "" {
			header = append(header, part)
		}
	}
	if len(header) > 0 {
		w.Element(`<p class="sheet-header">`, strings.Join(header, " · "), "</p>\n")
	}
	for _, a := range s.Areas {
		w.Raw(`<div class="sheet-area">` + "\n")
		if a.Title != "" {
			w.Element(`<p class="sheet-area-title">`, typo.String(a.Title), "</p>\n")
		}
		for _, b := range a.Boxes {
			w.sheetBox(f, b)
		}
		w.Raw("</div>\n")
	}
}

// sheetBox writes one box of a sheet and the boxes inside it.
func (w *Writer) sheetBox(f *sheet.Filled, b *sheet.Box) {
	w.Raw(`<div class="sheet-box">` + "\n")
	title := typo.String(b.Title)
	if tag := typo.String(b.Tag); tag != "" {
		title = strings.TrimSpace(title + " (" + tag + ")")
	}
	if title != "" {
		w.Element(`<p class="sheet-box-title">`, title, "</p>\n")
	}
	var marks []sheetLegend
	open := false
	for _, field := range b.Fields {
		if field.Kind == sheet.FieldTrackOption || field.Kind == sheet.FieldLuckCell {
			continue
		}
		if !open {
			w.Raw(`<dl class="sheet-fields">`)
			open = true
		}
		value := f.Value(field)
		w.Element("\n<div><dt>", typo.String(sheetFieldLabel(b, field)), "</dt><dd>")
		w.Text(sheetFieldValue(field, value))
		if field.Reminder != "" {
			w.Element(` <span class="sheet-reminder">(`, typo.String(field.Reminder), ")</span>")
		}
		if field.Marker != sheet.MarkerNone && field.MarkerLabel != "" {
			w.Raw(" ")
			w.sheetMark(fieldMark(field.Marker, value.Marked))
			if legend := (sheetLegend{fieldMark(field.Marker, false), field.MarkerLabel}); !slices.Contains(marks, legend) {
				marks = append(marks, legend)
			}
		}
		w.Raw("</dd></div>")
	}
	if open {
		w.Raw("\n</dl>\n")
	}
	if t := b.Track; t != nil {
		w.sheetTrack(f, t)
	}
	for _, n := range b.Notes {
		w.Element(`<p class="sheet-note">(`, typo.String(n.Text), ")</p>\n")
	}
	if len(marks) > 0 {
		w.Raw(`<p class="sheet-note">`)
		for i, m := range marks {
			if i > 0 {
				w.Raw(" · ")
			}
			w.sheetMark(m.mark)
			w.Text("\u00a0" + typo.String(m.label))
		}
		w.Raw("</p>\n")
	}
	for _, sub := range b.Sub {
		w.sheetBox(f, sub)
	}
	w.Raw("</div>\n")
}

// sheetTrack writes a track's options in a row, the one set marked ●.
func (w *Writer) sheetTrack(f *sheet.Filled, t *sheet.Track) {
	w.Raw(`<p class="sheet-track">`)
	if t.Name != "" {
		w.Element(`<span class="sheet-track-name">`, typo.String(t.Name)+":", "</span> ")
	}
	for i, o := range t.Options {
		if i > 0 {
			w.Raw(" ")
		}
		w.Raw(`<span class="sheet-option">`)
		w.sheetMark(fieldMark(sheet.MarkerRadio, f.Value(o).Marked))
		w.Element("", "\u00a0"+typo.String(o.Label), "</span>")
	}
	w.Raw("</p>\n")
}

// sheetFieldLabel is a field's name as the text form shows it: an
// inventory slot is numbered, "Item 2", as its line on the sheet has no
// name of its own.
func sheetFieldLabel(b *sheet.Box, f *sheet.Field) string {
	if f.Kind != sheet.FieldInventory {
		return f.Label
	}
	slot := 0
	for _, other := range b.Fields {
		if other.Kind == sheet.FieldInventory && other.Row <= f.Row {
			slot++
		}
	}
	return "Item " + strconv.Itoa(slot)
}

// blankValue stands for a slot left for the player to fill in.
const blankValue = "____"

// sheetFieldValue is a field's value as text: blankValue for a slot not
// set, NONE for a feature the class lacks.
func sheetFieldValue(f *sheet.Field, v sheet.FieldValue) string {
	if v.NotRated {
		return "NONE"
	}
	rating := blankValue
	if v.Set {
		rating = strconv.Itoa(v.Rating)
	}
	switch f.Kind {
	case sheet.FieldPercentile:
		return rating + "%"
	case sheet.FieldCount:
		limit := blankValue
		if v.Set {
			limit = strconv.Itoa(v.Max)
		}
		return rating + " / " + limit
	case sheet.FieldInventory:
		name := typo.String(v.Text)
		if name == "" {
			name = blankValue
		}
		return name + ", " + rating + "%"
	}
	if v.Text == "" {
		return blankValue
	}
	return typo.String(v.Text)
}

// sheetLegend is what a mark of a box's fields means: "□ XP".
type sheetLegend struct{ mark, label string }

// sheetMark writes a mark in the monospace face, which has the marks
// that few text faces have.
func (w *Writer) sheetMark(mark string) {
	w.Raw(`<span class="sheet-mark">`)
	w.artText(mark)
	w.Raw("</span>")
}

// fieldMark returns the mark before a field, ticked or set when marked.
func fieldMark(kind sheet.MarkerKind, marked bool) string {
	switch {
	case kind == sheet.MarkerXPTick && marked:
		return "☑"
	case kind == sheet.MarkerXPTick:
		return "□"
	case marked:
		return "●"
	}
	return "○"
}
