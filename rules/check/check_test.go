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
// empty) and one whose tables are wrong at known cells. Want lists the
// parser's diagnostics too, in source order with the checker's, so that a
// case can show what the checker adds to the parser's word on a malformed
// table, and a case that does not parse as meant says so. The book is
// filled (Fill) before it is checked, as galley check fills it; a case with
// a "filled" section lists the generated tables' rows after the fill, cells
// joined by " & ".
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
			if doc.Config.System == "" {
				// A case without galley.toml is an fd100 book, as the
				// checks' first cases were written; TestInferSystem
				// holds what a real book without one is read in.
				doc.Config.System = "fd100"
			}
			Fill(doc)
			result := checkBook(doc)
			diags := append(parseDiags, result.Diagnostics...)
			diags.Sort(doc.Files)
			var got []string
			for _, d := range diags {
				line := strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + " " + d.Code
				if d.Expected != "" {
					line += " expected=" + d.Expected
				}
				got = append(got, line)
			}
			if want := lines(sections["want"]); strings.Join(got, "\n") != strings.Join(want, "\n") {
				var msgs []string
				for _, d := range diags {
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
			if want, ok := sections["filled"]; ok {
				if got := generatedRows(doc); strings.Join(got, "\n") != strings.Join(lines(want), "\n") {
					t.Errorf("filled:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(lines(want), "\n  "))
				}
			}
		})
	}
}

// TestEveryCheckMeetsShortRows makes sure each check has a case of rows
// that stop short of the header, testdata/CHECK-short.txtar: a check that
// reached past a row's end would stop galley check, build and serve.
func TestEveryCheckMeetsShortRows(t *testing.T) {
	for _, tc := range tableChecks {
		if _, err := os.Stat(filepath.Join("testdata", tc.name+"-short.txtar")); err != nil {
			t.Errorf("the %s check has no case of short rows: %v", tc.name, err)
		}
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
