package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/sheet"
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

// BenchmarkCheckCorpus checks the 12 MB corpus of bench/compare.sh (the
// seed's body a hundred times, as ../shared/bench/make_corpus.py builds
// it), parsed, filled and its sheets read once: the checker's share of
// `galley build --only html` on it, where each pass's walks and scans show.
func BenchmarkCheckCorpus(b *testing.B) {
	doc, _ := parser.Parse("corpus.txt", testbook.SeedCorpus(b, 100))
	Fill(doc)
	sheets, _ := sheet.OfBook(doc)
	b.ReportAllocs()
	start, measured := processCPU()
	for b.Loop() {
		Book(doc, sheets)
	}
	// The passes run on every core: the CPU time an op takes, garbage
	// collection and all, is what the build pays, and wall time hides it.
	if end, ok := processCPU(); measured && ok {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
