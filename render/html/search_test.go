package html

import (
	"encoding/json"
	"os"
	"path/filepath"
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

// TestSearchEntriesOfStatBlocks requires a creature's stat block, which
// stands under the creature's heading and has no anchor of its own, to
// give its words to the heading's entry rather than make an entry of its
// own: one result for the creature, leading to its heading, where the
// ratings of a table without a caption are found. No two entries of the
// bundled book lead to one place under one title.
func TestSearchEntriesOfStatBlocks(t *testing.T) {
	book := filepath.Join(t.TempDir(), "beetles.txt")
	manuscript := `Beetles
=======

Rhinoceros Beetle
-----------------

Slow to anger, and then slower to stop.

\begin{table}
Feature      & Rating
Initiative   & 35%
Carapace     & 80%
\end{table}

Dung Beetle
-----------

\begin{table}
Feature   & Rating
Swarming  & 20%
\end{table}
Table 1: What a Dung Beetle brings to a fight.
`
	if err := os.WriteFile(book, []byte(manuscript), 0o644); err != nil {
		t.Fatal(err)
	}
	dir, _ := buildSite(t, book, stubRoller)
	titled := map[string][]searchResult{}
	for _, e := range searchResults(t, dir) {
		titled[e.Title] = append(titled[e.Title], e)
	}
	for _, want := range []searchResult{
		{Title: "Rhinoceros Beetle", URL: "beetles/rhinoceros-beetle.html", Text: "Slow to anger, and then slower to stop. Feature Rating Initiative 35% Carapace 80%"},
		{Title: "Dung Beetle", URL: "beetles/dung-beetle.html"},
		{Title: "Table 1: What a Dung Beetle brings to a fight.", URL: "beetles/dung-beetle.html#table-1", Text: "Feature Rating Swarming 20%"},
	} {
		found := titled[want.Title]
		if len(found) != 1 {
			t.Errorf("%d entries titled %q, want one: %+v", len(found), want.Title, found)
			continue
		}
		if got := found[0]; got.Text != want.Text || got.URL != want.URL {
			t.Errorf("the entry of %q holds %q at %s, want %q at %s", want.Title, got.Text, got.URL, want.Text, want.URL)
		}
	}

	dir, _ = buildSite(t, testbook.Dir(), stubRoller)
	places := map[searchResult]bool{}
	for _, e := range searchResults(t, dir) {
		place := searchResult{Title: e.Title, URL: e.URL}
		if places[place] {
			t.Errorf("the bundled book's search index leads to %s twice under %q", e.URL, e.Title)
		}
		places[place] = true
	}
}

// searchResult is an entry of a site's search index as search.js reads it.
type searchResult struct {
	Title string `json:"t"`
	Page  string `json:"p"`
	URL   string `json:"u"`
	Text  string `json:"x"`
}

// searchResults reads the search index of the site in dir.
func searchResults(t *testing.T, dir string) []searchResult {
	t.Helper()
	script := string(readTree(t, dir)["assets/"+searchIndexFile])
	const start, end = "window.galleySearchIndex = ", ";\n"
	if !strings.HasPrefix(script, start) || !strings.HasSuffix(script, end) {
		t.Fatalf("the search index is not a script that sets window.galleySearchIndex: %.80q", script)
	}
	var results []searchResult
	if err := json.Unmarshal([]byte(script[len(start):len(script)-len(end)]), &results); err != nil {
		t.Fatal(err)
	}
	return results
}
