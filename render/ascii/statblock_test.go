package ascii

import (
	"context"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
)

// TestBookStatBlock checks that a Homebrewery stat block is drawn in a box
// under its name, its ratings as "Name value" cells between rules, its
// ability table among them, and its features run in, every word in the
// book.
func TestBookStatBlock(t *testing.T) {
	src := "{{monster,frame\n## Pit Toad\n*Medium beast*\n___\n**Armor Class** :: 12 (hide)\n**Speed** 20 ft.\n___\n" +
		"| STR | DEX |\n|---|---|\n| 14 (+2) | 10 (+0) |\n___\n***Sticky Tongue.*** It pulls a creature toward it.\n}}\n"
	doc, diags := parser.ParseMarkdown("toad.md", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	pages, _ := Book(context.Background(), doc, testbook.SheetsOf(doc))
	var book strings.Builder
	for _, page := range pages {
		book.WriteString(strings.Join(page, "\n"))
	}
	text := book.String()
	for _, want := range []string{"┌[Pit Toad]", "Armor Class 12 (hide)", "Speed 20 ft.", "STR 14 (+2)", "DEX 10 (+0)", "Sticky Tongue.", "pulls a creature"} {
		if !strings.Contains(text, want) {
			t.Errorf("the book lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(text, "│ "+strings.Repeat("─", 20)) {
		t.Errorf("the ratings have no rule over them:\n%s", text)
	}
}
