package pdf

import (
	"regexp"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/render/typo"
)

// TestFacesHaveTypoMarks checks that every embedded face has every mark
// typo prints, so that setting the text's punctuation can never make a
// rune the glyph check has not seen.
func TestFacesHaveTypoMarks(t *testing.T) {
	for key, f := range faces() {
		for _, r := range typo.Marks {
			if !f.cmap.Has(r) {
				t.Errorf("%s has no %s", key, quoteRune(r))
			}
		}
	}
}

// spacedHyphen is a hyphen between two words, which the PDF sets as a dash.
var spacedHyphen = regexp.MustCompile(`\pL - \pL`)

// TestBookTypography checks with pdftotext that the bundled book's PDF has
// curly quotes and apostrophes, en dashes in its ranges and em dashes
// between words, and no hyphen between spaces left in its text.
func TestBookTypography(t *testing.T) {
	t.Parallel()
	data, _ := bundledPDF(t)
	out := pdfText(t, data)
	text := unbroken(out)
	for _, want := range []string{
		"“matches”",             // quotes in prose
		"players’",              // an apostrophe at a word's end
		"ma’am",                 // and inside one
		"Rules Summaries 14–16", // a range in a reference
		"Special Rule — ",       // a box's title
		"…is racked",            // an ellipsis
		"Self-Sacrificing",      // a hyphenated word stays
		"Section “Decile dice” of the “System” Chapter", // a reference's quotes
	} {
		if !strings.Contains(text, want) {
			t.Errorf("pdftotext does not find %q", want)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if spacedHyphen.MatchString(line) {
			t.Errorf("a hyphen between words: %q", line)
		}
	}
}

// TestSheetTypography checks the PDF sheet's reminders: typographic
// apostrophes, as the book's text has.
func TestSheetTypography(t *testing.T) {
	checkText(t, render(t, testbook.Sheets(t).Sheet("wasp"), ""), []string{"Attacker’s TR"})
}
