package parser

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/golden"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/internal/readertest"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// treeJSON reads the input of a golden case, named name, with parse.
func treeJSON(t *testing.T, parse func(string, []byte) (*ast.Document, ast.DiagnosticList), name string, input []byte) []byte {
	t.Helper()
	doc, diags := parse(name, input)
	if diags == nil {
		diags = ast.DiagnosticList{}
	}
	data, err := json.MarshalIndent(readertest.Tree{Blocks: doc.Blocks, Claims: doc.Claims, Diagnostics: diags}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return append(data, '\n')
}

// TestGolden parses the input.txt of each testdata/golden/*.txtar case and
// compares the tree and diagnostics with its tree.json. With -update it
// rewrites tree.json instead, as go/printer's golden tests do.
func TestGolden(t *testing.T) { testGolden(t, Parse, "testdata/golden/*.txtar", "input.txt") }

// TestOutlineGolden is TestGolden for the numbered outline's reader, whose
// cases, one a construct of OUTLINE.md, are testdata/outline/*.txtar.
func TestOutlineGolden(t *testing.T) {
	testGolden(t, ParseOutline, "testdata/outline/*.txtar", "input.txt")
}

// testGolden runs the golden cases matching pattern, whose input is the
// section inputName, read with parse.
func testGolden(t *testing.T, parse func(string, []byte) (*ast.Document, ast.DiagnosticList), pattern, inputName string) {
	files, _ := filepath.Glob(pattern)
	if len(files) == 0 {
		t.Fatal("no golden cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			archive, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := treeJSON(t, parse, inputName, section(t, archive, inputName))
			if *update {
				golden.SetSection(archive, "tree.json", got)
				if err := os.WriteFile(file, txtar.Format(archive), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := section(t, archive, "tree.json"); !bytes.Equal(got, want) {
				t.Errorf("tree differs from tree.json (run go test ./parser -update to accept):\n%s", golden.FirstDifference(string(got), string(want)))
			}
		})
	}
}

// TestErrors checks that each testdata/errors/*.txtar case reports exactly
// one error, at the place and with the code its "want" section names, and
// that parsing went on: the heading "After the error", written after the
// mistake, is in the tree.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/errors/*.txtar")
	if len(files) == 0 {
		t.Fatal("no error cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			archive, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			doc, diags := Parse("input.txt", section(t, archive, "input.txt"))
			want := strings.TrimSpace(string(section(t, archive, "want")))
			if len(diags) != 1 {
				t.Fatalf("got %d diagnostics, want exactly one (%s):\n%v", len(diags), want, diags)
			}
			d := diags[0]
			got := strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + " " + d.Code
			if d.Severity != ast.SeverityError || got != want {
				t.Errorf("got %s %s (%s), want error %s", d.Severity, got, d.Message, want)
			}
			found := false
			for _, h := range doc.Headings() {
				found = found || h.Title == "After the error"
			}
			if !found {
				t.Errorf(`the heading "After the error" is missing: parsing did not go on after the error`)
			}
		})
	}
}

func section(t *testing.T, a *txtar.Archive, name string) []byte {
	t.Helper()
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data
		}
	}
	if name == "tree.json" && *update {
		return nil
	}
	t.Fatalf("archive has no %s section", name)
	return nil
}
