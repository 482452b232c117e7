package ast

// BoxKind says what a box is for; writers style boxes by kind.
type BoxKind uint8

// The kinds of box a title can name.
const (
	BoxOther        BoxKind = iota // any other title
	BoxRulesSummary                // "Rules Summary 7: Qualification Roll"
	BoxExample                     // "Example 2"
	BoxNote                        // "Note 1"
	BoxSpecialRule                 // "Special Rule - Alarm Pheromones"
)

var boxKindNames = [...]string{"other", "rules-summary", "example", "note", "special-rule"}

// String returns the kind's name, as JSON and CSS classes spell it.
func (k BoxKind) String() string { return boxKindNames[k] }

// MarshalText writes the kind's name.
func (k BoxKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Box is a \begin{box}[Title] environment; its content is blocks.
type Box struct {
	BlockNode
	Title   string  `json:"title"`
	BoxKind BoxKind `json:"boxKind"`
	// Number is the number written in the title of a rules summary,
	// example or note, 0 for other boxes.
	Number int `json:"number,omitempty"`
	// NumberPos is where the number is written.
	NumberPos Pos `json:"-"`
	// Subtitle is the title's text after the kind and number: "Qualification
	// Roll" in "Rules Summary 7: Qualification Roll".
	Subtitle string  `json:"subtitle,omitempty"`
	Blocks   []Block `json:"blocks"`
}

// Kind returns KindBox.
func (*Box) Kind() NodeKind { return KindBox }

// MarshalJSON encodes the box with its kind.
func (n *Box) MarshalJSON() ([]byte, error) { type t Box; return marshalWithKind(n.Kind(), (*t)(n)) }
