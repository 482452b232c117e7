package ast

// RefKind says what a reference points at.
type RefKind string

// Ref is a reference in the text: "Table 2", "Rules Summaries 17-19",
// `Section "Decile dice"`, `the "Features" Section of the "System" Chapter`,
// "Section 3.4.2.1" in a numbered outline.
// A list ("Examples 2 and 3", `Chapters "Character", and "Setting"`) is one
// Ref per item, the first carrying the keyword, so each becomes its own
// link.
type Ref struct {
	InlineNode
	RefKind RefKind `json:"refKind"`
	// Text is the reference as written.
	Text string `json:"text"`
	// From and To are the numbers of a numbered reference, equal unless it
	// is a range.
	From int `json:"from,omitempty"`
	To   int `json:"to,omitempty"`
	// Title is the quoted heading title of a section or chapter reference.
	Title string `json:"title,omitempty"`
	// Within is the title of the heading the target must sit under, from
	// `… of the "System" Chapter`.
	Within string `json:"within,omitempty"`
	// Number is the section number of a section reference by number,
	// "3.4.2.1"; Title is then the title written after it, if any ("see
	// 3.7.9.3 Obstacle"), which the heading of that number must have.
	Number string `json:"number,omitempty"`
}

// Kind returns KindRef.
func (*Ref) Kind() NodeKind { return KindRef }

// The kinds of reference.
const (
	RefTable        RefKind = "table"
	RefFigure       RefKind = "figure"
	RefExample      RefKind = "example"
	RefNote         RefKind = "note"
	RefRulesSummary RefKind = "rules-summary"
	RefSection      RefKind = "section"
	RefChapter      RefKind = "chapter"
)

// MarshalJSON encodes the reference with its kind.
func (n *Ref) MarshalJSON() ([]byte, error) { type t Ref; return marshalWithKind(n.Kind(), (*t)(n)) }
