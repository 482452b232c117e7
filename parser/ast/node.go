package ast

// NodeKind names the kind of a node in the document tree.
type NodeKind int

// Block kinds.
const (
	KindHeading NodeKind = iota + 1
	KindParagraph
	KindList
	KindListItem
	KindBox
	KindTable
	KindFigure
	KindFormula
	KindFootnote
	KindPageBreak
	KindCharSheet
	KindTOC
	KindCoverPage
	KindVerbatim
	KindClassData
	KindOddsChart
	KindImage
	KindStatBlock
	KindStatRatings
)

// Inline kinds.
const (
	KindText NodeKind = iota + 100
	KindEmphasis
	KindRunIn
	KindFootnoteRef
	KindDice
	KindRef
	KindIndexTerm
)

var kindNames = map[NodeKind]string{
	KindHeading:     "heading",
	KindParagraph:   "paragraph",
	KindList:        "list",
	KindListItem:    "item",
	KindBox:         "box",
	KindTable:       "table",
	KindFigure:      "figure",
	KindFormula:     "formula",
	KindFootnote:    "footnote",
	KindPageBreak:   "pagebreak",
	KindCharSheet:   "charsheet",
	KindTOC:         "toc",
	KindCoverPage:   "coverpage",
	KindVerbatim:    "verbatim",
	KindClassData:   "classdata",
	KindOddsChart:   "oddschart",
	KindImage:       "image",
	KindStatBlock:   "statblock",
	KindStatRatings: "statratings",
	KindText:        "text",
	KindEmphasis:    "emphasis",
	KindRunIn:       "runin",
	KindFootnoteRef: "footnoteref",
	KindDice:        "dice",
	KindRef:         "ref",
	KindIndexTerm:   "indexterm",
}

// String returns the kind's name as it appears in JSON and in --stats.
func (k NodeKind) String() string { return kindNames[k] }

// MarshalText writes the kind's name.
func (k NodeKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Node is anything in the document tree. Every node knows where in the
// manuscript it was written.
type Node interface {
	Kind() NodeKind
	Position() Pos
}

// Block is a node that stands on lines of its own: a heading, a paragraph, a
// table, a box.
type Block interface {
	Node
	isBlock()
}

// Inline is a node inside a paragraph's text.
type Inline interface {
	Node
	isInline()
}

// BlockNode gives a block its position and makes it a Block; every block
// type embeds it, and a reader sets its Pos.
type BlockNode struct{ Pos }

// Position returns where the block is written.
func (n *BlockNode) Position() Pos { return n.Pos }
func (*BlockNode) isBlock()        {}

// InlineNode gives an inline its position and makes it an Inline; every
// inline type embeds it, and a reader sets its Pos.
type InlineNode struct{ Pos }

// Position returns where the inline is written.
func (n *InlineNode) Position() Pos { return n.Pos }
func (*InlineNode) isInline()       {}
