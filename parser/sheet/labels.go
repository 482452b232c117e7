package sheet

import "github.com/galleyhq/galley/parser/ast"

// ClassKey is the class-data field that names the class: its value replaces
// the CLASS placeholder in the header.
const ClassKey = "Class"

// checkSheetLabels reports names that class data could not tell apart. Class
// data names a rated field, a track or an inventory box by its label alone
// ("Speed: 75%", "Luck: 11%", "Inventory: …"), so those names are unique on
// the whole sheet; it names a text field under its box's title ("[Base
// Attack]" then "Name: Sting"), so text labels are unique within their box
// and the titles of boxes of text fields are unique and present.
func checkSheetLabels(s *Sheet, diags *ast.DiagnosticList) {
	seen := map[string]ast.Pos{ClassKey: s.Header.ClassPos}
	claim := func(name string, pos ast.Pos) {
		if first, ok := seen[name]; ok {
			diags.Errorf(pos, "sheet/duplicate-label", `the label "`+name+`" is used twice: class data could not say which one it fills (first at `+lineCol(first)+")")
			return
		}
		seen[name] = pos
	}
	textBoxes := map[string]ast.Pos{}
	for _, b := range s.Boxes() {
		texts := map[string]ast.Pos{}
		inventory := false
		for _, f := range b.Fields {
			switch {
			case f.IsRated():
				claim(f.Label, f.Pos)
			case f.Kind == FieldInventory:
				inventory = true
			case f.Kind == FieldText:
				if first, ok := texts[f.Label]; ok {
					diags.Errorf(f.Pos, "sheet/duplicate-label", `the label "`+f.Label+`" is used twice in this box (first at `+lineCol(first)+")")
				}
				texts[f.Label] = f.Pos
			}
		}
		if b.Track != nil && b.Title != "" {
			claim(b.Track.Name, b.Pos)
		}
		if inventory && b.Title != "" {
			claim(b.Title, b.Pos)
		}
		if inventory && b.Title == "" {
			diags.Errorf(b.Pos, "sheet/box-title", "a box of inventory slots needs a title: class data fills its slots with \"Title: item: 30%\" lines")
		}
		if len(texts) == 0 {
			continue
		}
		if b.Title == "" {
			diags.Errorf(b.Pos, "sheet/box-title", "a box of text fields needs a title: class data fills it under a [Title] line")
			continue
		}
		if first, ok := textBoxes[b.Title]; ok {
			diags.Errorf(b.Pos, "sheet/duplicate-label", `two boxes of text fields are titled "`+b.Title+`": class data could not say which one [`+b.Title+`] fills (first at `+lineCol(first)+")")
		}
		textBoxes[b.Title] = b.Pos
	}
}
