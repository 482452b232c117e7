package html

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDiceLinks draws a page whose dice stand in names, repeat in a
// paragraph and a table, and take a plural "s", and reads which became
// roll links and how.
func TestDiceLinks(t *testing.T) {
	dir := t.TempDir()
	book := strings.Join([]string{
		`system = "fd100"`,
	}, "\n")
	text := strings.Join([]string{
		"Fuzzy d100",
		"==========",
		"",
		"The rules are called Fuzzy d100, and the Fuzzy d100 rules roll a d100: two",
		"d10s. A second d100 and a third d100 link no more, a d6 does.",
		"",
		"Not a name: a fuzzy d100, and a Fuzzy d60.",
		"",
		"* A d20, then a d20 again.",
		"* A d20 in the next item.",
		"",
		`\begin{table}[4]`,
		"Die & Tens die",
		"d60 & d6",
		"d40 & d4",
		"d100 & d10",
		"d60 & d6",
		`\end{table}`,
		"Table 1: The d60 and d6 again, and a d8.",
		"",
	}, "\n")
	if err := os.WriteFile(filepath.Join(dir, "galley.toml"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "book.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	site, _ := buildSite(t, dir, stubRoller)
	page := ""
	for name, data := range readTree(t, site) {
		if strings.HasSuffix(name, ".html") && strings.Contains(string(data), "<p>The rules are called") {
			// The page whose text it is, not the index, whose description
			// quotes the book's first paragraph.
			page = string(data)
		}
	}
	if page == "" {
		t.Fatal("no page holds the chapter's text")
	}
	link := regexp.MustCompile(`<a class="dice" href="#roller" data-roll="([^"]*)" title="Roll [^"]*">([^<]*)</a>`)
	blocks := regexp.MustCompile(`(?s)<(p|li|figure)[ >].*?</(p|li|figure)>`).FindAllString(page, -1)
	var got []string
	for _, block := range blocks {
		var rolls []string
		for _, m := range link.FindAllStringSubmatch(block, -1) {
			rolls = append(rolls, m[1]+"="+m[2])
		}
		if len(rolls) > 0 {
			got = append(got, strings.Join(rolls, " "))
		}
	}
	want := []string{
		// "Fuzzy d100" names the chapter: neither it nor "the Fuzzy d100
		// rules" rolls; the d100 after them does, once.
		"d100=d100 d10=d10s d6=d6",
		// Another case, or another die, is no longer the name.
		"d100=d100 d60=d60",
		// Each list item is a block of its own.
		"d20=d20",
		"d20=d20",
		// A table and its caption are one block: each die links in its
		// first cell.
		"d60=d60 d6=d6 d40=d40 d4=d4 d100=d100 d10=d10 d8=d8",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the links by block:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, want := range []string{"called Fuzzy d100, and the Fuzzy d100 rules roll a ", ">d10s</a>. A second d100 and a third d100 link no more"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// TestFieldsAtEnds holds lastFields and firstFields to the last and first
// words strings.Fields finds, on texts of words and spaces of every kind.
func TestFieldsAtEnds(t *testing.T) {
	pieces := []string{"", " ", "  ", "\t", "\u00a0", "\u2003", "\n", "a", "Fuzzy", "d100", "é", "(x"}
	for seed := range 20_000 {
		var b strings.Builder
		for i := range seed % 9 {
			b.WriteString(pieces[(seed*7+i*13+i*i)%len(pieces)])
		}
		text := b.String()
		fields := strings.Fields(text)
		for n := range 6 {
			last, first := fields[max(len(fields)-n, 0):], fields[:min(n, len(fields))]
			if got := lastFields(text, n); !slices.Equal(got, last) {
				t.Fatalf("lastFields(%q, %d) = %q, want %q", text, n, got, last)
			}
			if got := firstFields(text, n); !slices.Equal(got, first) {
				t.Fatalf("firstFields(%q, %d) = %q, want %q", text, n, got, first)
			}
		}
	}
}
