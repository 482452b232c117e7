package parser

import (
	"strconv"
	"strings"
)

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
	blockNode
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

// numberedBoxKinds maps the title words of numbered boxes to their kinds.
var numberedBoxKinds = []struct {
	prefix string // the title's word and the space after it
	kind   BoxKind
}{
	{"Rules Summary ", BoxRulesSummary},
	{"Example ", BoxExample},
	{"Note ", BoxNote},
}

func (p *blockParser) box(env *environment) *Box {
	b := &Box{blockNode: blockNode{env.begin.firstTextPos()}, Title: strings.TrimSpace(env.arg), BoxKind: BoxOther}
	b.classify(env.argPos())
	b.Blocks = p.segmentBlocks(env.children)
	return b
}

// classify reads the kind, number and subtitle from the title.
func (b *Box) classify(titlePos Pos) {
	for _, k := range numberedBoxKinds {
		rest, ok := strings.CutPrefix(b.Title, k.prefix)
		if !ok {
			continue
		}
		digits := 0
		for digits < len(rest) && digits < 9 && rest[digits] >= '0' && rest[digits] <= '9' {
			digits++
		}
		after := rest[digits:]
		if digits == 0 || after != "" && after[0] != ':' {
			continue
		}
		b.BoxKind = k.kind
		b.Number, _ = strconv.Atoi(rest[:digits])
		b.NumberPos = Pos{File: titlePos.File, Line: titlePos.Line, Col: titlePos.Col + len(k.prefix)}
		b.Subtitle = strings.TrimSpace(strings.TrimPrefix(after, ":"))
		return
	}
	for _, sep := range []string{" - ", ": "} {
		if rest, ok := strings.CutPrefix(b.Title, "Special Rule"+sep); ok {
			b.BoxKind, b.Subtitle = BoxSpecialRule, strings.TrimSpace(rest)
			return
		}
	}
}
