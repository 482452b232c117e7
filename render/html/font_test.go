package html

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// TestArtFontCached cuts the art font once and reads the cut back from
// galley's cache for the next build of the same art.
func TestArtFontCached(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	doc, _ := parser.Parse("art.txt", []byte("\\chapter{Art}\n\n\\begin{verbatim}\n┌──┐\n│▒▒│\n└──┘\n\\end{verbatim}\n"))
	first, err := artFont(doc)
	if err != nil {
		t.Fatal(err)
	}
	cuts, _ := filepath.Glob(filepath.Join(cacheDir(), "artfont-*.woff2"))
	if len(cuts) != 1 {
		t.Fatalf("the cache holds %v, want the one cut", cuts)
	}
	if cached, err := os.ReadFile(cuts[0]); err != nil || !bytes.Equal(cached, first) {
		t.Fatalf("the cache holds %d bytes (%v), the site %d", len(cached), err, len(first))
	}
	// The next build reads what the cache holds rather than cut again.
	marked := append(bytes.Clone(first), "cached"...)
	if err := os.WriteFile(cuts[0], marked, 0o644); err != nil {
		t.Fatal(err)
	}
	if again, err := artFont(doc); err != nil || !bytes.Equal(again, marked) {
		t.Errorf("the second cut of the same art was made anew (%d bytes, %v)", len(again), err)
	}
	// Other art is another cut.
	other, _ := parser.Parse("art.txt", []byte("\\chapter{Art}\n\n\\begin{verbatim}\n╔══╗\n╚══╝\n\\end{verbatim}\n"))
	if font, err := artFont(other); err != nil || bytes.Equal(font, marked) {
		t.Errorf("other art was given the first art's cut (%v)", err)
	}
	if cuts, _ := filepath.Glob(filepath.Join(cacheDir(), "artfont-*.woff2")); len(cuts) != 2 {
		t.Errorf("the cache holds %v, want two cuts", cuts)
	}
}
