package index

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/sheet"
)

// BenchmarkBuildSeed indexes the designer's manuscript ten times over, as
// the site build does on every build: the index is built whichever parts
// are written.
func BenchmarkBuildSeed(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "seeds", "000_9527e596835b1710.txt"))
	if err != nil {
		b.Skipf("the seed manuscript is not beside the repository (%v); skipping", err)
	}
	doc, _ := parser.Parse("seed.txt", []byte(strings.Repeat(string(src)+"\n", 10)))
	sheets, _ := sheet.OfBook(doc)
	b.SetBytes(int64(10 * len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Build(doc, sheets)
	}
}
