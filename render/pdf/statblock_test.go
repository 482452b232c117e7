package pdf

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
)

// statBlockBook is a chapter of filler paragraphs of prose, then an
// enemy written in the markup: its heading and description, its Feature &
// Rating table and its attack boxes, which make one stat block, and a
// special rule, a box of its own.
func statBlockBook(paragraphs int) string {
	var b strings.Builder
	b.WriteString("Bestiary\n========\n\n")
	for i := range paragraphs {
		fmt.Fprintf(&b, "Paragraph %d of the filler. The tunnels run under the mill in a maze that the crew maps as it goes, a room at a time, "+
			"and each room it maps may hold a creature that guards it, a trap, or a cache of grain that the colony has hidden for the winter. "+
			"The crew carries lamps, rope and a ledger for what it finds.\n\n", i+1)
	}
	b.WriteString(`Cave Weevil
-----------

A slow grazer that bites when it is cornered.

\begin{table}[4]
Feature          &    Rating
Initiative       &    35%
Threat Rate      &    20%
Survival Rate    &    40%
Wounds Max       &    6
Carapace         &    50% (Back)
Speed, Skill     &    20%
Strength         &    45%
\end{table}
Table: Cave Weevil Features

┌[Base Attack]────────────────┐┌[Special Attack]─────────────┐
│ Name:.................Snout ││ Name:.............Roll Over │
│ Damage:.............1 Wound ││ Damage:............2 Wounds │
│ Hit (Alt):................. ││ Miss:........Weevil Recoils │
└─────────────────────────────┘└─────────────────────────────┘
──────────────────────────────────────────────────────────────
Figure: Cave Weevil Attacks

\begin{box}[Special Rule - Armoured Back]
Attacks from behind lose twenty points: the weevil's shell is thickest there, Quillback.
\end{box}
`)
	return b.String()
}

// TestStatBlockWhole reads stat blocks back from the PDF, at every point
// down a column that the prose before one can leave it, on a paper of two
// columns and one of one: the block's words, from its first rating to
// its attacks' caption, are all on one page and in one column.
func TestStatBlockWhole(t *testing.T) {
	t.Parallel()
	// The words of the block, top to foot, each on one line of its own.
	words := []string{"Initiative", "Strength", "Table 1:", "Snout.", "Roll Over.", "Figure 1:"}
	for _, paper := range []string{"a4", "6x9"} {
		for paragraphs := 0; paragraphs <= 14; paragraphs += 2 {
			doc, diags := parser.Parse("book.txt", []byte(statBlockBook(paragraphs)))
			if errs, _ := diags.Count(); errs > 0 {
				t.Fatal(diags)
			}
			var b bytes.Buffer
			if _, err := WriteBook(context.Background(), &b, doc, testbook.SheetsOf(doc), Options{Paper: paper}); err != nil {
				t.Fatal(err)
			}
			pages := readPages(t, b.Bytes())
			type place struct{ page, column int }
			var where []place
			for _, word := range words {
				found := false
				for n, page := range pages {
					for _, line := range page {
						if strings.Contains(line.text, word) && !found {
							// The two columns of an A4 page meet at its middle.
							where = append(where, place{n + 1, int(line.xMin / (ptOf(210) / 2))})
							found = true
						}
					}
				}
				if !found {
					t.Fatalf("%s, %d paragraphs: %q is not in the PDF", paper, paragraphs, word)
				}
			}
			for i, w := range where {
				if w != where[0] {
					t.Errorf("%s, %d paragraphs: %q is on page %d, column %d; %q on page %d, column %d: the stat block is broken",
						paper, paragraphs, words[0], where[0].page, where[0].column+1, words[i], w.page, w.column+1)
				}
			}
		}
	}
}
