package pdf

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

// sheetForm is the form of a fillable sheet: the fields the sheet's drawer
// places where a flat sheet prints its values and marks, in drawing order.
// writeForm writes them into the PDF.
type sheetForm struct {
	fields []*formField
	taken  map[string]bool
}

// fieldType is the kind of an AcroForm field.
type fieldType int

const (
	textField fieldType = iota
	checkBox
	radioGroup
)

// formField is one field of the form: a text field or a check box, with
// one widget, or a radio group, with a widget for each of its buttons.
type formField struct {
	typ fieldType
	// name is the field's name (/T), unique in the form; label is what a
	// reader calls it by, for a tooltip or a screen reader (/TU).
	name, label string
	// value is a text field's text, or the state of the button that is
	// set, "" when none is. It is also the field's default, the value a
	// reader's "reset form" brings back.
	value   string
	widgets []widget
	text    textLook
}

// widget is where a field is on the page.
type widget struct {
	box rect
	// state names a button's "on" state: "Yes" for a check box, the
	// option for a radio button; on draws it.
	state string
	on    func(painter)
}

// textLook is how a text field shows its value, as the flat sheet prints
// it, and how it sets what a player types.
type textLook struct {
	// shown is the value as it fits the field, its baseline starting at
	// at, size millimetres high, in ink.
	shown string
	at    point
	size  float64
	ink   rgb
	// typed is the size of typed text, in millimetres; 0 fits it to the
	// field.
	typed float64
	// align is 0, 1 or 2 for typed text to the left, centre or right.
	align    int
	maxLen   int
	readOnly bool
}

// add adds a field, its name made unique with a number if another field
// has it.
func (f *sheetForm) add(field *formField) {
	if f.taken == nil {
		f.taken = map[string]bool{}
	}
	name := field.name
	for n := 2; f.taken[name]; n++ {
		name = field.name + "-" + strconv.Itoa(n)
	}
	f.taken[name] = true
	field.name = name
	f.fields = append(f.fields, field)
}

// fieldName names the form field of a sheet field after its label, as the
// HTML sheet names its inputs: "speed", "base-attack-name" for a text
// field of the Base Attack box, "inventory-2" for the second item. Field
// names are the keys a form's data is exported and imported by, so they
// are made of the template's words, not of positions.
func fieldName(box *sheet.Box, f *sheet.Field) string {
	switch f.Kind {
	case sheet.FieldText:
		return ast.Slug(box.Title) + "-" + ast.Slug(f.Label)
	case sheet.FieldInventory:
		return ast.Slug(box.Title) + "-" + strconv.Itoa(inventorySlot(box, f))
	}
	return ast.Slug(f.Label)
}

// fieldLabel is what a reader calls a field by: its label, with the box of
// a text field ("Base Attack: Name") and the slot of an item ("Item 2").
func fieldLabel(box *sheet.Box, f *sheet.Field) string {
	switch f.Kind {
	case sheet.FieldText:
		return box.Title + ": " + f.Label
	case sheet.FieldInventory:
		return "Item " + strconv.Itoa(inventorySlot(box, f))
	}
	return f.Label
}

// inventorySlot numbers an inventory slot from 1 in its box.
func inventorySlot(box *sheet.Box, f *sheet.Field) int {
	n := 0
	for _, other := range box.Fields {
		if other.Kind == sheet.FieldInventory && other.Row <= f.Row {
			n++
		}
	}
	return n
}

// countLabels returns the labels of a count's two halves: "Wounds" and
// "Max" for "Wounds/Max".
func countLabels(label string) (count, limit string) {
	if count, limit, ok := strings.Cut(label, "/"); ok {
		return count, limit
	}
	return label, label + " maximum"
}
