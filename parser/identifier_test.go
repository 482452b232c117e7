package parser

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

func TestBookIdentifier(t *testing.T) {
	a := &Config{Title: "Nests & Insects", Authors: []string{"Ann"}}
	b := &Config{Title: "Nests & Insects", Authors: []string{"Ann"}, Version: "2.0"}
	c := &Config{Title: "Nests & Insects", Authors: []string{"Bob"}}
	uuid := regexp.MustCompile(`^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	if id := a.BookIdentifier(); !uuid.MatchString(id) {
		t.Errorf("identifier %q is no version 5 UUID URN", id)
	}
	if a.BookIdentifier() != b.BookIdentifier() {
		t.Error("a new version changed the identifier")
	}
	if a.BookIdentifier() == c.BookIdentifier() {
		t.Error("other authors gave the same identifier")
	}
	set := &Config{Title: "X", Identifier: "urn:isbn:9780000000002"}
	if got := set.BookIdentifier(); got != "urn:isbn:9780000000002" {
		t.Errorf("identifier = %q, want galley.toml's", got)
	}
}

func TestLanguageTag(t *testing.T) {
	for tag, want := range map[string]bool{"en": true, "pt-BR": true, "de-CH-1996": true, "zh-Hant-TW": true, "x-klingon": true,
		"": false, "english": false, "en_GB": false, "1en": false, "en--GB": false, "e": false} {
		if got := validLanguageTag(tag); got != want {
			t.Errorf("validLanguageTag(%q) = %v, want %v", tag, got, want)
		}
	}
}

func TestConfigLanguage(t *testing.T) {
	for toml, want := range map[string]string{"": "en", `language = "de-CH"`: "de-CH", `language = "German"`: "en"} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte("title = \"T\"\n"+toml+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("Text.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		doc, diags, err := ParseBook(dir)
		if err != nil {
			t.Fatal(err)
		}
		if doc.Config.Language != want {
			t.Errorf("%s: language %q, want %q", toml, doc.Config.Language, want)
		}
		bad := slices.ContainsFunc(diags, func(d *Diagnostic) bool { return d.Code == "config/language" })
		if bad != (want == "en" && toml != "") {
			t.Errorf("%s: diagnostics %v", toml, diags)
		}
	}
}
