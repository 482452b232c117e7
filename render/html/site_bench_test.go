package html

import (
	"context"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/rules/check"
)

// BenchmarkWriteSite writes the bundled book's site. The dice roller is a
// stand-in: compiling it is cached work, measured by the build, not by this.
func BenchmarkWriteSite(b *testing.B) {
	doc := testbook.Book(b)
	checks := check.Book(doc)
	opts := SiteOptions{Roller: func(context.Context) (*Roller, error) {
		return &Roller{Wasm: []byte("wasm"), Exec: []byte("exec")}, nil
	}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := WriteSite(context.Background(), doc, checks, b.TempDir(), opts); err != nil {
			b.Fatal(err)
		}
	}
}
