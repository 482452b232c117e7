package html

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/rules/check"
)

// BenchmarkWriteSite writes the bundled book's site.
func BenchmarkWriteSite(b *testing.B) {
	benchmarkWriteSite(b, testbook.Book(b))
}

// BenchmarkWriteSiteLarge writes the site of the bundled book with its
// chapters repeated 40 times, some 900 pages: what a page costs should not
// grow with the book.
func BenchmarkWriteSiteLarge(b *testing.B) {
	benchmarkWriteSite(b, repeatedBook(b, 40))
}

// benchmarkWriteSite writes doc's site. The dice roller is a stand-in:
// compiling it is cached work, measured by the build, not by this.
func benchmarkWriteSite(b *testing.B, doc *parser.Document) {
	checks := check.Book(doc)
	opts := SiteOptions{Roller: func(context.Context) (*Roller, error) {
		return &Roller{Wasm: []byte("wasm"), Exec: []byte("exec")}, nil
	}}
	var pages int
	b.ReportAllocs()
	for b.Loop() {
		summary, err := WriteSite(context.Background(), doc, checks, b.TempDir(), opts)
		if err != nil {
			b.Fatal(err)
		}
		pages = summary.Pages
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*pages), "µs/page")
}

// repeatedBook parses the bundled book with the files after its front
// matter listed times times over. The repeats make duplicate numbers and
// classes, which the parser reports and the site draws all the same.
func repeatedBook(b *testing.B, times int) *parser.Document {
	cfg := testbook.Book(b).Config
	dir := b.TempDir()
	for _, name := range cfg.Files {
		data, err := os.ReadFile(filepath.Join(testbook.Dir(), name))
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	files := []string{fmt.Sprintf("%q", cfg.Files[0])}
	for range times {
		for _, name := range cfg.Files[1:] {
			files = append(files, fmt.Sprintf("%q", name))
		}
	}
	config := fmt.Sprintf("title = %q\nsubtitle = %q\nsystem = %q\nfiles = [%s]\n", cfg.Title, cfg.Subtitle, cfg.System, strings.Join(files, ", "))
	if err := os.WriteFile(filepath.Join(dir, parser.ConfigFile), []byte(config), 0o644); err != nil {
		b.Fatal(err)
	}
	doc, _, err := parser.ParseBook(dir)
	if err != nil {
		b.Fatal(err)
	}
	return doc
}
