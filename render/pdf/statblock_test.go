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

// statBlockChapter is a chapter of filler paragraphs of prose, then an
// enemy written in the markup: its heading and description, its Feature &
// Rating table and its attack boxes, which make one stat block, and a
// special rule, a box of its own.
func statBlockChapter(paragraphs int) string {
	var b strings.Builder
	title := fmt.Sprintf("Bestiary after %d paragraphs", paragraphs)
	fmt.Fprintf(&b, "%s\n%s\n\n", title, strings.Repeat("=", len(title)))
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
// its attacks' caption, are all on one page and in one column. Each
// point is a chapter of its own, which starts a page, so that a paper's
// points are one book, laid out and read back once.
func TestStatBlockWhole(t *testing.T) {
	t.Parallel()
	// The words of the block, top to foot, each on one line of its own:
	// the ratings, the table's caption, the attacks and their caption.
	words := []string{"Initiative", "Strength", "Cave Weevil Features", "Snout.", "Roll Over.", "Cave Weevil Attacks"}
	var counts []int // the paragraphs before each block, a chapter each
	var book strings.Builder
	for paragraphs := 0; paragraphs <= 14; paragraphs += 2 {
		counts = append(counts, paragraphs)
		book.WriteString(statBlockChapter(paragraphs) + "\n")
	}
	doc, diags := parser.Parse("book.txt", []byte(book.String()))
	if errs, _ := diags.Count(); errs > 0 {
		t.Fatal(diags)
	}
	for _, paper := range []string{"a4", "6x9"} {
		var b bytes.Buffer
		if _, err := WriteBook(context.Background(), &b, doc, testbook.SheetsOf(doc), Options{Paper: paper}); err != nil {
			t.Fatal(err)
		}
		type place struct{ page, column int }
		// where holds, for each word, where each chapter sets it, in
		// reading order: the nth is the nth chapter's.
		where := make([][]place, len(words))
		starts := map[int]int{} // the page each chapter starts on, by its paragraphs
		for n, page := range readPages(t, b.Bytes()) {
			for _, line := range page {
				var paragraphs int
				if _, err := fmt.Sscanf(line.text, "Bestiary after %d paragraphs", &paragraphs); err == nil && line.text == fmt.Sprintf("Bestiary after %d paragraphs", paragraphs) {
					if _, ok := starts[paragraphs]; !ok {
						starts[paragraphs] = n + 1
					}
				}
				for i, word := range words {
					if strings.Contains(line.text, word) {
						// The two columns of an A4 page meet at its middle.
						where[i] = append(where[i], place{n + 1, int(line.xMin / (ptOf(210) / 2))})
					}
				}
			}
		}
		for i, word := range words {
			if len(where[i]) != len(counts) {
				t.Fatalf("%s: %q is in the PDF %d times, want once in each of %d chapters", paper, word, len(where[i]), len(counts))
			}
		}
		for c, paragraphs := range counts {
			first := where[0][c]
			if c > 0 && starts[paragraphs] <= where[len(words)-1][c-1].page {
				t.Fatalf("%s: the chapter of %d paragraphs starts on page %d, not on a page after the last chapter's block (page %d)",
					paper, paragraphs, starts[paragraphs], where[len(words)-1][c-1].page)
			}
			for i := range words {
				if w := where[i][c]; w != first {
					t.Errorf("%s, %d paragraphs: %q is on page %d, column %d; %q on page %d, column %d: the stat block is broken",
						paper, paragraphs, words[0], first.page, first.column+1, words[i], w.page, w.column+1)
				}
			}
		}
	}
}
