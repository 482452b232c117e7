package html

import (
	"bytes"
	"flag"
	stdhtml "html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

var update = flag.Bool("update", false, "rewrite the golden pages in testdata/sheets")

func page(t *testing.T, f *sheet.Filled) string {
	t.Helper()
	var b bytes.Buffer
	if err := SheetPage(&b, f, SheetOptions{PDF: f.Name + ".pdf", ASCII: f.Name + ".txt"}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSheetGolden compares the Wasp's page and the blank page with
// testdata/sheets/NAME.html. With -update it rewrites them.
func TestSheetGolden(t *testing.T) {
	book := testbook.Sheets(t)
	for _, name := range []string{"wasp", "blank"} {
		t.Run(name, func(t *testing.T) {
			got := page(t, book.Sheet(name))
			golden := filepath.Join("testdata", "sheets", name+".html")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s (run go test ./render/html -update to accept)", name, golden)
			}
		})
	}
}

var (
	inputTag = regexp.MustCompile(`<input [^>]*>`)
	attr     = regexp.MustCompile(`([a-z-]+)(?:="([^"]*)")?`)
	labelFor = regexp.MustCompile(`<label [^>]*for="([^"]+)"`)
	anyID    = regexp.MustCompile(` id="([^"]+)"`)
)

// inputs returns the page's inputs' attributes, by name; a radio group has
// one entry per button.
func inputs(page string) map[string][]map[string]string {
	all := map[string][]map[string]string{}
	for _, tag := range inputTag.FindAllString(page, -1) {
		attrs := map[string]string{}
		for _, m := range attr.FindAllStringSubmatch(strings.TrimPrefix(tag, "<input "), -1) {
			attrs[m[1]] = stdhtml.UnescapeString(m[2])
		}
		all[attrs["name"]] = append(all[attrs["name"]], attrs)
	}
	return all
}

// TestSheetInputs checks every sheet's page: an input for every field of the
// model carrying the class's value, a label for every input, unique ids,
// and nothing the Content Security Policy would block or that would reach
// outside the page's directory.
func TestSheetInputs(t *testing.T) {
	for _, f := range testbook.Sheets(t).All() {
		t.Run(f.Name, func(t *testing.T) {
			out := page(t, f)
			in := inputs(out)
			for _, box := range f.Sheet.Boxes() {
				for _, field := range box.Fields {
					checkField(t, in, f, box, field)
				}
			}
			labelled := map[string]bool{}
			for _, m := range labelFor.FindAllStringSubmatch(out, -1) {
				labelled[m[1]] = true
			}
			ids := map[string]bool{}
			for _, m := range anyID.FindAllStringSubmatch(out, -1) {
				if ids[m[1]] {
					t.Errorf("the id %s is used twice", m[1])
				}
				ids[m[1]] = true
			}
			for name, group := range in {
				for _, attrs := range group {
					if !labelled[attrs["id"]] {
						t.Errorf("the input %s (%s) has no label", attrs["id"], name)
					}
				}
			}
			for _, bad := range []string{"http://", "https://", " style=", "<style", "<script>", "javascript:"} {
				if strings.Contains(out, bad) {
					t.Errorf("the page contains %q", bad)
				}
			}
			if !strings.Contains(out, `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`) {
				t.Error("the page has no Content Security Policy")
			}
		})
	}
}

// checkField checks the input of one field against its value.
func checkField(t *testing.T, in map[string][]map[string]string, f *sheet.Filled, box *sheet.Box, field *sheet.Field) {
	t.Helper()
	v := f.Value(field)
	want := func(name, attr, value string) {
		t.Helper()
		group := in[name]
		if len(group) != 1 {
			t.Errorf("%d inputs named %s, want 1", len(group), name)
			return
		}
		if got, ok := group[0][attr]; !ok || got != value {
			t.Errorf("%s: %s is %q, want %q", name, attr, got, value)
		}
	}
	number := func(n int) string {
		if !v.Set {
			return ""
		}
		return strconv.Itoa(n)
	}
	name := ast.Slug(field.Label)
	switch field.Kind {
	case sheet.FieldPercentile:
		if v.NotRated {
			want(name, "value", "NONE")
			want(name, "readonly", "")
		} else {
			want(name, "value", number(v.Rating))
			want(name, "max", "100")
		}
	case sheet.FieldCount:
		want(name+"-count", "value", number(v.Rating))
		want(name+"-max", "value", number(v.Max))
	case sheet.FieldText:
		name = ast.Slug(box.Title) + "-" + name
		want(name, "value", v.Text)
	case sheet.FieldTrackOption, sheet.FieldLuckCell:
		for _, radio := range in[ast.Slug(box.Track.Name)] {
			if radio["value"] != field.Label {
				continue
			}
			if _, checked := radio["checked"]; checked != v.Marked {
				t.Errorf("%s %s: checked %v, want %v", box.Track.Name, field.Label, checked, v.Marked)
			}
			return
		}
		t.Errorf("no radio button %s in %s", field.Label, box.Track.Name)
	}
	if field.Marker != sheet.MarkerNone && field.Kind != sheet.FieldTrackOption && field.Kind != sheet.FieldInventory {
		marker := in[name+"-"+ast.Slug(field.MarkerLabel)]
		if len(marker) != 1 || marker[0]["type"] != "checkbox" {
			t.Errorf("%s has no checkbox for %s", field.Label, field.MarkerLabel)
		} else if _, checked := marker[0]["checked"]; checked != v.Marked {
			t.Errorf("%s %s: checked %v, want %v", field.Label, field.MarkerLabel, checked, v.Marked)
		}
	}
}

// TestSheetInventory checks the Wasp's items.
func TestSheetInventory(t *testing.T) {
	in := inputs(page(t, testbook.Sheets(t).Sheet("wasp")))
	for _, tt := range []struct{ name, attr, want string }{
		{"inventory-1-name", "value", "Nectar drop"},
		{"inventory-1-rating", "value", "30"},
		{"inventory-1-edible", "checked", ""},
		{"inventory-2-name", "value", "Wad of wood pulp"},
		{"inventory-3-name", "value", ""},
		{"base-attack-name", "readonly", ""},
	} {
		group := in[tt.name]
		if len(group) != 1 {
			t.Errorf("%d inputs named %s, want 1", len(group), tt.name)
			continue
		}
		if got, ok := group[0][tt.attr]; !ok || got != tt.want {
			t.Errorf("%s: %s is %q (present: %v), want %q", tt.name, tt.attr, got, ok, tt.want)
		}
	}
}

// TestSheetForm checks that the form alone is the page's form, for pages
// that show a sheet among other content.
func TestSheetForm(t *testing.T) {
	f := testbook.Sheets(t).Sheet("wasp")
	var b bytes.Buffer
	if err := SheetForm(&b, f, SheetOptions{}); err != nil {
		t.Fatal(err)
	}
	form := b.String()
	if !strings.HasPrefix(form, `<form class="sheet" id="sheet-wasp"`) || !strings.HasSuffix(strings.TrimSpace(form), "</form>") {
		t.Errorf("SheetForm does not write one form:\n%.200s", form)
	}
	if !strings.Contains(page(t, f), form) {
		t.Error("the page's form differs from SheetForm's")
	}
}

// TestSlug pins the names inputs get from labels.

// TestWriteSheetAssets checks that the assets are written.
func TestWriteSheetAssets(t *testing.T) {
	dir := t.TempDir()
	if err := WriteSheetAssets(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range SheetAssets {
		if info, err := os.Stat(filepath.Join(dir, name)); err != nil || info.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}
