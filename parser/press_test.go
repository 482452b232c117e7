package parser

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestConfigPress reads galley.toml's press, a press's name in any case or
// a bool as it was before presses had names, and its paper_stock, "color"
// spelt either way; a press or a paper galley does not know is an error
// at its value, and the book is then for the generic press on white.
func TestConfigPress(t *testing.T) {
	for _, tc := range []struct {
		toml  string
		press ast.PressName
		stock string
		code  string
	}{
		{"", "", "white", ""},
		{"press = true", ast.GenericPress, "white", ""},
		{"press = false", "", "white", ""},
		{`press = "KDP"`, "kdp", "white", ""},
		{"press = \"lulu\"\npaper_stock = \"Cream\"", "lulu", "cream", ""},
		{`paper_stock = "color"`, "", "colour", ""},
		{`press = "gutenberg"`, ast.GenericPress, "white", "config/press"},
		{`paper_stock = "vellum"`, "", "white", "config/paper_stock"},
		{"press = 3", "", "white", "config/syntax"},
	} {
		doc, diags := parseWithConfig(t, tc.toml)
		var codes []string
		for _, d := range diags {
			codes = append(codes, d.Code)
		}
		if got := strings.Join(codes, " "); got != tc.code {
			t.Errorf("%q: diagnostics %q, want %q", tc.toml, got, tc.code)
		}
		if tc.code == "config/syntax" {
			continue
		}
		if doc.Config.Press != tc.press || doc.Config.PaperStock != tc.stock {
			t.Errorf("%q: press %q on %q, want %q on %q", tc.toml, doc.Config.Press, doc.Config.PaperStock, tc.press, tc.stock)
		}
	}
}
