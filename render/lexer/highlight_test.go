package lexer

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/galleyhq/galley/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestHighlight highlights the code of each testdata/highlight/*.txtar
// case, in the language its comment names, and compares the spans, written
// {class|text}, with its spans section. With -update it rewrites them.
func TestHighlight(t *testing.T) {
	files, _ := filepath.Glob("testdata/highlight/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			archive, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			language := strings.TrimSpace(string(archive.Comment))
			var code, want string
			for _, f := range archive.Files {
				switch f.Name {
				case "code":
					code = strings.TrimSuffix(string(f.Data), "\n")
				case "spans":
					want = string(f.Data)
				}
			}
			spans, ok := Highlight(language, code)
			var got strings.Builder
			if !ok {
				got.WriteString("(plain)\n")
			}
			var text strings.Builder
			for _, s := range spans {
				text.WriteString(s.Text)
				if s.Class == "" {
					got.WriteString(s.Text)
				} else {
					got.WriteString("{" + s.Class + "|" + s.Text + "}")
				}
			}
			got.WriteString("\n")
			if ok && text.String() != code {
				t.Errorf("the spans say %q, not the code %q", text.String(), code)
			}
			if *update {
				golden.SetSection(archive, "spans", []byte(got.String()))
				if err := os.WriteFile(file, txtar.Format(archive), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got.String() != want {
				t.Errorf("spans differ from the golden (run go test ./render/lexer -update to accept):\n%s", golden.FirstDifference(got.String(), want))
			}
		})
	}
}

// TestHighlightDeterministic holds that the same code highlights the same
// way every time, as byte-identical builds need.
func TestHighlightDeterministic(t *testing.T) {
	code := "local t = {1, 2}\nfor i, v in ipairs(t) do print(i, v) end -- each\n"
	first, _ := Highlight("lua", code)
	for range 20 {
		again, _ := Highlight("lua", code)
		if len(again) != len(first) {
			t.Fatalf("highlighted as %v, then as %v", first, again)
		}
		for i := range again {
			if again[i] != first[i] {
				t.Fatalf("highlighted as %v, then as %v", first, again)
			}
		}
	}
}

// TestLanguagesLoad holds that every language galley carries a lexer for
// is read, by its file's name, and highlights a line of code.
func TestLanguagesLoad(t *testing.T) {
	files, err := languageFiles.ReadDir("languages")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Name(), ".xml")
		if !ok {
			continue
		}
		n++
		if spans, ok := Highlight(name, "x = 1 # 2\n"); !ok || len(spans) == 0 {
			t.Errorf("%s: no lexer, or no spans", name)
		}
	}
	if n != 19 {
		t.Errorf("%d languages, want the 19 the README lists", n)
	}
}
