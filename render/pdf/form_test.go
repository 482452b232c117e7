package pdf

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/pdfpatch"
	"github.com/galleyhq/galley/render/sfnt"
)

// qpdf runs qpdf with args, skipping the test without it.
func qpdf(t *testing.T, args ...string) []byte {
	t.Helper()
	if _, err := exec.LookPath("qpdf"); err != nil {
		t.Skip("qpdf not available (apt install qpdf)")
	}
	out, err := exec.Command("qpdf", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("qpdf %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// qpdfField is a form field as qpdf's JSON describes it.
type qpdfField struct {
	Object   string `json:"object"`
	FullName string `json:"fullname"`
	Type     string `json:"fieldtype"`
	Value    any    `json:"value"`
	Default  any    `json:"defaultvalue"`
	Label    string `json:"alternativename"`
}

// formFields returns the fields of the PDF file as qpdf reads them, by
// name; a radio group's buttons are one field. A text's value is a string
// qpdf writes "u:TEXT", a button's is the name of its state ("/Yes",
// "/Holding", "/Off").
func formFields(t *testing.T, file string) map[string]qpdfField {
	t.Helper()
	var doc struct {
		AcroForm struct {
			HasAcroForm bool        `json:"hasacroform"`
			Fields      []qpdfField `json:"fields"`
		} `json:"acroform"`
	}
	if err := json.Unmarshal(qpdf(t, "--json=2", "--json-key=acroform", file), &doc); err != nil {
		t.Fatal(err)
	}
	if !doc.AcroForm.HasAcroForm {
		t.Fatal("qpdf finds no form")
	}
	fields := map[string]qpdfField{}
	for _, f := range doc.AcroForm.Fields {
		if other, ok := fields[f.FullName]; ok && other.Type != "/Btn" {
			t.Errorf("two fields are named %s", f.FullName)
		}
		fields[f.FullName] = f
	}
	return fields
}

// wantFields returns the fields a sheet's form has, by name, with their
// values as qpdf writes them, read from the sheet model: one for each
// rating, text and marker, two for a count and three for an inventory
// slot, one for each track, and the character's name (and, on the blank
// sheet, the class).
func wantFields(f *sheet.Filled) map[string]string {
	text := func(set bool, n int) string {
		if !set {
			return "u:"
		}
		return "u:" + strconv.Itoa(n)
	}
	button := func(set bool, state string) string {
		if !set {
			return "/Off"
		}
		return "/" + state
	}
	want := map[string]string{"name": "u:"}
	if f.IsBlank() {
		want["class"] = "u:"
	}
	for _, box := range f.Sheet.Boxes() {
		for _, field := range box.Fields {
			v := f.Value(field)
			name := fieldName(box, field)
			if field.MarkerCol >= 0 && field.Kind != sheet.FieldTrackOption {
				suffix := "mark"
				if field.MarkerLabel != "" {
					suffix = ast.Slug(field.MarkerLabel)
				}
				want[name+"-"+suffix] = button(v.Marked, "Yes")
			}
			switch field.Kind {
			case sheet.FieldPercentile:
				want[name] = text(v.Set, v.Rating)
				if v.NotRated {
					want[name] = "u:NONE"
				}
			case sheet.FieldCount:
				want[name+"-count"], want[name+"-max"] = text(v.Set, v.Rating), text(v.Set, v.Max)
			case sheet.FieldText:
				want[name] = "u:" + v.Text
			case sheet.FieldInventory:
				want[name+"-name"], want[name+"-rating"] = "u:"+v.Text, text(v.Set, v.Rating)
			}
		}
		if t := box.Track; t != nil {
			want[ast.Slug(t.Name)] = "/Off"
			for _, o := range t.Options {
				if f.Value(o).Marked {
					want[ast.Slug(t.Name)] = "/" + o.Label
				}
			}
		}
	}
	return want
}

// writeTemp writes data to a file in the test's directory.
func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestSheetForm checks the form of every sheet with qpdf: the file passes
// qpdf --check, and every field of the template is a field of the form with
// the class's starting value, also its default, and a label; and, for the
// Wasp, the values the bundled book gives.
func TestSheetForm(t *testing.T) {
	t.Parallel()
	book := bundledSheets(t)
	for _, f := range book.All() {
		t.Run(f.Name, func(t *testing.T) {
			got := checkedForm(t, f.Name+".pdf", bundledSheet(t, f.Name, "a4"))
			want := wantFields(f)
			for name, value := range want {
				g, ok := got[name]
				switch {
				case !ok:
					t.Errorf("no field %s", name)
				case g.Value != value || g.Default != value:
					t.Errorf("%s is %v (default %v), want %q", name, g.Value, g.Default, value)
				case g.Label == "":
					t.Errorf("%s has no label", name)
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("a field %s the template does not have", name)
				}
			}
		})
	}
	file := writeTemp(t, "wasp.pdf", bundledSheet(t, "wasp", "letter"))
	got := formFields(t, file)
	for name, value := range map[string]string{
		"name": "u:", "speed": "u:75", "speed-xp": "/Off", "signalling": "u:68",
		"wounds-max-count": "u:0", "wounds-max-max": "u:4", "disposition": "/Holding", "luck": "/11%",
		"base-attack-name": "u:Sting", "special-attack-name": "u:Dive-Bomb Sting",
		"inventory-1-name": "u:Nectar drop", "inventory-1-rating": "u:30", "inventory-1-edible": "/Yes",
		"inventory-2-edible": "/Off", "inventory-3-name": "u:",
	} {
		if got[name].Value != value {
			t.Errorf("wasp: %s is %v, want %q", name, got[name].Value, value)
		}
	}
}

// TestSheetFormFill fills the Wasp's form as a reader does and reads it
// back: qpdf sets the character's name, a rating and a tick box, draws the
// fields' appearances from their /DA in the form's font, and saves; qpdf
// reads the new values back, and poppler reads the name from the page once
// qpdf has flattened the fields into it.
func TestSheetFormFill(t *testing.T) {
	t.Parallel()
	file := writeTemp(t, "wasp.pdf", bundledSheet(t, "wasp", "a4"))
	fields := formFields(t, file)
	var doc struct {
		Objects []map[string]json.RawMessage `json:"qpdf"`
	}
	if err := json.Unmarshal(qpdf(t, "--json=2", "--json-key=qpdf", file), &doc); err != nil {
		t.Fatal(err)
	}
	objects := doc.Objects[1]
	update := map[string]any{}
	edit := func(ref string, change func(dict map[string]any)) {
		var obj struct {
			Value map[string]any `json:"value"`
		}
		if err := json.Unmarshal(objects["obj:"+ref], &obj); err != nil {
			t.Fatal(ref, err)
		}
		change(obj.Value)
		update["obj:"+ref] = obj
	}
	filled := map[string]string{"name": "u:Zzizz the Bold", "speed": "u:80", "speed-xp": "/Yes"}
	for name, value := range filled {
		edit(fields[name].Object, func(dict map[string]any) {
			dict["/V"] = value
			if fields[name].Type == "/Btn" {
				dict["/AS"] = value
			}
		})
	}
	// Readers draw what a player typed themselves; qpdf draws the fields
	// of a form that asks for it.
	var trailer struct {
		Value map[string]any `json:"value"`
	}
	if err := json.Unmarshal(objects["trailer"], &trailer); err != nil {
		t.Fatal(err)
	}
	var catalog struct {
		Value map[string]any `json:"value"`
	}
	if err := json.Unmarshal(objects["obj:"+trailer.Value["/Root"].(string)], &catalog); err != nil {
		t.Fatal(err)
	}
	edit(catalog.Value["/AcroForm"].(string), func(dict map[string]any) { dict["/NeedAppearances"] = true })
	patch, err := json.Marshal(map[string]any{"qpdf": []any{doc.Objects[0], update}})
	if err != nil {
		t.Fatal(err)
	}
	patchFile := writeTemp(t, "patch.json", patch)
	saved := filepath.Join(t.TempDir(), "filled.pdf")
	qpdf(t, file, "--update-from-json="+patchFile, "--generate-appearances", saved)
	qpdf(t, "--check", saved)
	back := formFields(t, saved)
	for name, value := range filled {
		if back[name].Value != value {
			t.Errorf("%s reads back %v, want %q", name, back[name].Value, value)
		}
	}
	if back["signalling"].Value != "u:68" {
		t.Errorf("signalling reads back %v, want the Wasp's u:68", back["signalling"].Value)
	}
	flattened := filepath.Join(t.TempDir(), "flat.pdf")
	qpdf(t, saved, "--flatten-annotations=all", flattened)
	data, err := os.ReadFile(flattened)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdftotext(t, data, "-layout"); !strings.Contains(text, "Zzizz the Bold") {
		t.Errorf("the filled name is not on the page:\n%s", text)
	}
}

// TestFormFont checks the form's font: a TrueType font whose checksums
// add up, every rune of WinAnsiEncoding drawn, and the glyphs of the rest
// emptied.
func TestFormFont(t *testing.T) {
	font := formFont()
	program, err := inflate(font.program)
	if err != nil {
		t.Fatal(err)
	}
	if len(program) != font.length {
		t.Errorf("the program is %d bytes, /Length1 says %d", len(program), font.length)
	}
	if sum := sfnt.Checksum(program); sum != 0xB1B0AFBA {
		t.Errorf("the font's checksum is %#x, want 0xB1B0AFBA", sum)
	}
	drawn := func(r rune) bool {
		outline, err := sfnt.Outline(program, r)
		if err != nil {
			t.Fatal(err)
		}
		return len(outline) > 0
	}
	for _, r := range winAnsiRunes() {
		if r != ' ' && r != 0xA0 && !drawn(r) {
			t.Errorf("%q (U+%04X) has no outline", r, r)
		}
	}
	for _, r := range "→★Ω" {
		if drawn(r) {
			t.Errorf("%q is kept, outside WinAnsiEncoding", r)
		}
	}
	if font.advance != 602 {
		t.Errorf("advance %d, want DejaVu Sans Mono's 1233/2048 em, 602", font.advance)
	}
}

// inflate returns zlib-compressed data as it was.
func inflate(data []byte) ([]byte, error) {
	r, err := zlib.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// TestFormStrings checks the strings the form's appearances show, in
// WinAnsiEncoding.
func TestFormStrings(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{pdfpatch.String(encodeWinAnsi("café – ok")), `(caf\351 \226 ok)`},
		{pdfpatch.String(encodeWinAnsi("→")), "(?)"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}

// TestFormOnFlatPDF checks that a form is only added where it can be: to
// a one-page PDF without a form, whose page has an annotation reserved
// for each widget.
func TestFormOnFlatPDF(t *testing.T) {
	f := testbook.Sheets(t).Sheet("blank")
	data := flat(t, f, "a4")
	if _, err := writeForm(data, &sheetForm{}, nil, 72/25.4, 297); err != nil {
		t.Errorf("an empty form: %v", err)
	}
	form, err := writeForm(data, &sheetForm{}, nil, 72/25.4, 297)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := writeForm(form, &sheetForm{}, nil, 72/25.4, 297); err == nil || !strings.Contains(err.Error(), "form already") {
		t.Errorf("a second form: error %v", err)
	}
	if _, err := writeForm(bytes.TrimSuffix(data, []byte("%%EOF\n")), &sheetForm{}, nil, 72/25.4, 297); err == nil {
		t.Error("a PDF without its end: no error")
	}
	one := &sheetForm{fields: []*formField{{typ: checkBox, name: "x", widgets: []widget{{state: "Yes", on: func(painter) {}}}}}}
	if _, err := writeForm(data, one, nil, 72/25.4, 297); err == nil || !strings.Contains(err.Error(), "reserved") {
		t.Errorf("a widget without an annotation reserved for it: error %v", err)
	}
}
