package html

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeHighlighted holds that fenced code in a language galley knows is
// highlighted at build time with classes the stylesheet colours in both
// themes, never inline styles, and that code in a language it does not know
// is printed plain.
func TestCodeHighlighted(t *testing.T) {
	dir := t.TempDir()
	book := "# Code\n\n```lua\nlocal n = 6 -- sides\n```\n\n```klingon\nQapla' 6\n```\n"
	if err := os.WriteFile(filepath.Join(dir, "book.md"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	site, _ := buildSite(t, dir, stubRoller)
	data, err := os.ReadFile(filepath.Join(site, "code", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	for _, want := range []string{
		`<pre class="art verbatim code w20"><span class="k">local</span> n = <span class="m">6</span> <span class="c">-- sides</span></pre>`,
		`<pre class="art verbatim w10">Qapla&#39; 6</pre>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
	if strings.Contains(page, "style=") {
		t.Error("the page styles inline")
	}
	stylesheet, err := os.ReadFile(filepath.Join(site, "assets", "site.css"))
	if err != nil {
		t.Fatal(err)
	}
	css := string(stylesheet)
	for _, rule := range []string{".code .k { color: var(--g-accent); }", ".code .c { color: var(--g-muted);"} {
		if !strings.Contains(css, rule) {
			t.Errorf("the stylesheet lacks %s", rule)
		}
	}
}
