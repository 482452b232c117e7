package html

import (
	"context"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules/check"
)

// BenchmarkWriteSite writes the bundled book's site.
func BenchmarkWriteSite(b *testing.B) {
	benchmarkWriteSite(b, testbook.Book(b))
}

// BenchmarkWriteSiteLarge writes the site of the bundled book with its
// chapters repeated 40 times: what a page costs should not grow with the
// book.
func BenchmarkWriteSiteLarge(b *testing.B) {
	benchmarkWriteSite(b, testbook.Long(b, 40))
}

// benchmarkWriteSite writes doc's site. The dice roller is a stand-in:
// compiling it is cached work, measured by the build, not by this.
func benchmarkWriteSite(b *testing.B, doc *ast.Document) {
	sheets := testbook.SheetsOf(doc)
	opts := SiteOptions{Roller: func(context.Context) (*Roller, error) {
		return &Roller{Wasm: []byte("wasm"), Exec: []byte("exec")}, nil
	}, Proof: check.Book(doc, sheets).CheckOf}
	var pages int
	b.ReportAllocs()
	for b.Loop() {
		summary, err := WriteSite(context.Background(), doc, sheets, b.TempDir(), opts)
		if err != nil {
			b.Fatal(err)
		}
		pages = summary.Pages
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*pages), "µs/page")
}
