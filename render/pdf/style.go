package pdf

// The book's typography, in points for type and millimetres for the rest.
// Body text is DejaVu Serif at 10 points on 13.5-point lines, justified
// across the measure (see setter.justify); tables and the running head are
// in DejaVu Sans, art in DejaVu Sans Mono, sized so that the 89 columns of
// the ASCII frame fill the measure.
var (
	bodyFont    = font{fontSerif, "", 10}
	bodyLeading = 13.5 * ptMM
	smallFont   = font{fontSerif, "", 8.5}
	smallLead   = 11 * ptMM
	noteFont    = font{fontSerif, "", 8}
	noteLeading = 10 * ptMM
	tableFont   = font{fontSans, "", 9}
	tableLead   = 11.5 * ptMM
	runningFont = font{fontSans, "", 8}
)

// Space between blocks, in millimetres: a paragraph's, and the more that
// sets tables, figures and boxes off from the prose.
const (
	paraSkip  = 2.4
	blockSkip = 3.6
)

// artColumns is how many columns of art fill the measure: the ASCII
// frame's text width.
const artColumns = 89

// Inks, as RGB. Text is near black, references a quiet blue that prints
// dark; headings take the colour of the book's title bars.
var (
	inkText    = rgb{25, 25, 25}
	inkLink    = rgb{30, 70, 140}
	inkHeading = rgb{25, 45, 80}
	inkMuted   = rgb{110, 110, 110}
	inkChecked = rgb{29, 107, 58} // the site's --g-checked
	inkHair    = rgb{170, 170, 170}
	inkZebra   = rgb{242, 242, 242}
)

// codeInks are the inks highlighted code is printed in, by render/lexer's
// class: the site's light theme's (site.css, "Highlighted code"), each
// dark enough to read on white. A class without one, and plain code, is
// inkText.
var codeInks = map[string]rgb{
	"k":  {154, 74, 18},  // keywords, --g-accent
	"c":  {106, 98, 86},  // comments, --g-muted
	"s":  {29, 107, 58},  // strings, --g-checked
	"m":  {74, 109, 146}, // numbers and dice, --g-example-rule
	"n":  {155, 59, 105}, // names that stand out, --g-special-rule
	"gh": inkHeading,
}

// The columns: the room between them, and the narrowest a column may be
// (see columnCount). Two columns of 80 mm on A4, 83 on Letter, hold 55 to
// 65 characters of the body face, the measure a book's prose reads best
// at; across the whole 166 mm it would be 120.
const (
	gutter    = 6.0
	minColumn = 70.0
)

// The page's furniture: the running head's baseline, above the text, and
// the page number's, from the foot of the page; both keep out of
// safeZone with their glyphs.
const (
	headAbove = 8.0
	footBase  = 14.0
)

// safeZone is how near the trim a printer may cut: 0.5 in, the margin
// print-on-demand services ask text to keep from every edge.
const safeZone = 12.7

// maxMeasure is the widest a single column is set, 69 characters of the
// body face: on a page too narrow for two columns, what is left goes to
// the margins.
const maxMeasure = 95.0
