package parser

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

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
		doc, diags := parseWithConfig(t, toml)
		if doc.Config.Language != want {
			t.Errorf("%s: language %q, want %q", toml, doc.Config.Language, want)
		}
		bad := slices.ContainsFunc(diags, func(d *ast.Diagnostic) bool { return d.Code == "config/language" })
		if bad != (want == "en" && toml != "") {
			t.Errorf("%s: diagnostics %v", toml, diags)
		}
	}
}

// parseWithConfig reads a one-file book whose galley.toml is a title and
// the line toml.
func parseWithConfig(t *testing.T, toml string) (*ast.Document, ast.DiagnosticList) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ast.ConfigFile), []byte("title = \"T\"\n"+toml+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("Text.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	doc, diags, err := ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	return doc, diags
}
