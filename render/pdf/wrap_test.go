package pdf

import (
	"strings"
	"testing"
	"time"
)

// TestWrapHyphenates checks that wrap breaks a word wider than its line at
// a hyphenation point, with a hyphen, and cuts only a word no point fits,
// marking its line cut for galley check to report.
func TestWrapHyphenates(t *testing.T) {
	pdf, err := New("", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	s := newSetter(pdf)
	f := font{fontSans, "B", 8}
	space := s.width(" ", f)
	for _, tc := range []struct {
		text  string
		width string // the text whose width is the line's
		want  []string
		cut   bool
	}{
		{"Resistance", "Resis-", []string{"Resis-", "tance"}, false},
		{"Complete Success", "plete", []string{"Com-", "plete", "Suc-", "cess"}, false},
		{"Effort Resistance", "Resistance", []string{"Effort", "Resistance"}, false},
		{"well-known", "well-kno", []string{"well-", "known"}, false},
		{"Table", "Tab", []string{"Tab", "le"}, true}, // a label is not hyphenated
		{"1234567890", "12345", []string{"12345", "67890"}, true},
	} {
		lines := s.wrap(s.words([]span{{text: tc.text, font: f}}, nil), s.width(tc.width, f), space)
		var got []string
		cut := false
		for _, l := range lines {
			var ws []string
			for _, w := range l.words {
				ws = append(ws, w.text())
			}
			got = append(got, strings.Join(ws, " "))
			cut = cut || l.cut
		}
		if strings.Join(got, "/") != strings.Join(tc.want, "/") {
			t.Errorf("%q in the width of %q: %q, want %q", tc.text, tc.width, got, tc.want)
		}
		if cut != tc.cut {
			t.Errorf("%q in the width of %q: cut %v, want %v", tc.text, tc.width, cut, tc.cut)
		}
	}
}

// TestWrapHyphenatesAcrossSpans checks that a word of several spans (a
// roll's words, then its expression as dice: "(trigger") breaks at a point
// past its first span, whose tail then holds none of that span.
func TestWrapHyphenatesAcrossSpans(t *testing.T) {
	pdf, err := New("", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	s := newSetter(pdf)
	f, italic := font{fontSans, "", 8}, font{fontSans, "I", 8}
	lines := s.wrap(s.words([]span{{text: "Re", font: f}, {text: "sistance", font: italic}}, nil), s.width("Resis-", f), s.width(" ", f))
	var got []string
	for _, l := range lines {
		for _, w := range l.words {
			got = append(got, w.text())
		}
	}
	if strings.Join(got, "/") != "Resis-/tance" {
		t.Errorf("Re+sistance in the width of Resis-: %q, want Resis-, tance", got)
	}
}
