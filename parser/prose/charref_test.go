package prose

import "testing"

// TestResolveReferences resolves the character references of a Markdown
// table's cell, as CommonMark does in text, and keeps an escaped one.
func TestResolveReferences(t *testing.T) {
	for in, want := range map[string]string{
		"&copy; 2026 &amp; &#8212; &#x2014;": "© 2026 & — —",
		"&nbsp &x; &#; &#0; &#xD800;":        "&nbsp &x; &#; \uFFFD \uFFFD",
		`\&copy; \\&copy; AT&T`:              `\&copy; \\© AT&T`,
		"plain":                              "plain",
	} {
		if got := ResolveReferences(in); got != want {
			t.Errorf("ResolveReferences(%q) = %q, want %q", in, got, want)
		}
	}
}
