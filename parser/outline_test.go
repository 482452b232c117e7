package parser

import (
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestSlug pins anchors and form-field names: they are URLs and saved form
// keys, so they must not change from one version of galley to the next.
func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Speed": "speed", "Hit (Alt)": "hit-alt", "Wounds/Max": "wounds-max", "Max. Range": "max-range",
		"00%": "00", "-30%": "30", "Web Weaving": "web-weaving", "Pronouns: she/her/hers": "pronouns-she-her-hers",
		"": "section", "***": "section",
	} {
		if got := ast.Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEditDistance pins the distance suggestions are made by, a swap of two
// neighbours counting one edit.
func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"Mean", "Mean", 0}, {"Maen", "Mean", 1}, {"Charm", "Charms", 1}, {"Hit(Add)", "Hit (Add)", 1},
		{"fd100", "Fuzzy d100", 6}, {"", "abc", 3}, {"ca", "abc", 3}, {"Décile", "Decile", 1},
	} {
		if got := ast.EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
