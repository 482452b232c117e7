package html

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/rules/check"
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
		{"a b c", " d e", "f g ", "h"},
		{"one \u00a0two", "three\u00a0four five", "\u00a0six seven"},
		{"end of a piece ", " start of the next"},
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

// TestSearchIndexFromDrawnText requires the search index written from the
// paragraphs' texts as the pages drew them (see xhtml.KeepPlain) to be the
// index read from the tree alone, each paragraph set once more by
// xhtml.WritePlain: the two set prose alike, and the pages hand the index
// their entries in the pages' order, however many draw at once.
func TestSearchIndexFromDrawnText(t *testing.T) {
	for _, book := range []string{testbook.Dir(), testBook} {
		dir, _ := buildSite(t, book, stubRoller)
		written := string(readTree(t, dir)["assets/"+searchIndexFile])
		doc, _, err := parser.ParseBook(book)
		if err != nil {
			t.Fatal(err)
		}
		check.Fill(doc)
		s := newSite(doc, testbook.SheetsOf(doc), nil, true)
		ix := &searchIndex{site: s}
		for _, p := range s.pages {
			ix.readPage(p, nil)
		}
		if read := "window.galleySearchIndex = [" + string(ix.entries[1:]) + "];\n"; written != read {
			t.Errorf("%s: the search index written as the pages were drawn differs from the index read from the tree:\n%s\nread:\n%s", book, written, read)
		}
	}
}
