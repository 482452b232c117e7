package check

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/galleyhq/galley/parser"
)

// TestCases runs testdata/*.txtar. Each case is a small book (book.txt, and
// galley.toml to choose its system) with two sections of what the checker
// must find: "want", one diagnostic a line as "LINE:COL code" or "LINE:COL
// code expected=VALUE", and "tables", the check bound to each table in order
// ("-" for none). Every check has a case whose tables are right (want is
// empty) and one whose tables are wrong at known cells.
func TestCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			archive, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			sections := map[string]string{}
			for _, f := range archive.Files {
				sections[f.Name] = string(f.Data)
				if f.Name == "book.txt" || f.Name == "galley.toml" {
					if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			doc, parseDiags, err := parser.ParseBook(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(parseDiags) > 0 {
				t.Fatalf("the case's book does not parse cleanly: %v", parseDiags)
			}
			result := Book(doc)
			var got []string
			for _, d := range result.Diagnostics {
				line := strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + " " + d.Code
				if d.Expected != "" {
					line += " expected=" + d.Expected
				}
				got = append(got, line)
			}
			if want := lines(sections["want"]); strings.Join(got, "\n") != strings.Join(want, "\n") {
				var msgs []string
				for _, d := range result.Diagnostics {
					msgs = append(msgs, d.Error())
				}
				t.Errorf("diagnostics:\ngot:\n  %s\nwant:\n  %s\nmessages:\n  %s",
					strings.Join(got, "\n  "), strings.Join(want, "\n  "), strings.Join(msgs, "\n  "))
			}
			var bound []string
			for _, tr := range result.Tables {
				name := tr.Check
				if name == "" {
					name = "-"
				}
				bound = append(bound, name)
			}
			if want := lines(sections["tables"]); strings.Join(bound, " ") != strings.Join(want, " ") {
				t.Errorf("bound checks: got %v, want %v", bound, want)
			}
		})
	}
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}
