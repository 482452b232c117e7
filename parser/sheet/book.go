package sheet

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/galleyhq/galley/parser/ast"
)

// BlankName is the name of the sheet without class data, for players who
// fill it in by hand: `galley sheet blank`, \charsheet[blank].
const BlankName = "blank"

// IsName reports whether name can name a sheet and its files
// (sheets/NAME.pdf): letters, digits, '-' and '_', at least one.
func IsName(name string) bool {
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return false
		}
	}
	return name != ""
}

// Template returns the book's character-sheet template: the first
// \begin{nolayout} block whose first drawn line is a sheet header,
// ╔►Game◄═…═►Character Sheet◄╗. It returns nil when the book has none.
func Template(d *ast.Document) *ast.Verbatim {
	var found *ast.Verbatim
	ast.Walk(d.Blocks, func(n ast.Node) bool {
		v, ok := n.(*ast.Verbatim)
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

// Names returns the names a sheet can be asked for: the classes the
// book has data for, in book order, then "blank".
func Names(d *ast.Document) []string {
	var names []string
	for _, c := range d.Classes() {
		if IsName(c.Class) && !strings.EqualFold(c.Class, BlankName) {
			names = append(names, c.Class)
		}
	}
	return append(names, BlankName)
}

// OfClass reads the book's sheet template and fills it with the
// named class's data, or returns the blank sheet for "blank". The
// diagnostics are the template's and that class's only, for a command that
// writes one sheet; OfBook has the book's. The sheet is nil when
// the book has no template, the template cannot be read, or the book has no
// data for the class.
func OfClass(d *ast.Document, name string) (*Filled, ast.DiagnosticList) {
	v := Template(d)
	if v == nil {
		return nil, nil
	}
	sheet, diags := Read(v)
	if sheet == nil {
		return nil, diags
	}
	if strings.EqualFold(name, BlankName) {
		return sheet.Blank(), diags
	}
	c := d.ClassData(name)
	if c == nil || !IsName(c.Class) {
		return nil, diags
	}
	filled, fdiags := sheet.Fill(c)
	diags = append(diags, fdiags...)
	diags.Sort(d.Files)
	return filled, diags
}

// Book is a book's character sheets: the template, read once, filled
// with each class's data, and the blank sheet.
type Book struct {
	Template *Sheet
	// Classes are the filled sheets in the order of the book's class data.
	Classes []*Filled
	Blank   *Filled
}

// Names returns the names a sheet can be asked for: the classes in book
// order, then "blank".
func (b *Book) Names() []string {
	names := make([]string, 0, len(b.Classes)+1)
	for _, c := range b.Classes {
		names = append(names, c.Name)
	}
	return append(names, BlankName)
}

// Sheet returns the sheet of the named class, or the blank sheet for
// "blank", compared without regard to case; nil when there is none.
func (b *Book) Sheet(name string) *Filled {
	if strings.EqualFold(name, BlankName) {
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
func (b *Book) All() []*Filled {
	return append(append([]*Filled(nil), b.Classes...), b.Blank)
}

// OfBook reads the book's sheet template and fills it with every
// class's data. The diagnostics cover the template, each class's data, and
// the book's use of them: class data or a \charsheet placement without a
// template, a class defined twice or named "blank", a placement naming a
// class the book has no data for. It returns nil sheets when the book has no
// template or the template cannot be read.
func OfBook(d *ast.Document) (*Book, ast.DiagnosticList) {
	var diags ast.DiagnosticList
	classes := d.Classes()
	var placements []*ast.CharSheet
	ast.WalkBlocks(d.Blocks, func(n ast.Block) {
		if c, ok := n.(*ast.CharSheet); ok {
			placements = append(placements, c)
		}
	})
	v := Template(d)
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
	sheet, tdiags := Read(v)
	diags = append(diags, tdiags...)
	if sheet == nil {
		diags.Sort(d.Files)
		return nil, diags
	}
	book := &Book{Template: sheet, Blank: sheet.Blank()}
	defined := map[string]ast.Pos{}
	for _, c := range classes {
		key := strings.ToLower(c.Class)
		if key == "" {
			continue
		}
		if !IsName(c.Class) {
			diags.Errorf(c.Pos, "sheet/class-name", "a class name names the sheet's files: use letters, digits, - and _ only")
			continue
		}
		if key == BlankName {
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
	// A book with no class data at all has one mistake, not one a
	// placement: said once, at the first, naming each class it places
	// once, however often.
	if len(book.Classes) == 0 && len(placements) > 1 {
		var names []string
		named := map[string]bool{}
		for _, p := range placements {
			if key := strings.ToLower(p.Class); !named[key] {
				named[key] = true
				names = append(names, p.Class)
			}
		}
		placed := strconv.Itoa(len(placements)) + " sheets it places"
		if len(names) < len(placements) {
			placed += ", of " + strconv.Itoa(len(names)) + " classes"
		}
		diags.Errorf(placements[0].Pos, "sheet/unknown-class", "the book has no class data for the "+placed+
			" ("+strings.Join(names, ", ")+"): add a \\begin{charsheet}[CLASS] for each class")
		placements = nil
	}
	for _, p := range placements {
		if book.Sheet(p.Class) == nil {
			msg := "no class data for " + p.Class + ": add \\begin{charsheet}[" + p.Class + "]"
			if s := ast.Closest(p.Class, book.Names()); s != "" {
				msg = "no class data for " + p.Class + " (did you mean " + s + "?)"
			}
			diags.Errorf(p.Pos, "sheet/unknown-class", msg)
		}
	}
	diags.Sort(d.Files)
	return book, diags
}
