package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// BenchmarkCheckSeed checks the designer's manuscript, already parsed: the
// work `galley check` adds to parsing.
func BenchmarkCheckSeed(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "seeds", "000_9527e596835b1710.txt"))
	if err != nil {
		b.Skipf("the seed manuscript is not beside the repository (%v); skipping", err)
	}
	doc, _ := parser.Parse("seed.txt", src)
	b.ReportAllocs()
	for b.Loop() {
		checkBook(doc)
	}
}

// BenchmarkCheckBundledBook checks the bundled book, whose odds tables make
// the engine compute exact distributions.
func BenchmarkCheckBundledBook(b *testing.B) {
	doc, _, err := parser.ParseBook(filepath.Join("..", "..", "manuscript"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		checkBook(doc)
	}
}
