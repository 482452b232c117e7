package check

import (
	"fmt"
	"github.com/galleyhq/galley/internal/parallel"
	"runtime"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A book whose galley.toml names no system is read in the one its contents
// point to, rather than in a default that fails an ordinary book: a d6
// table numbered 1 to 6 is wrong in fd100, whose dice start at 0. The
// evidence is of two kinds, counted alike, one point each:
//
//   - what the prose says: a system's own name or the words its books use
//     for it ("Fuzzy d100", "dice pool", "2d12", the trigger game's
//     Triggers), and a named roll that begins with a system's name
//     ("fd100 effort=60");
//   - its tables: one the engine checks for some systems only (a Starting
//     Disposition table is fd100's, Net Hits pool's) is a point for each
//     of them; a roll table whose rows run over the faces a system gives
//     the die is a point for that system, one numbered the other way a
//     point against it.
//
// The system with the most points wins; a tie, or a book with no evidence,
// goes to generic, whose dice read from 1 as they do everywhere but fd100,
// and then to the systems in the order ast.Systems lists them.

// Inference is the system InferSystem chose and why.
type Inference struct {
	System string
	// Evidence says what the choice rests on, in words for the author:
	// `the prose says "dice pool" 15 times`.
	Evidence string
}

// systemWords are the names of each system in a book's prose, each one or
// two words matched whole, the two one space apart: "Fuzzy d100" and
// "fd100", "dice pool(s)", "2d12" in any case, and the trigger game's
// word as a capitalised noun ("a Trigger if it is a 6"), as an ordinary
// trigger is not.
var systemWords = []struct {
	system    string
	names     [][]string
	exactCase bool
}{
	{system: "fd100", names: [][]string{{"fuzzy", "d100"}, {"fd100"}}},
	{system: "pool", names: [][]string{{"dice", "pool"}, {"dice", "pools"}}},
	{system: "2d12", names: [][]string{{"2d12"}}},
	{system: "trigger", names: [][]string{{"Trigger"}, {"Triggers"}}, exactCase: true},
}

// countSystemWords adds to counts, for each system, the times prose names
// it (systemWords), reading it once, word by word (a word as `\b` bounds
// it, see scan.go). One regular expression per system read a large book
// four times, at a quarter of the site's build.
func countSystemWords(counts map[string]int, prose []byte) {
	var previous []byte // the word before this one, if a single space parts them
	for i := 0; i < len(prose); {
		if !isWordByte(prose[i]) {
			i++
			continue
		}
		start := i
		for i < len(prose) && isWordByte(prose[i]) {
			i++
		}
		word := prose[start:i]
		if mayName(word) {
			for _, w := range systemWords {
				for _, name := range w.names {
					switch len(name) {
					case 1:
						if sameWord(name[0], word, w.exactCase) {
							counts[w.system]++
						}
					case 2:
						if previous != nil && sameWord(name[0], previous, w.exactCase) && sameWord(name[1], word, w.exactCase) {
							counts[w.system]++
						}
					}
				}
			}
		}
		previous = nil
		if i+1 < len(prose) && prose[i] == ' ' && isWordByte(prose[i+1]) {
			previous = word
		}
	}
}

// nameShape is what every word of systemWords has in common: a length
// in a range, and a first letter among a few (lower-cased).
var nameShape = func() (shape struct {
	shortest, longest int
	firsts            [256]bool
}) {
	shape.shortest = 1 << 30
	for _, w := range systemWords {
		for _, name := range w.names {
			for _, word := range name {
				shape.shortest, shape.longest = min(shape.shortest, len(word)), max(shape.longest, len(word))
				shape.firsts[lowerASCII(word[0])] = true
			}
		}
	}
	return shape
}()

// mayName says whether a word may be one of systemWords' at all, from its
// shape: most words of a book are not, and are passed over without
// comparing them to each.
func mayName(word []byte) bool {
	return nameShape.shortest <= len(word) && len(word) <= nameShape.longest && nameShape.firsts[lowerASCII(word[0])]
}

// lowerASCII lower-cases an ASCII letter and leaves any other byte.
func lowerASCII(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// sameWord says whether word is want, in any case unless exactCase.
func sameWord(want string, word []byte, exactCase bool) bool {
	if exactCase {
		return string(word) == want
	}
	return strings.EqualFold(want, string(word))
}

// inferenceOrder is the order ties are broken in: generic first, as the
// system of a book with no evidence.
var inferenceOrder = []string{"generic", "fd100", "pool", "2d12", "trigger"}

// InferSystem chooses the system of a book whose galley.toml names none,
// from what the book contains (see above). It reads the book once, and each
// roll table once for each system: its parts at once, one on each core, as
// the system must be known before anything else reads the book.
func InferSystem(doc *ast.Document) Inference {
	parts := splitBlocks(doc.Blocks, runtime.GOMAXPROCS(0))
	tallies := make([]*evidenceTally, len(parts))
	parallel.For(len(parts), func(i int) { tallies[i] = tallyBlocks(doc, parts[i]) })
	t := newEvidenceTally()
	for _, part := range tallies {
		t.add(part)
	}
	score := func(system string) int {
		return t.words[system] + t.named[system] + t.tablesBound[system] + t.tablesFor[system] - t.tablesAgainst[system]
	}
	best := inferenceOrder[0]
	for _, system := range inferenceOrder[1:] {
		if score(system) > score(best) {
			best = system
		}
	}
	return Inference{System: best, Evidence: evidence(t.words[best], t.named[best], t.tablesBound[best], t.tablesFor[best], t.tablesAgainst)}
}

// An evidenceTally is the evidence for each system in some of a book's
// blocks: the times its prose names the system, its rolls name it, its
// tables bind to the system's checks, and its roll tables read their die
// as the system does or does not.
type evidenceTally struct {
	words, named, tablesBound, tablesFor, tablesAgainst map[string]int
}

func newEvidenceTally() *evidenceTally {
	return &evidenceTally{words: map[string]int{}, named: map[string]int{}, tablesBound: map[string]int{}, tablesFor: map[string]int{}, tablesAgainst: map[string]int{}}
}

// add adds other's counts to t's.
func (t *evidenceTally) add(other *evidenceTally) {
	for _, counts := range [][2]map[string]int{{t.words, other.words}, {t.named, other.named},
		{t.tablesBound, other.tablesBound}, {t.tablesFor, other.tablesFor}, {t.tablesAgainst, other.tablesAgainst}} {
		for system, n := range counts[1] {
			counts[0][system] += n
		}
	}
}

// tallyBlocks counts the evidence in blocks, a run of doc's.
func tallyBlocks(doc *ast.Document, blocks []ast.Block) *evidenceTally {
	t := newEvidenceTally()
	// Binding a table asks only what its header names and what the book
	// holds, so a checker with no system binds as well as any.
	c := &checker{doc: doc, classes: map[string]*ast.ClassData{}, vocabulary: newVocabulary(nil)}
	// The prose is read a paragraph, heading or cell at a time: no name
	// runs from one into the next, and the book's whole text is never held.
	var text []byte
	endOfText := func() {
		countSystemWords(t.words, text)
		text = text[:0]
	}
	namedRoll := func(expr string) {
		first, _, _ := strings.Cut(strings.TrimSpace(expr), " ")
		for _, system := range inferenceOrder[1:] {
			if strings.EqualFold(first, system) {
				t.named[system]++
			}
		}
	}
	ast.Walk(blocks, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Text:
			text = append(text, n.Text...)
		case *ast.Dice:
			text = append(text, n.Expr...)
			namedRoll(n.Expr)
		case *ast.OddsChart:
			namedRoll(n.Expr)
		case *ast.Heading:
			endOfText()
			text = append(text, n.Title...)
			endOfText()
		case *ast.Paragraph, *ast.ListItem:
			endOfText()
		case *ast.Table:
			for _, row := range n.Rows {
				for _, cell := range row {
					endOfText()
					text = append(text, cell.Text...)
				}
			}
			endOfText()
			for _, system := range systemsBinding(n, c) {
				t.tablesBound[system]++
			}
			for system, agrees := range rollTableReadings(n) {
				if agrees {
					t.tablesFor[system]++
				} else {
					t.tablesAgainst[system]++
				}
			}
		}
		return true
	})
	endOfText()
	return t
}

// splitBlocks cuts blocks into at most n runs of about as many blocks,
// each after the first starting at a heading or a paragraph: those end the
// prose before them (see tallyBlocks), so the runs are counted apart as
// they would be together.
func splitBlocks(blocks []ast.Block, n int) [][]ast.Block {
	var runs [][]ast.Block
	start := 0
	for i := 1; i < n; i++ {
		cut := max(start+1, len(blocks)*i/n)
		for cut < len(blocks) && !startsProse(blocks[cut]) {
			cut++
		}
		if cut >= len(blocks) {
			break
		}
		runs = append(runs, blocks[start:cut])
		start = cut
	}
	return append(runs, blocks[start:])
}

// startsProse reports whether b ends the prose before it in tallyBlocks.
func startsProse(b ast.Block) bool {
	switch b.(type) {
	case *ast.Heading, *ast.Paragraph:
		return true
	}
	return false
}

// systemsBinding returns the systems whose own check, one not every
// system has, binds the table.
func systemsBinding(t *ast.Table, c *checker) []string {
	h := normalizeHeader(t.Header)
	for _, tc := range tableChecks {
		if tc.systems != nil && tc.binds(h, c) {
			return tc.systems
		}
	}
	return nil
}

// rollTableReadings says, for each system, whether a roll table's rows
// number its die as that system reads it; nothing for a table that is no
// roll table, or whose rows suit every system or none.
func rollTableReadings(t *ast.Table) map[string]bool {
	if len(t.Header) < 2 {
		return nil
	}
	sides, ok := rules.ParseRollTableDie(t.Header[0].Text)
	if !ok {
		return nil
	}
	ranges := faceRanges(t)
	if len(ranges) == 0 {
		return nil
	}
	readings := map[string]bool{}
	agreeing := 0
	for _, name := range inferenceOrder {
		system, _ := rules.ParseSystem(name)
		lo, hi := system.Faces(sides)
		readings[name] = rules.CheckCoverage(lo, hi, ranges).Sound()
		if readings[name] {
			agreeing++
		}
	}
	if agreeing == 0 || agreeing == len(readings) {
		return nil
	}
	return readings
}

// evidence says in words what the inference of a system rests on.
func evidence(words, named, tablesBound, tablesFor int, tablesAgainst map[string]int) string {
	var reasons []string
	if words > 0 {
		reasons = append(reasons, fmt.Sprintf("the prose names it %s", times(words)))
	}
	if named > 0 {
		reasons = append(reasons, count(named, "named roll is its own", "named rolls are its own"))
	}
	if tablesBound > 0 {
		reasons = append(reasons, count(tablesBound, "table is of a kind its checks know", "tables are of kinds its checks know"))
	}
	if tablesFor > 0 {
		reasons = append(reasons, fmt.Sprintf("%s the dice as it reads them", count(tablesFor, "roll table numbers", "roll tables number")))
	}
	if len(reasons) > 0 {
		return strings.Join(reasons, ", ")
	}
	if tablesAgainst["fd100"] > 0 {
		return "nothing names a system, and the roll tables number their dice from 1, as everywhere but in fd100"
	}
	return "nothing in the book names a system"
}

// times says how many times: "once", "15 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// count says how many of a thing: "a roll table numbers", "3 roll tables
// number".
func count(n int, one, many string) string {
	if n == 1 {
		return "a " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
