package html

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/go-fonts/dejavu/dejavusansmono"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/sfnt"
	"github.com/galleyhq/galley/render/woff2"
)

// artFontFile is the art font as the site serves it: DejaVu Sans Mono, which
// has every box-drawing, block and geometric glyph the book's art uses, so
// that no reader's fonts decide how the cover looks.
const artFontFile = "DejaVuSansMono.woff2"

// monoRunes are the runes the site sets in the art font besides the art's
// own: what the dice roller's panel prints (expressions, breakdowns and
// outcomes, which a reader types or the engine writes) and the proof's
// check names.
const monoRunes = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~" +
	"–—−±×·…‘’“”←→≤≥✓✕"

// artFont returns the art font cut to the glyphs the site draws with it,
// the art's runes and monoRunes, as WOFF2: some 30 KB where the whole
// font is 340 KB, on every page's first view. DejaVu's Bitstream Vera
// licence lets a modified font keep a name without "Bitstream" or "Vera"
// in it, as the EPUB's subset does. A font the subsetter cannot read is
// served whole.
func artFont(doc *ast.Document) ([]byte, error) {
	// The art is a few hundred kinds of runes written many times over:
	// a bit set tells which have been seen, so that each kind reaches the
	// map once (a map's assignment for every rune took a 12 MB book's
	// art 12 ms).
	var seen [0x10000 / 64]uint64
	runes := map[rune]bool{}
	add := func(text string) {
		for _, r := range text {
			if r < 0x10000 {
				if seen[r/64]&(1<<(r%64)) != 0 {
					continue
				}
				seen[r/64] |= 1 << (r % 64)
			}
			runes[r] = true
		}
	}
	add(monoRunes)
	ast.WalkBlocks(doc.Blocks, func(b ast.Block) {
		var lines []string
		switch b := b.(type) {
		case *ast.Verbatim:
			lines = b.Lines
		case *ast.Figure:
			lines = b.Art
		case *ast.CoverPage:
			lines = b.Lines
		}
		for _, l := range lines {
			add(l)
		}
	})
	sorted := slices.Sorted(maps.Keys(runes))
	cached := artFontCache(sorted)
	if cached != "" {
		if font, err := os.ReadFile(cached); err == nil {
			return font, nil
		}
	}
	ttf := dejavusansmono.TTF
	if subset, err := sfnt.Subset(ttf, sorted); err == nil {
		ttf = subset
	}
	font, err := woff2.Encode(ttf)
	if err == nil && cached != "" {
		// A cache that cannot be written costs the next build the
		// font's cut, nothing more.
		_ = writeCacheFile(filepath.Dir(cached), cached, font)
	}
	return font, err
}

// artFontCache returns the file in galley's cache that holds the art font
// cut to runes, or "" when this galley cannot name one. Cutting the font
// and compressing it with Brotli took a tenth of a short
// book's site build, and a book's art changes seldom. The font, the
// subsetter and the encoder are galley's own, so the cut is keyed by the
// galley executable, its size and modification time as ccache keys a
// compiler by default, and by the runes: a galley built anew cuts it
// anew.
func artFontCache(runes []rune) string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	info, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%s", exe, info.Size(), info.ModTime().UnixNano(), string(runes))
	return filepath.Join(cacheDir(), "artfont-"+hex.EncodeToString(h.Sum(nil))[:20]+".woff2")
}
