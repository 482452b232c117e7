package typo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkSet sets the lines of seed 000, a book's worth of prose, as
// the writers set a paragraph's pieces.
func BenchmarkSet(b *testing.B) {
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "seeds", "000_*.txt"))
	if len(seeds) == 0 {
		b.Skip("seed 000 is not beside the repository")
	}
	data, err := os.ReadFile(seeds[0])
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		for _, line := range lines {
			Set(line, "", "")
		}
	}
}
