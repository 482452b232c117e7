package html

import (
	"regexp"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
)

var (
	// preformatted is art and code, which keep the manuscript's characters.
	preformatted = regexp.MustCompile(`(?s)<pre[ >].*?</pre>`)
	tag          = regexp.MustCompile(`<[^>]*>`)
	// spacedHyphen is a hyphen between two words, which the site sets as
	// a dash.
	spacedHyphen = regexp.MustCompile(`\pL - \pL`)
)

// TestSiteTypography checks that the bundled book's site, its pages and
// its search index, has curly quotes and apostrophes, en dashes in its
// ranges and ellipses, and no hyphen between spaces left in its text.
func TestSiteTypography(t *testing.T) {
	dir, _ := buildSite(t, testbook.Dir(), stubRoller)
	var pages strings.Builder
	for name, data := range readTree(t, dir) {
		if strings.HasSuffix(name, ".html") {
			pages.WriteString(tag.ReplaceAllString(preformatted.ReplaceAllString(string(data), ""), ""))
		}
	}
	search := string(readTree(t, dir)["assets/"+searchIndexFile])
	for _, want := range []string{
		"“matches”",                  // quotes in prose
		"players’",                   // an apostrophe at a word's end
		"ma’am",                      // and inside one
		"Rules Summaries\u00a014–16", // a range in a reference, tied to its label
		"…is racked",                 // an ellipsis in a table cell
		"Self-Sacrificing",           // a hyphenated word stays
		"Section “Decile dice” of the “System” Chapter", // a reference's quotes
	} {
		if !strings.Contains(pages.String(), want) {
			t.Errorf("the pages' text lacks %q", want)
		}
	}
	for _, want := range []string{"“matches”", "players’", "Rules Summaries 14–16"} {
		if !strings.Contains(search, want) {
			t.Errorf("the search index lacks %q", want)
		}
	}
	for _, text := range []string{pages.String(), search} {
		if m := spacedHyphen.FindString(text); m != "" {
			t.Errorf("a hyphen between words: %q", m)
		}
	}
}

// TestSheetTypography checks the HTML sheet's reminders: typographic
// apostrophes, as the site's text has.
func TestSheetTypography(t *testing.T) {
	if p := page(t, testbook.Sheets(t).Sheet("wasp")); !strings.Contains(p, "Attacker’s TR") {
		t.Error("the wasp's sheet lacks “Attacker’s TR”")
	}
}
