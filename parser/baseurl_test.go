package parser

import (
	"slices"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestConfigBaseURL checks that base_url is kept as an address ending in
// "/", and that what is no site's address is an error at its value.
func TestConfigBaseURL(t *testing.T) {
	for toml, want := range map[string]string{
		"":                                      "",
		`base_url = "https://example.org/book"`: "https://example.org/book/",
		`base_url = "http://example.org"`:       "http://example.org/",
		`base_url = "example.org/book/"`:        "",
		`base_url = "ftp://example.org/"`:       "",
		`base_url = "https://example.org/?a=1"`: "",
	} {
		doc, diags := parseWithConfig(t, toml)
		if doc.Config.BaseURL != want {
			t.Errorf("%s: base_url %q, want %q", toml, doc.Config.BaseURL, want)
		}
		bad := slices.ContainsFunc(diags, func(d *ast.Diagnostic) bool { return d.Code == "config/base_url" && d.Line == 2 })
		if bad != (want == "" && toml != "") {
			t.Errorf("%s: diagnostics %v", toml, diags)
		}
	}
}
