package sheet_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/sheet"

	"github.com/galleyhq/galley/internal/golden"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the sheet cases' want sections")

// TestSheets reads the sheet template of each testdata/sheets/*.txtar case's
// input.txt, fills it with the case's class data, and compares a dump of the
// model, the filled values and the diagnostics with the case's "want"
// section. With -update it rewrites "want" instead.
func TestSheets(t *testing.T) {
	files, _ := filepath.Glob("testdata/sheets/*.txtar")
	if len(files) == 0 {
		t.Fatal("no sheet cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			archive, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			doc, _ := parser.Parse("input.txt", sheetSection(t, archive, "input.txt"))
			book, diags := sheet.OfBook(doc)
			got := dumpSheets(book, diags)
			if *update {
				golden.SetSection(archive, "want", got)
				if err := os.WriteFile(file, txtar.Format(archive), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := sheetSection(t, archive, "want"); !bytes.Equal(got, want) {
				t.Errorf("the sheet differs from want (run go test ./parser/sheet -run TestSheets -update to accept):\n%s", golden.FirstDifference(string(got), string(want)))
			}
		})
	}
}

// sheetSection returns the named section of a case.
func sheetSection(t testing.TB, a *txtar.Archive, name string) []byte {
	t.Helper()
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("archive has no %s section", name)
	return nil
}

// dumpSheets writes the model, each class's values and the diagnostics as
// text that reads like the art: one line per area, box, field and label.
func dumpSheets(book *sheet.Book, diags ast.DiagnosticList) []byte {
	var b bytes.Buffer
	if book != nil {
		dumpSheet(&b, book.Template)
		for _, f := range book.All() {
			dumpValues(&b, f)
		}
	}
	for _, d := range diags {
		fmt.Fprintf(&b, "%d:%d %s %s: %s\n", d.Line, d.Col, d.Severity, d.Code, d.Message)
	}
	return b.Bytes()
}

func dumpSheet(b *bytes.Buffer, s *sheet.Sheet) {
	h := s.Header
	fmt.Fprintf(b, "sheet %q %q frame right %d bottom %d, %d lines; CLASS at %d:%d in row %d cols %d-%d fill %q\n",
		h.Game, h.Title, s.FrameRight, s.FrameBottom, len(s.Lines), h.ClassPos.Line, h.ClassPos.Col, h.ClassRow, h.ClassFrom, h.ClassTo, h.Fill)
	for _, a := range s.Areas {
		fmt.Fprintf(b, "area %q rows %d-%d\n", a.Title, a.Row, a.Bottom)
		for _, box := range a.Boxes {
			dumpBox(b, box, "  ")
		}
	}
	fmt.Fprintf(b, "features: %s\n", strings.Join(s.FeatureNames(), " | "))
}

func dumpBox(b *bytes.Buffer, box *sheet.Box, indent string) {
	kind := "box"
	if !box.Rounded {
		kind = "sub-box"
	}
	fmt.Fprintf(b, "%s%s %q tag %q@%d rows %d-%d cols %d-%d at %d:%d\n", indent, kind, box.Title, box.Tag, box.TagCol,
		box.Rect.Top, box.Rect.Bottom, box.Rect.Left, box.Rect.Right, box.Pos.Line, box.Pos.Col)
	in := indent + "  "
	for _, f := range box.Fields {
		fmt.Fprintf(b, "%s%s %q row %d label %d slot %d+%d", in, f.Kind, f.Label, f.Row, f.LabelCol, f.Col, f.Width)
		if f.Marker != sheet.MarkerNone {
			fmt.Fprintf(b, " %s@%d %q", f.Marker, f.MarkerCol, f.MarkerLabel)
		}
		if f.Preset != "" {
			fmt.Fprintf(b, " preset %s", f.Preset)
		}
		if f.Kind == sheet.FieldCount {
			fmt.Fprintf(b, " slash %d", f.SlashOffset)
		}
		if f.Kind == sheet.FieldInventory {
			fmt.Fprintf(b, " name %d+%d", f.NameCol, f.NameWidth)
		}
		if f.Reminder != "" {
			fmt.Fprintf(b, " reminder@%d %q", f.ReminderCol, f.Reminder)
		}
		fmt.Fprintf(b, " at %d:%d\n", f.Pos.Line, f.Pos.Col)
	}
	for _, n := range box.Notes {
		fmt.Fprintf(b, "%snote %q row %d col %d\n", in, n.Text, n.Row, n.Col)
	}
	for _, l := range box.BottomLabels {
		fmt.Fprintf(b, "%slabel %q col %d caret %d\n", in, l.Text, l.Col, l.Caret)
	}
	if t := box.Track; t != nil {
		labels := make([]string, len(t.Options))
		for i, o := range t.Options {
			labels[i] = o.Label
		}
		fmt.Fprintf(b, "%strack %q luck %v options %s preset %d marker %d:%d+%d\n", in, t.Name, t.IsLuck(),
			strings.Join(labels, " "), t.Preset, t.MarkerRow, t.MarkerCol, t.MarkerOffset)
	}
	for _, sub := range box.Sub {
		dumpBox(b, sub, in)
	}
}

func dumpValues(b *bytes.Buffer, f *sheet.Filled) {
	fmt.Fprintf(b, "values of %s (%q):", f.Name, f.Class)
	for _, field := range f.Sheet.Fields() {
		v := f.Value(field)
		if !v.Set {
			continue
		}
		name := field.Label
		if field.Kind == sheet.FieldInventory {
			name = "item"
		}
		fmt.Fprintf(b, " %s=", name)
		switch {
		case field.Kind == sheet.FieldText:
			fmt.Fprintf(b, "%q", v.Text)
		case field.Kind == sheet.FieldTrackOption || field.Kind == sheet.FieldLuckCell:
			fmt.Fprint(b, "current")
		case v.NotRated:
			fmt.Fprint(b, "NONE")
		case field.Kind == sheet.FieldCount:
			fmt.Fprintf(b, "%d/%d", v.Rating, v.Max)
		case field.Kind == sheet.FieldInventory:
			fmt.Fprintf(b, "%q:%d%%", v.Text, v.Rating)
		default:
			fmt.Fprintf(b, "%d%%", v.Rating)
		}
		if v.Marked && field.Kind != sheet.FieldTrackOption && field.Kind != sheet.FieldLuckCell {
			fmt.Fprintf(b, "+%s", field.MarkerLabel)
		}
	}
	b.WriteString("\n")
}

// TestSheetNames pins the feature names and attack labels the checker takes
// from the bundled book's template.
func TestSheetNames(t *testing.T) {
	doc, _, err := parser.ParseBook("../../manuscript")
	if err != nil {
		t.Skip("no bundled manuscript:", err)
	}
	book, _ := sheet.OfBook(doc)
	if book == nil {
		t.Fatal("the bundled book has no readable sheet template")
	}
	tests := []struct {
		name string
		got  []string
		want []string
	}{
		{"FeatureNames", book.Template.FeatureNames(), []string{
			"Speed", "Skill", "Strength", "Stamina", "Smarts", "Charms", "Ken", "Passions",
			"Initiative", "Threat Rate", "Survival Rate", "Wounds/Max", "Disposition",
			"Hunger", "Luck",
			"Carapace", "Flying", "Swarming", "Venomous", "Web Weaving",
			"Construction", "Hunting", "Eusociology", "Leadership", "Exploration", "Perception",
			"Foraging", "Signalling", "Healing", "Sneaking",
			"Agony", "Immobilised", "Bleeding", "Infected", "Blind", "Paralysed", "Charmed", "Poisoned",
			"Confused", "Stunned",
		}},
		{"Names", book.Names(), []string{"ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "blank"}},
		{"SheetNames", sheet.Names(doc), []string{"ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "blank"}},
	}
	for _, tt := range tests {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("%s:\n got  %q\n want %q", tt.name, tt.got, tt.want)
		}
	}
}

// TestCharacterSheet checks the one-sheet lookup galley sheet uses.
func TestCharacterSheet(t *testing.T) {
	doc, _, err := parser.ParseBook("../../manuscript")
	if err != nil {
		t.Skip("no bundled manuscript:", err)
	}
	tests := []struct {
		name, class string
		found       bool
	}{
		{"wasp", "Wasp", true},
		{"Wasp", "Wasp", true},
		{"BLANK", "", true},
		{"gnat", "", false},
	}
	for _, tt := range tests {
		f, diags := sheet.OfClass(doc, tt.name)
		if len(diags) > 0 {
			t.Errorf("%s: %v", tt.name, diags)
		}
		if (f != nil) != tt.found || f != nil && f.Class != tt.class {
			t.Errorf("%s: got %+v, want found %v class %q", tt.name, f, tt.found, tt.class)
		}
	}
}

// FuzzSheet reads and fills the sheet of arbitrary books, starting from the
// testdata/sheets cases. Whatever the art and the class data, reading must
// not panic, every diagnostic must point inside the input, and the ASCII
// page's fields must lie inside the art.
func FuzzSheet(f *testing.F) {
	files, _ := filepath.Glob("testdata/sheets/*.txtar")
	for _, file := range files {
		a, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(sheetSection(f, a, "input.txt"))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, _ := parser.Parse("input.txt", src)
		book, diags := sheet.OfBook(doc)
		lines := strings.Count(string(src), "\n") + 1
		for _, d := range diags {
			if d.Line < 1 || d.Line > lines || d.Col < 1 {
				t.Errorf("%v lies outside the input", d)
			}
		}
		if book == nil {
			return
		}
		for _, field := range book.Template.Fields() {
			row := []rune(book.Template.Lines[field.Row])
			if field.Col < 0 || field.Col+field.Width > len(row) {
				t.Errorf("%s's slot %d+%d lies outside its row of %d columns", field.Label, field.Col, field.Width, len(row))
			}
		}
		for _, s := range book.All() {
			s.Sheet.FeatureNames()
		}
	})
}
