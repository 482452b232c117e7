package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestTitleFromName reads untitled books from disk: a name made of words
// titles the book, any other name leaves it untitled, and galley.toml's
// title wins over the name.
func TestTitleFromName(t *testing.T) {
	for _, c := range []struct {
		name  string // the manuscript: a directory, or a file where it has an extension
		toml  string // galley.toml, for a directory; "" for none
		title string
	}{
		{"rules.md", "", "Rules"},
		{"the_hollow-mill", "", "The hollow mill"},
		{"Field guide.txt", "", "Field guide"},
		{"über-die_Brücke.md", "", "Über die Brücke"},
		{"000_9527e596835b1710.txt", "", ""},
		{"notes-2", "", ""},
		{"draft.v2.md", "", ""},
		{"the_hollow-mill", `title = "The Mill"`, "The Mill"},
	} {
		root := t.TempDir()
		path := filepath.Join(root, c.name)
		file := path
		if filepath.Ext(c.name) == "" {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
			if c.toml != "" {
				if err := os.WriteFile(filepath.Join(path, ast.ConfigFile), []byte(c.toml+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			file = filepath.Join(path, "a.txt")
		}
		if err := os.WriteFile(file, []byte("Text.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		doc, _, err := ParseBook(path)
		if err != nil {
			t.Fatal(err)
		}
		if doc.Config.Title != c.title {
			t.Errorf("%s (%s): title %q, want %q", c.name, c.toml, doc.Config.Title, c.title)
		}
	}
}

// TestParseKeepsUntitled: a manuscript held in memory has no name of its
// own to title it by.
func TestParseKeepsUntitled(t *testing.T) {
	if doc, _ := Parse("rules.txt", []byte("Text.\n")); doc.Config.Title != "" {
		t.Errorf("Parse titled the book %q", doc.Config.Title)
	}
}
