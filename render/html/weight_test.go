package html

import (
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// TestPageWeight builds a book whose second chapter shows a noisy picture
// of 1.6 MB, which PNG cannot shrink: that page, and only it, is
// over the default budget, and the warning stands at the picture, naming
// it and the page.
func TestPageWeight(t *testing.T) {
	dir := t.TempDir()
	book := "Light\n=====\n\nA page of text.\n\nHeavy\n=====\n\nA map.\n\n\\image{map.png}{The whole map}\n"
	if err := os.WriteFile(filepath.Join(dir, "book.txt"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	writeNoise(t, filepath.Join(dir, "map.png"), 640)
	site, summary := buildSite(t, dir, stubRoller)
	if len(summary.Diagnostics) != 1 {
		t.Fatalf("diagnostics %v, want one", summary.Diagnostics)
	}
	d := summary.Diagnostics[0]
	if d.Code != "site/page-weight" || d.Line != 11 || d.Col != 1 || d.Severity != ast.SeverityWarning ||
		!strings.Contains(d.Message, "heavy/index.html weighs 1.7 MB") || !strings.Contains(d.Message, "map.png, is 1.6 MB") {
		t.Errorf("diagnostic %v, want a page-weight warning at 11:1 naming heavy/index.html and map.png", d)
	}
	light, err := os.ReadFile(filepath.Join(site, "light", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if weight := newPageWeigher(site).weigh("light/index.html", light); weight < int64(len(light))+20_000 {
		t.Errorf("the light page weighs %d bytes, no more than its HTML and a stylesheet: its assets were not counted", weight)
	}
}

// writeNoise writes a side×side PNG of random pixels, which PNG cannot
// compress: about four bytes a pixel.
func writeNoise(t *testing.T, name string, side int) {
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	random := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(random.Uint32())
	}
	img.Set(0, 0, color.NRGBA{A: 255})
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestResolveRef resolves the references a page or a stylesheet makes,
// from the site's root, and leaves out those out of the site.
func TestResolveRef(t *testing.T) {
	for _, tt := range []struct{ from, ref, want string }{
		{"index.html", "assets/site.css", "assets/site.css"},
		{"chapter/index.html", "../assets/site.css?v=1", "assets/site.css"},
		{"assets/site.css", "DejaVuSansMono.woff2", "assets/DejaVuSansMono.woff2"},
		{"chapter/section.html", "/assets/x.png#part", "assets/x.png"},
		{"index.html", "https://example.com/x.js", ""},
		{"index.html", "data:image/png;base64,AAAA", ""},
		{"index.html", "../outside.png", ""},
		{"index.html", "#top", ""},
	} {
		if got := resolveRef(tt.from, tt.ref); got != tt.want {
			t.Errorf("resolveRef(%q, %q) = %q, want %q", tt.from, tt.ref, got, tt.want)
		}
	}
}

// TestFormatBytes writes sizes as a browser's network panel does.
func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{900: "900 B", 349_600: "350 kB", 1_249_000: "1.2 MB"} {
		if got := formatBytes(n); got != want {
			t.Errorf("formatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
