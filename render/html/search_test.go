package html

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestJSONStringAsEncodingJSON requires the search index's strings to be
// written as encoding/json writes them.
func TestJSONStringAsEncodingJSON(t *testing.T) {
	for _, s := range []string{
		"", "plain", `<script>alert("x")</script> & 'q'`, `back\slash "quoted"`,
		"controls \x00\x01\b\f\n\r\t\x1f\x7f", "lines \u2028 and \u2029", "stray \xff\xfe bytes",
		"é ✓ ◆ ▉ \uFFFD", "cut rune \xe2\x9c",
	} {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("%q written as %s, encoding/json writes %s", s, got, want)
		}
		if got := appendJSONString(nil, []byte(s)); string(got) != string(want) {
			t.Errorf("%q as bytes written as %s, encoding/json writes %s", s, got, want)
		}
	}
}

// TestSearchTextAsFields requires searchText to leave the words of what is
// written to it as strings.Fields and strings.Join would, however the text
// is cut into writes.
func TestSearchTextAsFields(t *testing.T) {
	for _, pieces := range [][]string{
		{},
		{"  ", "\t\n"},
		{"one"},
		{"  two  words  "},
		{"spl", "it", " word", "s "},
		{"tabs\tand\nlines\r\v\fend"},
		{"no\u00a0break", "\u2003em\u3000space", "\u0085next"},
		{"stray\xff", " \xfe\xfd bytes"},
		{"Label", " ", "text", " ", " "},
	} {
		var text searchText
		for _, p := range pieces {
			text.WriteString(p)
		}
		want := strings.Join(strings.Fields(strings.Join(pieces, "")), " ")
		if got := string(text.words); got != want {
			t.Errorf("%q gathered as %q, want %q", pieces, got, want)
		}
	}
}
