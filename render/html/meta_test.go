package html

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSiteMeta checks what the site tells a search engine and a lost
// reader: each page's description, its first paragraph cut at a word; a
// 404.html; and, with a base_url, a sitemap of every page's address and
// each page's canonical address, which a site without one has neither of.
func TestSiteMeta(t *testing.T) {
	long := strings.Repeat("A long sentence that goes on. ", 10)
	for _, base := range []string{"", "https://example.org/book/"} {
		dir := t.TempDir()
		files := map[string]string{
			"book.txt":    "Rats\n====\n\nRats live in the walls.\n\nNests\n-----\n\n" + long + "\n",
			"galley.toml": "title = \"Rat Book\"\n",
		}
		if base != "" {
			files["galley.toml"] += "base_url = \"" + base + "\"\n"
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		site, _ := buildSite(t, dir, stubRoller)
		read := func(name string) string {
			data, err := os.ReadFile(filepath.Join(site, name))
			if err != nil {
				t.Fatal(err)
			}
			return string(data)
		}
		for page, want := range map[string]string{
			"index.html":      `<meta name="description" content="Rats live in the walls.">`,
			"rats/index.html": `<meta name="description" content="Rats live in the walls.">`,
			"rats/nests.html": `<meta name="description" content="` + long[:150] + `A long…">`,
		} {
			if got := read(page); !strings.Contains(got, want) {
				t.Errorf("%s has no %s", page, want)
			}
		}
		home := `href="index.html"`
		if base != "" {
			home = `href="/book/index.html"`
		}
		if got := read("404.html"); !strings.Contains(got, "Page not found") || !strings.Contains(got, home) {
			t.Errorf("base %q: 404.html is\n%s", base, got)
		}
		sitemap, err := os.ReadFile(filepath.Join(site, "sitemap.xml"))
		if base == "" {
			if err == nil {
				t.Error("a site without base_url has a sitemap")
			}
			if strings.Contains(read("rats/nests.html"), `rel="canonical"`) {
				t.Error("a site without base_url has canonical addresses")
			}
			continue
		}
		for _, want := range []string{"<loc>https://example.org/book/</loc>", "<loc>https://example.org/book/rats/</loc>", "<loc>https://example.org/book/rats/nests.html</loc>"} {
			if !strings.Contains(string(sitemap), want) {
				t.Errorf("the sitemap has no %s:\n%s", want, sitemap)
			}
		}
		if !strings.Contains(read("rats/nests.html"), `<link rel="canonical" href="https://example.org/book/rats/nests.html">`) {
			t.Error("a page has no canonical address")
		}
	}
}

// TestFirstWords requires a description cut from a text's first words
// (see firstWords) to be the one cut from all of them, for every text of
// up to six of " a\u00a0\né\xff," and limits of 0 to 8 characters: the
// spaces Unicode counts (the no-break space among them) run together,
// none left at either end, and bytes that are not UTF-8 kept as they are.
func TestFirstWords(t *testing.T) {
	pieces := []string{" ", "a", "\u00a0", "\n", "é", "\xff", ","}
	var texts []string
	var grow func(text string, depth int)
	grow = func(text string, depth int) {
		texts = append(texts, text)
		if depth < 6 {
			for _, p := range pieces {
				grow(text+p, depth+1)
			}
		}
	}
	grow("", 0)
	for _, text := range texts {
		all := strings.Join(strings.Fields(text), " ")
		for max := 0; max <= 8; max++ {
			if got, want := cutAtWord(firstWords(text, max), max), cutAtWord(all, max); got != want {
				t.Fatalf("text %q, %d characters: cut from its first words %q, from all of them %q", text, max, got, want)
			}
		}
	}
}

// TestCutAtWord checks a description's cut: at the last space within the
// limit, counted in characters rather than bytes, and mid-word only when
// the first word alone is too long.
func TestCutAtWord(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"ten chars!", "ten chars!"},
		{"a few words, then more", "a few…"},
		{"two, three", "two, three"},
		{"two, three four", "two…"},
		{"élan vital élan", "élan…"},
		{"unbrokenwordhere", "unbrokenwo…"},
	} {
		if got := cutAtWord(c.text, 10); got != c.want {
			t.Errorf("cutAtWord(%q, 10) = %q, want %q", c.text, got, c.want)
		}
	}
}
