package parser

import (
	"strings"
	"unicode"
)

// BlankSheet is the name of the sheet without class data, for players who
// fill it in by hand: `galley sheet blank`, \charsheet[blank].
const BlankSheet = "blank"

// IsSheetName reports whether name can name a sheet and its files
// (sheets/NAME.pdf): letters, digits, '-' and '_', at least one.
func IsSheetName(name string) bool {
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return false
		}
	}
	return name != ""
}

// SheetTemplate returns the book's character-sheet template: the first
// \begin{nolayout} block whose first drawn line is a sheet header,
// ╔►Game◄═…═►Character Sheet◄╗. It returns nil when the book has none.
func (d *Document) SheetTemplate() *Verbatim {
	var found *Verbatim
	Walk(d.Blocks, func(n Node) bool {
		v, ok := n.(*Verbatim)
		if found != nil || !ok || v.Name != "nolayout" {
			return found == nil
		}
		for _, l := range v.Lines {
			if strings.TrimSpace(l) == "" {
				continue
			}
			if _, title, ok := parseSheetHeader(l); ok && title == "Character Sheet" {
				found = v
			}
			break
		}
		return true
	})
	return found
}

// ClassData returns the class data of the named class (\begin{charsheet}[name],
// compared without regard to case), or nil.
func (d *Document) ClassData(name string) *ClassData {
	for _, c := range d.classData() {
		if strings.EqualFold(c.Class, name) {
			return c
		}
	}
	return nil
}

// classData returns every class-data block in book order.
func (d *Document) classData() []*ClassData {
	var all []*ClassData
	WalkBlocks(d.Blocks, func(n Block) {
		if c, ok := n.(*ClassData); ok {
			all = append(all, c)
		}
	})
	return all
}

// SheetNames returns the names a sheet can be asked for: the classes the
// book has data for, in book order, then "blank".
func (d *Document) SheetNames() []string {
	var names []string
	for _, c := range d.classData() {
		if IsSheetName(c.Class) && !strings.EqualFold(c.Class, BlankSheet) {
			names = append(names, c.Class)
		}
	}
	return append(names, BlankSheet)
}

// CharacterSheet reads the book's sheet template and fills it with the
// named class's data, or returns the blank sheet for "blank". The
// diagnostics are the template's and that class's only, for a command that
// writes one sheet; CharacterSheets has the book's. The sheet is nil when
// the book has no template, the template cannot be read, or the book has no
// data for the class.
func (d *Document) CharacterSheet(name string) (*FilledSheet, DiagnosticList) {
	v := d.SheetTemplate()
	if v == nil {
		return nil, nil
	}
	sheet, diags := ReadSheetTemplate(v)
	if sheet == nil {
		return nil, diags
	}
	if strings.EqualFold(name, BlankSheet) {
		return sheet.Blank(), diags
	}
	c := d.ClassData(name)
	if c == nil || !IsSheetName(c.Class) {
		return nil, diags
	}
	filled, fdiags := sheet.Fill(c)
	diags = append(diags, fdiags...)
	diags.Sort(d.Files)
	return filled, diags
}

// BookSheets is a book's character sheets: the template, read once, filled
// with each class's data, and the blank sheet.
type BookSheets struct {
	Template *Sheet
	// Classes are the filled sheets in the order of the book's class data.
	Classes []*FilledSheet
	Blank   *FilledSheet
}

// Names returns the names a sheet can be asked for: the classes in book
// order, then "blank".
func (b *BookSheets) Names() []string {
	names := make([]string, 0, len(b.Classes)+1)
	for _, c := range b.Classes {
		names = append(names, c.Name)
	}
	return append(names, BlankSheet)
}

// Sheet returns the sheet of the named class, or the blank sheet for
// "blank", compared without regard to case; nil when there is none.
func (b *BookSheets) Sheet(name string) *FilledSheet {
	if strings.EqualFold(name, BlankSheet) {
		return b.Blank
	}
	for _, c := range b.Classes {
		if strings.EqualFold(c.Name, name) {
			return c
		}
	}
	return nil
}

// All returns every sheet: the classes, then the blank sheet.
func (b *BookSheets) All() []*FilledSheet {
	return append(append([]*FilledSheet(nil), b.Classes...), b.Blank)
}

// CharacterSheets reads the book's sheet template and fills it with every
// class's data. The diagnostics cover the template, each class's data, and
// the book's use of them: class data or a \charsheet placement without a
// template, a class defined twice or named "blank", a placement naming a
// class the book has no data for. It returns nil sheets when the book has no
// template or the template cannot be read.
func (d *Document) CharacterSheets() (*BookSheets, DiagnosticList) {
	var diags DiagnosticList
	classes := d.classData()
	var placements []*CharSheet
	WalkBlocks(d.Blocks, func(n Block) {
		if c, ok := n.(*CharSheet); ok {
			placements = append(placements, c)
		}
	})
	v := d.SheetTemplate()
	if v == nil {
		for _, c := range classes {
			diags.Errorf(c.Pos, "sheet/no-template", "class data, but the book has no sheet template: a \\begin{nolayout} block drawing ╔►Game◄═…═►Character Sheet◄╗")
		}
		for _, p := range placements {
			diags.Errorf(p.Pos, "sheet/no-template", "\\charsheet, but the book has no sheet template: a \\begin{nolayout} block drawing ╔►Game◄═…═►Character Sheet◄╗")
		}
		diags.Sort(d.Files)
		return nil, diags
	}
	sheet, tdiags := ReadSheetTemplate(v)
	diags = append(diags, tdiags...)
	if sheet == nil {
		diags.Sort(d.Files)
		return nil, diags
	}
	book := &BookSheets{Template: sheet, Blank: sheet.Blank()}
	defined := map[string]Pos{}
	for _, c := range classes {
		key := strings.ToLower(c.Class)
		if key == "" {
			continue
		}
		if !IsSheetName(c.Class) {
			diags.Errorf(c.Pos, "sheet/class-name", "a class name names the sheet's files: use letters, digits, - and _ only")
			continue
		}
		if key == BlankSheet {
			diags.Errorf(c.Pos, "sheet/class-name", `"blank" names the blank sheet; give the class another name`)
			continue
		}
		if first, ok := defined[key]; ok {
			diags.Errorf(c.Pos, "sheet/duplicate-class", "the class "+c.Class+" already has its data (at "+first.String()+")")
			continue
		}
		defined[key] = c.Pos
		filled, fdiags := sheet.Fill(c)
		diags = append(diags, fdiags...)
		book.Classes = append(book.Classes, filled)
	}
	for _, p := range placements {
		if book.Sheet(p.Class) == nil {
			msg := "no class data for " + p.Class + ": add \\begin{charsheet}[" + p.Class + "]"
			if s := Closest(p.Class, book.Names()); s != "" {
				msg = "no class data for " + p.Class + " (did you mean " + s + "?)"
			}
			diags.Errorf(p.Pos, "sheet/unknown-class", msg)
		}
	}
	diags.Sort(d.Files)
	return book, diags
}
