package parser

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestConfigEmptyTexts refuses, each at its place, a value of galley.toml
// that the books print but that says nothing: an EPUB with an empty title,
// author or identifier is invalid. Values lose the spaces around them and
// their control characters, with a warning; what is left out of the book is
// left out of the config.
func TestConfigEmptyTexts(t *testing.T) {
	dir := t.TempDir()
	config := "title = \"  \"\nsubtitle = \"\"\nauthors = [\" \", \" Ann \", \"\\t\"]\nidentifier = \" \"\n" +
		"version = \" \"\ncredits = [\"Art:\\u001b[31m Cy\", \"\\u0007\"]\ndate = \" May\\n2026 \"\n"
	for name, text := range map[string]string{ast.ConfigFile: config, "a.txt": "Text.\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc, diags, err := ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range diags {
		got = append(got, strconv.Itoa(d.Line)+":"+strconv.Itoa(d.Col)+" "+d.Code)
	}
	want := []string{
		"1:9 config/empty", "2:12 config/empty", "3:12 config/empty", "3:26 config/empty", "4:14 config/empty",
		"5:11 config/empty", "6:12 text/control", "6:33 text/control", "6:33 config/empty",
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics\n got %v\nwant %v\n%v", got, want, diags)
	}
	cfg := doc.Config
	if cfg.Subtitle != "" || cfg.Identifier != "" || cfg.Version != "" || !slices.Equal(cfg.Authors, []string{"Ann"}) ||
		!slices.Equal(cfg.Credits, []string{"Art:[31m Cy"}) || cfg.Date != "May 2026" {
		t.Errorf("config %+v", cfg)
	}
	if at, ok := cfg.ValuePos("authors", 0); !ok || at.Line != 3 || at.Col != 17 {
		t.Errorf("Ann is at %v, want 3:17", at)
	}
	if _, ok := cfg.ValuePos("license", -1); ok {
		t.Error("license, not written, has a place")
	}
}

// TestConfigIndex reads the index's settings: "auto" when not set, an
// unknown value an error at its place and taken as "auto", and the terms to
// leave out as written.
func TestConfigIndex(t *testing.T) {
	for _, tt := range []struct {
		config, want string
		exclude      []string
		diag         string
	}{
		{"", ast.IndexAuto, nil, ""},
		{"index = \"manual\"\nindex_exclude = [\"Camp\", \"Swarm\"]\n", ast.IndexManual, []string{"Camp", "Swarm"}, ""},
		{"index = \"off\"\n", ast.IndexOff, nil, ""},
		{"index = \"sometimes\"\n", ast.IndexAuto, nil, "1:9 config/index"},
	} {
		dir := t.TempDir()
		for name, text := range map[string]string{ast.ConfigFile: tt.config, "a.txt": "Text.\n"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		doc, diags, err := ParseBook(dir)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		for _, d := range diags {
			got += strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + " " + d.Code
		}
		if got != tt.diag || doc.Config.Index != tt.want || !slices.Equal(doc.Config.IndexExclude, tt.exclude) {
			t.Errorf("%q: index %q, exclude %q, diagnostics %q; want %q, %q, %q", tt.config, doc.Config.Index, doc.Config.IndexExclude, got, tt.want, tt.exclude, tt.diag)
		}
	}
}
