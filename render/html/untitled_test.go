package html

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	// emptyLink is a link with nothing in it to name it.
	emptyLink = regexp.MustCompile(`<a\b[^>]*>\s*</a>`)
	// pageTitleTag is a page's <title>.
	pageTitleTag = regexp.MustCompile(`<title>(.*)</title>`)
)

// TestUntitledSite builds the site of a book whose galley.toml gives no
// title and whose directory's name gives none either: no page has an
// empty link (the top bar's brand) or a title that is empty or ends in
// a separator, the index is titled and headed Contents, once, and every
// page declares the book's language.
func TestUntitledSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "notes-2")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"galley.toml": "language = \"de-CH\"\n",
		"book.txt":    "First\n=====\n\nText.\n\nSecond\n======\n\nMore text.\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	site, _ := buildSite(t, dir, stubRoller)
	pages := 0
	for name, data := range readTree(t, site) {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		pages++
		text := string(data)
		if link := emptyLink.FindString(text); link != "" {
			t.Errorf("%s has an empty link: %s", name, link)
		}
		m := pageTitleTag.FindStringSubmatch(text)
		switch {
		case m == nil || strings.TrimSpace(m[1]) == "" || strings.HasSuffix(m[1], " · ") || strings.HasPrefix(m[1], " · "):
			t.Errorf("%s has the title %q", name, m)
		case name == "index.html" && m[1] != "Contents":
			t.Errorf("the index is titled %q, want Contents", m[1])
		}
		if name == "index.html" && (strings.Count(text, "<h1") != 1 || !strings.Contains(text, `<h1 id="book-title">Contents</h1>`)) {
			t.Errorf("the index's headings are not one h1, Contents:\n%s", text)
		}
		if !strings.Contains(text, `<html lang="de-CH"`) {
			t.Errorf("%s does not declare the book's language, de-CH", name)
		}
	}
	if pages < 3 {
		t.Errorf("%d pages, want the index and two chapters", pages)
	}
}
