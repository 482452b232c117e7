package linebreak

// Infinity is the penalty that forbids a break (TeX's \penalty10000); its
// negation forces one. Penalties beyond it count as it.
const Infinity = 10000

// Kind says what an Item is.
type Kind uint8

const (
	// BoxItem is something of fixed width: a word, a syllable, a space that
	// must not change.
	BoxItem Kind = iota
	// GlueItem is space that may stretch or shrink, and a place to break when
	// a box comes right before it; at a break it is dropped.
	GlueItem
	// PenaltyItem is a place to break at a cost, such as a hyphenation
	// point; it takes no room unless the line breaks there.
	PenaltyItem
)

// An Item is one element of a paragraph, as in Knuth and Plass's model: a
// box, glue or a penalty. Widths are in points, or any unit as long as it is
// the one the line widths are in.
type Item struct {
	Kind Kind
	// Width is a box's or glue's width, or the width of what a penalty
	// adds at the end of a line broken there (a hyphen's).
	Width float64
	// Stretch and Shrink are how much glue may grow and shrink; a Stretch
	// of math.Inf(1) is TeX's fil: it takes all the room a line has left,
	// as the glue that fills a paragraph's last line does. Glue should not
	// shrink by more than its width.
	Stretch, Shrink float64
	// Penalty is a penalty's cost; Infinity forbids a break, -Infinity
	// forces one.
	Penalty float64
	// Flagged marks a penalty as a hyphenation, so that two hyphenated
	// lines in a row cost more.
	Flagged bool
}

// Box returns a box of the given width.
func Box(width float64) Item {
	return Item{Kind: BoxItem, Width: width}
}

// Glue returns glue of the given natural width, stretch and shrink.
func Glue(width, stretch, shrink float64) Item {
	return Item{Kind: GlueItem, Width: width, Stretch: stretch, Shrink: shrink}
}

// Penalty returns a penalty: a place to break costing penalty, where the
// line ends with something width wide (a hyphen's width for a flagged one).
func Penalty(width, penalty float64, flagged bool) Item {
	return Item{Kind: PenaltyItem, Width: width, Penalty: penalty, Flagged: flagged}
}

// forced reports whether a penalty forces a break.
func (it Item) forced() bool {
	return it.Kind == PenaltyItem && it.Penalty <= -Infinity
}
