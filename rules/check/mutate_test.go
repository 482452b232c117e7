package check

import (
	"flag"
	"fmt"
	"hash/fnv"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
)

// The mutation test: make one plausible mistake at a time in a checked
// table of the bundled book and of each sample book, check the book, and
// count the mistakes the checker catches (see mutants_test.go for the
// mistakes made, claims_test.go for which count). go test ./... runs a
// fixed sample of 50 of each book's mutants, which is a third of the
// checker package's test time; CI runs 150; bench/mutate.sh runs them all
// and prints the scores.
//
//	go test ./rules/check -run TestMutationScore -v                       # the sample
//	go test ./rules/check -run TestMutationScore -v -mutate.sample 150   # CI's
//	go test ./rules/check -run TestMutationScore -v -mutate.all           # every mutant

var (
	mutateAll       = flag.Bool("mutate.all", false, "mutation test: make every mutant of each book, not the sample")
	mutateSample    = flag.Int("mutate.sample", 50, "mutation test: how many mutants of each book the sample makes")
	mutateSurvivors = flag.Bool("mutate.survivors", false, "mutation test: list the mutants the checker misses")
)

// mutationBooks are the books mutated: the bundled book and the sample books
// (not their -wrong twins, which are wrong to begin with).
var mutationBooks = []string{
	filepath.Join("..", "..", "manuscript"),
	filepath.Join("..", "..", "testdata", "books", "2d12"),
	filepath.Join("..", "..", "testdata", "books", "fd100"),
	filepath.Join("..", "..", "testdata", "books", "pool"),
	filepath.Join("..", "..", "testdata", "books", "trigger"),
}

// requiredScore is the share of real mutants the checker must catch in
// every book.
const requiredScore = 0.97

// tally counts the real mutants of one kind and those caught.
type tally struct{ made, caught int }

func (t tally) String() string {
	if t.made == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d %5.1f%%", t.caught, t.made, 100*float64(t.caught)/float64(t.made))
}

func TestMutationScore(t *testing.T) {
	var report strings.Builder
	fmt.Fprintf(&report, "%-12s", "book")
	for _, class := range mutationClasses {
		fmt.Fprintf(&report, " | %s", class)
	}
	report.WriteString(" | all\n")
	for _, book := range mutationBooks {
		doc, _, err := parser.ParseBook(book)
		if err != nil {
			t.Fatal(err)
		}
		baseline := checkBook(doc)
		known := errorsOf(baseline.Diagnostics)
		mutants := bookMutants(baseline, doc.Config.System)
		if *mutateAll {
			mutants = sampleOf(mutants, -1)
		} else {
			mutants = sampleOf(mutants, *mutateSample)
		}
		if len(mutants) == 0 {
			t.Fatalf("%s: no mutants: no table of the book is checked", book)
		}
		byClass := map[mutationClass]tally{}
		var total tally
		var survivors []string
		for _, m := range mutants {
			undo := m.apply()
			caught := hasNewError(checkBook(doc).Diagnostics, known)
			undo()
			c := byClass[m.class]
			c.made++
			total.made++
			if caught {
				c.caught++
				total.caught++
			} else {
				survivors = append(survivors, string(m.class)+": "+m.where)
			}
			byClass[m.class] = c
		}
		if after := errorsOf(checkBook(doc).Diagnostics); !slices.Equal(sortedKeys(after), sortedKeys(known)) {
			t.Fatalf("%s: the mutants were not all undone: the book's errors differ after the test", book)
		}
		fmt.Fprintf(&report, "%-12s", filepath.Base(book))
		for _, class := range mutationClasses {
			fmt.Fprintf(&report, " | %s", byClass[class])
		}
		fmt.Fprintf(&report, " | %s\n", total)
		if *mutateSurvivors {
			for _, s := range survivors {
				fmt.Fprintf(&report, "    survived: %s\n", s)
			}
		}
		if score := float64(total.caught) / float64(total.made); score < requiredScore {
			t.Errorf("%s: the checker caught %d of %d mutants (%.1f%%), under %.0f%%; survivors:\n  %s",
				book, total.caught, total.made, 100*score, 100*requiredScore, strings.Join(survivors, "\n  "))
		}
	}
	t.Log("mutants caught, by book and kind of mistake:\n" + report.String())
}

// bookMutants makes the mutants of every table a check is bound to, in a
// book of the system.
func bookMutants(res *Result, system string) []mutant {
	var ms []mutant
	for _, tr := range res.Tables {
		if tr.Check != "" {
			ms = append(ms, tableMutants(tr.Table, claimsOf(tr.Check, system))...)
		}
	}
	return ms
}

// sampleOf picks n real mutants by a hash of where they are made, so that
// the sample is the same from run to run and does not shift when an
// unrelated table changes; n < 0 picks every real mutant.
func sampleOf(ms []mutant, n int) []mutant {
	hash := func(m mutant) uint64 {
		h := fnv.New64a()
		h.Write([]byte(string(m.class) + "\x00" + m.where))
		return h.Sum64()
	}
	sorted := slices.Clone(ms)
	if n >= 0 && len(ms) > n {
		slices.SortStableFunc(sorted, func(a, b mutant) int {
			ha, hb := hash(a), hash(b)
			switch {
			case ha < hb:
				return -1
			case ha > hb:
				return 1
			}
			return 0
		})
	}
	var sample []mutant
	for _, m := range sorted {
		if n >= 0 && len(sample) == n {
			break
		}
		if m.real == nil || m.real() {
			sample = append(sample, m)
		}
	}
	return sample
}

// errorsOf keys a book's errors by place, code and message.
func errorsOf(diags ast.DiagnosticList) map[string]bool {
	keys := map[string]bool{}
	for _, d := range diags {
		if d.Severity == ast.SeverityError {
			keys[d.Error()] = true
		}
	}
	return keys
}

// hasNewError reports an error the unmutated book did not have: the mistake
// was caught.
func hasNewError(diags ast.DiagnosticList, known map[string]bool) bool {
	for key := range errorsOf(diags) {
		if !known[key] {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
