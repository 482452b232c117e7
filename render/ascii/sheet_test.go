package ascii

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/galleyhq/galley/internal/testbook"
)

var update = flag.Bool("update", false, "rewrite the golden sheets in testdata/sheets")

// TestSheetGolden compares the ASCII sheet of every class of the bundled
// book, and the blank sheet, with testdata/sheets/NAME.txt. With -update it
// rewrites them.
func TestSheetGolden(t *testing.T) {
	for _, f := range testbook.Sheets(t).All() {
		t.Run(f.Name, func(t *testing.T) {
			got := strings.Join(f.Lines(), "\n") + "\n"
			golden := filepath.Join("testdata", "sheets", f.Name+".txt")
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
				t.Errorf("%s differs from %s (run go test ./render/ascii -update to accept):\n%s", f.Name, golden, got)
			}
		})
	}
}

// TestSheetPage checks the page's shape for every sheet: 50 lines, lines 2 to
// 48 exactly 94 columns, the class named in the header, and, on a class's
// sheet, a value in every attribute, combat stat and common ability.
func TestSheetPage(t *testing.T) {
	for _, f := range testbook.Sheets(t).All() {
		t.Run(f.Name, func(t *testing.T) {
			lines := f.Lines()
			if len(lines) != 50 {
				t.Fatalf("%d lines, want 50", len(lines))
			}
			for i, l := range lines[1:48] {
				if n := utf8.RuneCountInString(l); n != 94 {
					t.Errorf("line %d is %d columns, want 94: %s", i+2, n, l)
				}
			}
			name := f.Class
			if f.IsBlank() {
				name = "CLASS"
			}
			if !strings.Contains(lines[1], " "+name+" ") {
				t.Errorf("the header does not name %s: %s", name, lines[1])
			}
			if f.IsBlank() {
				return
			}
			for _, a := range f.Sheet.Areas {
				for _, b := range a.Boxes {
					if a.Title != "Attributes" && a.Title != "Combat Stats" && b.Title != "Common Abilities" {
						continue
					}
					for _, field := range b.Fields {
						slot := string([]rune(lines[field.Row])[field.Col : field.Col+field.Width])
						if field.IsRated() && strings.Trim(slot, "_%/") == "" {
							t.Errorf("%s has no value: %s", field.Label, lines[field.Row])
						}
					}
				}
			}
		})
	}
}

// TestSheetValues checks values written into the Wasp's sheet.
func TestSheetValues(t *testing.T) {
	wasp := testbook.Sheets(t).Sheet("wasp")
	if wasp == nil {
		t.Fatal("the bundled book has no wasp")
	}
	page := strings.Join(wasp.Lines(), "\n")
	for _, want := range []string{
		".......................................... Wasp ...........................................",
		"□ Speed.....:[__75%]",
		"Signalling........:[__68%]",
		"□ Wounds/Max...:[_0/_4]",
		"● Holding......",
		"│ Name:...............................Sting ││",
		"││ Name:.....................Dive-Bomb Sting │",
		"│ ○ Hunger........[___0%] │",
		"└──^──────",
		"● Nectar drop___________________:[__30%]",
		"○ Wad of wood pulp______________:[__20%]",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the Wasp's sheet lacks %q", want)
		}
	}
}
