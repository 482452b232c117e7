package html

import (
	"maps"
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
	runes := map[rune]bool{}
	for _, r := range monoRunes {
		runes[r] = true
	}
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		var lines []string
		switch n := n.(type) {
		case *ast.Verbatim:
			lines = n.Lines
		case *ast.Figure:
			lines = n.Art
		case *ast.CoverPage:
			lines = n.Lines
		}
		for _, l := range lines {
			for _, r := range l {
				runes[r] = true
			}
		}
		return true
	})
	ttf := dejavusansmono.TTF
	if subset, err := sfnt.Subset(ttf, slices.Sorted(maps.Keys(runes))); err == nil {
		ttf = subset
	}
	return woff2.Encode(ttf)
}
