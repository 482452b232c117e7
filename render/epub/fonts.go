package epub

import (
	"github.com/go-fonts/dejavu/dejavusansmono"
	"github.com/go-fonts/liberation/liberationserifbold"
	"github.com/go-fonts/liberation/liberationserifitalic"
	"github.com/go-fonts/liberation/liberationserifregular"
)

// fonts are the faces the EPUB embeds, the print book's: Liberation Serif
// for the text, DejaVu Sans Mono for the art and the character sheets,
// whose box-drawing characters few readers' own fonts have.
//
// The text faces are embedded whole and unchanged: Liberation is under the
// SIL Open Font License with "Liberation" as a Reserved Font Name, and the
// OFL counts a subset as a modified version, which may not keep a reserved
// name; a subset renamed would be a font of galley's own to maintain. An
// unchanged font carries its copyright and licence in its name table, as
// the licence asks of a copy. DejaVu Sans Mono is under the Bitstream
// Vera licence, which lets a modified font keep a name without "Bitstream"
// or "Vera" in it, so it is subset to the glyphs the book's art and sheets
// draw (see sfnt.Subset), a fifth of its size. The bold and italic sans
// faces the PDF sets its tables in are left out: the EPUB's tables are in
// the text's serif, which keeps the book lighter by two megabytes.
var fonts = []struct {
	file, family, weight, style string
	ttf                         []byte
	// subset is set for a font that holds only the glyphs of the
	// monospace text, under a licence that allows it.
	subset bool
}{
	{"fonts/LiberationSerif-Regular.ttf", "Liberation Serif", "normal", "normal", liberationserifregular.TTF, false},
	{"fonts/LiberationSerif-Bold.ttf", "Liberation Serif", "bold", "normal", liberationserifbold.TTF, false},
	{"fonts/LiberationSerif-Italic.ttf", "Liberation Serif", "normal", "italic", liberationserifitalic.TTF, false},
	{"fonts/DejaVuSansMono.ttf", "DejaVu Sans Mono", "normal", "normal", dejavusansmono.TTF, true},
}
