package parser

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// outlineSeedPath is seed 001, the draft of Nests & Insects: Metamorphosis,
// written as a plain numbered outline.
var outlineSeedPath = filepath.Join("..", "..", "shared", "seeds", "001_6574d5041f0e2889.txt")

// TestOutlineSeed reads seed 001 without being told its format: all of it,
// as OUTLINE.md counts it, with a warning for each fault a proofreader
// would mend and a note for each thing the author left to do.
func TestOutlineSeed(t *testing.T) {
	if _, err := os.Stat(outlineSeedPath); err != nil {
		t.Skipf("seed 001 is not beside the repository (%v); skipping", err)
	}
	doc, diags, err := ParseBook(outlineSeedPath)
	if err != nil {
		t.Fatal(err)
	}
	got := doc.Stats(diags)
	// 27 framed tables and the tab-separated one; 15 boxes drawn, the
	// Food box among the figures as the sheet art it is.
	want := ast.Stats{Heading: 217, Chapter: 4, Paragraph: 512, List: 28, Box: 15, Table: 28, Figure: 2, Formula: 6,
		Errors: 0, Warnings: 26, Notes: 50, Ref: 20, Dice: 47, Files: 1}
	if got != want {
		t.Errorf("seed 001 reads as\n%+v, want\n%+v", got, want)
	}
	codes := map[string]int{}
	for _, d := range diags {
		codes[d.Code]++
	}
	wantCodes := map[string]int{
		"heading/untitled": 1, "heading/parent": 3, "heading/number": 3,
		"frame/ragged": 12, "frame/unclosed": 3, "frame/broken": 1,
		"table/misaligned": 1, "table/unclosed": 1, "caption/order": 1,
		"note/todo": 2, "note/tbd": 17, "note/question": 1, "note/placeholder": 30,
	}
	if !reflect.DeepEqual(codes, wantCodes) {
		t.Errorf("diagnostics by code\n%v, want\n%v", codes, wantCodes)
	}
}

// TestOutlineLooks picks the outline's reader for seed 001 alone of the
// seeds written in .txt files: the others are galley markup (000),
// Markdown (003) and a plain outline without frames (004).
func TestOutlineLooks(t *testing.T) {
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "shared", "seeds", "*.txt"))
	if len(seeds) == 0 {
		t.Skip("the seeds are not beside the repository; skipping")
	}
	for _, seed := range seeds {
		src, err := os.ReadFile(seed)
		if err != nil {
			t.Fatal(err)
		}
		want := FormatGalley
		if seed == outlineSeedPath {
			want = FormatOutline
		}
		if got := FormatOf(seed, string(src), ""); got != want {
			t.Errorf("%s reads as %s, want %s", filepath.Base(seed), got, want)
		}
	}
}
