package index_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/galleyhq/galley/internal/golden"
	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/index"
)

var update = flag.Bool("update", false, "rewrite the index sections of testdata/*.txtar")

// TestCases builds the index of each testdata/*.txtar case's manuscript
// (input.txt in the markup, input.md in Markdown, outline.txt as a
// numbered outline; a "config" section sets galley.toml's index and
// index_exclude, one "key = value" a line) and compares it, and the
// diagnostics, with its "index" section. With -update it rewrites them.
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
			doc := parseCase(t, archive)
			got := dump(doc)
			if *update {
				golden.SetSection(archive, "index", got)
				if err := os.WriteFile(file, txtar.Format(archive), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := section(archive, "index"); !bytes.Equal(got, want) {
				t.Errorf("the index differs from the case's (go test ./parser/index -update to accept):\n%s", golden.FirstDifference(string(got), string(want)))
			}
		})
	}
}

func section(a *txtar.Archive, name string) []byte {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

// parseCase reads a case's manuscript and configuration.
func parseCase(t *testing.T, a *txtar.Archive) *ast.Document {
	t.Helper()
	var doc *ast.Document
	var diags ast.DiagnosticList
	switch {
	case section(a, "input.txt") != nil:
		doc, diags = parser.Parse("input.txt", section(a, "input.txt"))
	case section(a, "input.md") != nil:
		doc, diags = parser.ParseMarkdown("input.md", section(a, "input.md"))
	case section(a, "outline.txt") != nil:
		doc, diags = parser.ParseOutline("outline.txt", section(a, "outline.txt"))
	default:
		t.Fatal("the case has no manuscript")
	}
	for _, d := range diags {
		t.Errorf("the reader reports %v", d)
	}
	for _, line := range strings.Split(string(section(a, "config")), "\n") {
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		value = strings.Trim(strings.TrimSpace(value), `"`)
		switch strings.TrimSpace(key) {
		case "index":
			doc.Config.Index = value
		case "system":
			doc.Config.System = value
		case "index_exclude":
			doc.Config.IndexExclude = append(doc.Config.IndexExclude, value)
		}
	}
	return doc
}

// dump writes a book's index and its diagnostics as a case holds them:
// an entry a line, its sub-entries indented, each place as the line of
// its block, a star before one that defines the term.
func dump(doc *ast.Document) []byte {
	idx, diags := index.Build(doc, testbook.SheetsOf(doc))
	var b bytes.Buffer
	for _, d := range diags {
		fmt.Fprintf(&b, "%d:%d: %s [%s]\n", d.Line, d.Col, d.Message, d.Code)
	}
	if idx == nil {
		b.WriteString("no index\n")
		return b.Bytes()
	}
	var entries func(es []*ast.IndexEntry, indent string)
	entries = func(es []*ast.IndexEntry, indent string) {
		for _, e := range es {
			b.WriteString(indent + e.Term)
			for _, l := range e.Locators {
				mark := ""
				if l.Defines {
					mark = "*"
				}
				fmt.Fprintf(&b, ", %s%d", mark, l.Block.Position().Line)
			}
			if e.See != "" {
				b.WriteString("; see " + e.See)
			}
			if len(e.SeeAlso) > 0 {
				b.WriteString("; see also " + strings.Join(e.SeeAlso, ", "))
			}
			b.WriteString("\n")
			entries(e.Sub, indent+"  ")
		}
	}
	entries(idx.Entries, "")
	return b.Bytes()
}

// TestBundledBook holds the bundled book's index to what a reader looks
// up: the game's terms, grouped, defined where the book defines them, with
// short page lists.
func TestBundledBook(t *testing.T) {
	doc := testbook.Book(t)
	idx, _ := index.Build(doc, testbook.SheetsOf(doc))
	if idx == nil {
		t.Fatal("no index")
	}
	byTerm := map[string]*ast.IndexEntry{}
	for _, e := range idx.Entries {
		byTerm[e.Term] = e
		if len(e.Locators) > 12 {
			t.Errorf("%q lists %d places; an entry lists a dozen at most", e.Term, len(e.Locators))
		}
	}
	for group, members := range map[string][]string{
		"Effects":            {"Bleeding", "Poisoned", "Stunned"},
		"Classes":            {"Ants", "Wasp"},
		"Degrees of Success": {"Critical Success", "Partial Failure"},
		"Disposition Track":  {"Holding", "Charging"},
	} {
		e := byTerm[group]
		if e == nil {
			t.Errorf("no entry %q", group)
			continue
		}
		for _, m := range members {
			found := false
			for _, s := range e.Sub {
				found = found || s.Term == m
			}
			if !found {
				t.Errorf("%q is not under %q", m, group)
			}
		}
	}
	if e := byTerm["DoS"]; e == nil || byTerm[e.See] == nil || !strings.HasPrefix(e.See, "Degree") {
		t.Errorf("DoS is %+v; want a see entry to the Degrees of Success", e)
	}
	defined := func(term string) bool {
		e := byTerm[term]
		for _, l := range e.Locators {
			if l.Defines {
				return true
			}
		}
		return false
	}
	for _, term := range []string{"Qualification", "Boolean Roll", "Carapace", "Initiative Order"} {
		if byTerm[term] == nil || !defined(term) {
			t.Errorf("%q is not indexed where it is defined", term)
		}
	}
	for _, common := range []string{"Description", "Example", "The"} {
		if byTerm[common] != nil {
			t.Errorf("the common word %q is indexed", common)
		}
	}
}

// TestSeeds checks that the designers' seeds 000 and 001, which carry no
// \index mark, get an index from inference alone: their game's terms,
// each with a place, a few of them defined.
func TestSeeds(t *testing.T) {
	for _, tt := range []struct {
		seed  string
		terms []string
	}{
		{"000_9527e596835b1710.txt", []string{"Initiative", "Qualification", "Effects"}},
		{"001_6574d5041f0e2889.txt", []string{"Initiative", "Effects", "Food Items"}},
	} {
		path := filepath.Join("..", "..", "..", "shared", "seeds", tt.seed)
		if _, err := os.Stat(path); err != nil {
			t.Skip("the seeds are not in ../shared/seeds:", err)
		}
		doc, _, err := parser.ParseBook(path)
		if err != nil {
			t.Fatal(err)
		}
		idx, _ := index.Build(doc, testbook.SheetsOf(doc))
		if idx == nil {
			t.Errorf("%s has no index", tt.seed)
			continue
		}
		byTerm := map[string]*ast.IndexEntry{}
		defined := 0
		for _, e := range idx.Entries {
			byTerm[e.Term] = e
			for _, l := range e.Locators {
				if l.Defines {
					defined++
					break
				}
			}
		}
		if len(idx.Entries) < 50 || defined < 20 {
			t.Errorf("%s: %d entries, %d of them defined; want a book's index", tt.seed, len(idx.Entries), defined)
		}
		for _, term := range tt.terms {
			if e := byTerm[term]; e == nil || len(e.Locators) == 0 {
				t.Errorf("%s: no places for %q", tt.seed, term)
			}
		}
	}
}

// TestBundledBookDeterministic builds the bundled book's index several
// times: the builder keeps its entries in maps, and which see-alsos an
// entry keeps once it has its most must not depend on their order.
func TestBundledBookDeterministic(t *testing.T) {
	doc := testbook.Book(t)
	first := dump(doc)
	for range 8 {
		if again := dump(doc); !bytes.Equal(again, first) {
			t.Fatalf("the index differs from one build to the next:\n%s\n---\n%s", first, again)
		}
	}
}
