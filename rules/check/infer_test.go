package check

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// TestInferSystem holds what a book whose galley.toml names no system is
// read in: the system its prose names, its named rolls and its roll tables
// point to, and generic, whose dice read from 1, when nothing does.
func TestInferSystem(t *testing.T) {
	d6Table := "| d6 | Loot |\n|----|------|\n| 1-2 | Coins |\n| 3-4 | A rope |\n| 5-6 | A map |\n"
	for _, tt := range []struct {
		name, markdown, want, evidence string
	}{
		{"nothing", "# Camp\n\nThe party rests by the fire.\n", "generic", "nothing in the book names a system"},
		{"a one-based d6 table", "# Loot\n\nRoll on the table.\n\n" + d6Table, "generic", "a roll table numbers the dice as it reads them"},
		{"a zero-based d20 table", "# Weather\n\n| d20 | Sky |\n|---|---|\n| 0-9 | Clear |\n| 10-19 | Rain |\n", "fd100", "a roll table numbers"},
		{"named in prose", "# Rules\n\nThis game is played with Fuzzy d100, as fd100 books are.\n\n| d6 | Loot |\n|---|---|\n| 0-2 | Coins |\n| 3-5 | A map |\n", "fd100", "the prose names it 2 times, a roll table numbers"},
		{"a dice pool", "# Rules\n\nBuild a dice pool of d6s and count the hits. Each dice pool is yours.\n\n" + d6Table, "pool", "the prose names it 2 times"},
		{"2d12", "# Rules\n\nRoll 2d12 and add your bonus. Roll 2d12 again on a tie.\n", "2d12", "the prose names it 2 times"},
		{"Triggers", "# Rules\n\nA 6 is a Trigger. Triggers break ties; the trap's trigger is a wire.\n", "trigger", "the prose names it 2 times"},
		{"a named roll", "Rules\n=====\n\nA hard push is 2d12 mod=+3 target=16, and a long one is 2d12 mod=+1 target=18.\n", "2d12", "2 named rolls are its own"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			doc, _ := parser.ParseMarkdown("book.md", []byte(tt.markdown))
			got := InferSystem(doc)
			if got.System != tt.want || !strings.Contains(got.Evidence, tt.evidence) {
				t.Errorf("inferred %s (%s); want %s (%s)", got.System, got.Evidence, tt.want, tt.evidence)
			}
		})
	}
}

// TestInferSeedSystems holds that each of the designers' seeds, alone with
// no galley.toml, is read in its own system.
func TestInferSeedSystems(t *testing.T) {
	seeds := filepath.Join("..", "..", "..", "shared", "seeds")
	if _, err := os.Stat(seeds); err != nil {
		t.Skip("the designers' seeds are not beside the repository: ", err)
	}
	for prefix, want := range map[string]string{"000": "fd100", "001": "pool", "003": "2d12", "004": "trigger"} {
		files, _ := filepath.Glob(filepath.Join(seeds, prefix+"_*.txt"))
		if len(files) != 1 {
			t.Errorf("seed %s: %d files", prefix, len(files))
			continue
		}
		doc, _, err := parser.ParseBook(files[0])
		if err != nil {
			t.Fatal(err)
		}
		if got := InferSystem(doc); got.System != want {
			t.Errorf("seed %s is read as %s (%s); want %s", prefix, got.System, got.Evidence, want)
		}
	}
}

// TestInferSystemInParts holds that the evidence counted in parts, as
// InferSystem counts it on several cores, is what one reading counts: in
// the seeds, and in a book whose every block may start a part.
func TestInferSystemInParts(t *testing.T) {
	books := map[string]string{}
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "seeds", "*.txt"))
	for _, seed := range seeds {
		books[seed] = seed
	}
	dir := t.TempDir()
	small := filepath.Join(dir, "book.md")
	prose := "# Rules\n\nA dice\n\n> pool of Triggers: 2d12 mod=+1 target=9.\n\n| d6 | Loot |\n|---|---|\n| 0-2 | Coins |\n| 3-5 | A map |\n\nFuzzy d100 and a dice pool.\n\n- Fuzzy\n- d100\n"
	if err := os.WriteFile(small, []byte(strings.Repeat(prose, 5)), 0o644); err != nil {
		t.Fatal(err)
	}
	books["a small book"] = small
	for name, path := range books {
		doc, _, err := parser.ParseBook(path)
		if err != nil {
			t.Fatal(err)
		}
		whole := tallyBlocks(doc, doc.Blocks)
		for n := 2; n <= 7; n++ {
			parts := splitBlocks(doc.Blocks, n)
			var blocks int
			sum := newEvidenceTally()
			for _, part := range parts {
				blocks += len(part)
				sum.add(tallyBlocks(doc, part))
			}
			if blocks != len(doc.Blocks) {
				t.Fatalf("%s in %d parts: %d blocks of %d", name, n, blocks, len(doc.Blocks))
			}
			if !reflect.DeepEqual(sum, whole) {
				t.Errorf("%s in %d parts counts %+v; read whole, %+v", name, n, *sum, *whole)
			}
		}
	}
}

// FuzzCountSystemWords holds the word scanner to the regular expressions
// it replaced, which say the same thing more plainly and read the prose
// once per system.
func FuzzCountSystemWords(f *testing.F) {
	for _, prose := range []string{
		"Fuzzy d100, as fd100 books are; fuzzy  d100 is not it.",
		"a dice pool, dice pools, dice\npool, dicepool, a dice pool_",
		"2d12 and 2D12 but not 12d12 or 2d120; Trigger, Triggers, trigger, TRIGGER, Triggered",
		"éfd100é ß2d12",
	} {
		f.Add(prose)
	}
	oracle := map[string]*regexp.Regexp{
		"fd100":   regexp.MustCompile(`(?i)\bfuzzy d100\b|\bfd100\b`),
		"pool":    regexp.MustCompile(`(?i)\bdice pools?\b`),
		"2d12":    regexp.MustCompile(`(?i)\b2d12\b`),
		"trigger": regexp.MustCompile(`\bTriggers?\b`),
	}
	f.Fuzz(func(t *testing.T, prose string) {
		got := map[string]int{}
		countSystemWords(got, []byte(prose))
		for system, re := range oracle {
			if want := len(re.FindAllStringIndex(prose, -1)); got[system] != want {
				t.Errorf("%q names %s %d times, want %d", prose, system, got[system], want)
			}
		}
	})
}
