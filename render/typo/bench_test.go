package typo

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
)

// BenchmarkSet sets the lines of seed 000, a book's worth of prose, as
// the writers set a paragraph's pieces.
func BenchmarkSet(b *testing.B) {
	seed := testbook.SeedCorpus(b, 1)
	lines := strings.Split(string(seed), "\n")
	b.SetBytes(int64(len(seed)))
	for b.Loop() {
		for _, line := range lines {
			Set(line, "", "")
		}
	}
}
