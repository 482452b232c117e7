package html

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOddsChartInWords holds that a chart of a named roll is captioned in
// the roll's words, not the engine's syntax, with the expression kept
// beside them as a link that rolls it, and that an odds table's Roll cell
// reads so too; dice notation stays as it is.
func TestOddsChartInWords(t *testing.T) {
	dir := t.TempDir()
	book := "Odds\n====\n\n\\odds{2d12 mod=+3 target=16 adv}\n\n\\odds{2d6}\n\n" +
		"\\begin{table}[4]\nRoll & Success & Failure\nmod=+3 vs=+5 & 42.7% & 57.3%\n\\end{table}\nTable 1: An opposed roll.\n\n" +
		"\\begin{table}[4]\nRoll & Mean\n2d6 & 7\n\\end{table}\nTable 2: Plain dice.\n"
	if err := os.WriteFile(filepath.Join(dir, "book.txt"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "galley.toml"), []byte("system = \"2d12\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	site, _ := buildSite(t, dir, stubRoller)
	data, err := os.ReadFile(filepath.Join(site, "odds", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	for _, want := range []string{
		`<figcaption>Exact odds of &#43;3 against 16, with advantage (<a class="dice" href="#roller" data-roll="2d12 mod=&#43;3 target=16 adv">`,
		`<title>Exact odds of &#43;3 against 16, with advantage (2d12 mod=&#43;3 target=16 adv)</title>`,
		`<figcaption>Exact odds of <a class="dice"`,
		`<td>&#43;3 against an opposing &#43;5 (<a class="dice" href="#roller" data-roll="mod=&#43;3 vs=&#43;5"`,
		`<td><a class="dice" href="#roller" data-roll="2d6" title="Roll 2d6">2d6</a></td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
}
