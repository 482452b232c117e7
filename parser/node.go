package parser

import (
	"sync"
	"time"
)

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
)

// Inline kinds.
const (
	KindText NodeKind = iota + 100
	KindEmphasis
	KindRunIn
	KindFootnoteRef
	KindDice
	KindRef
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
	KindText:        "text",
	KindEmphasis:    "emphasis",
	KindRunIn:       "runin",
	KindFootnoteRef: "footnoteref",
	KindDice:        "dice",
	KindRef:         "ref",
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

// blockNode gives block nodes their position.
type blockNode struct{ Pos }

func (n *blockNode) Position() Pos { return n.Pos }
func (*blockNode) isBlock()        {}

// inlineNode gives inline nodes their position.
type inlineNode struct{ Pos }

func (n *inlineNode) Position() Pos { return n.Pos }
func (*inlineNode) isInline()       {}

// Document is a whole book: the blocks of every manuscript file in order.
type Document struct {
	// Config is the book's galley.toml, or the defaults when it has none.
	Config *Config `json:"config"`
	// Files lists the manuscript files in reading order.
	Files  []string `json:"files"`
	Blocks []Block  `json:"blocks"`
	// Claims lists the \claim numbers of the prose in source order, for
	// the checker; in the blocks each is the Text of its number.
	Claims []*Claim `json:"claims,omitempty"`
	// Dir is the manuscript directory, through which every file of the
	// book is read; nil for a book of one file.
	Dir *BookDir `json:"-"`
	// Static lists the files of the manuscript's static/ directory that a
	// build copies into the output, relative to it (see BookDir).
	Static []string `json:"-"`
	// Date is the book's date, which its PDFs carry: SOURCE_DATE_EPOCH when
	// set, else the latest modification time of the files it was read
	// from, so that the same files give the same bytes. It is zero for a
	// book parsed from memory.
	Date time.Time `json:"-"`
	// Cover is the picture galley.toml's cover names, nil for none.
	Cover *Image `json:"cover,omitempty"`
	// Pictures lists the files of the book's pictures as paths on disk,
	// those missing too, so that serve sees a picture change or arrive.
	Pictures []string `json:"-"`

	// imageDir is the directory the pictures' paths are read from: the
	// manuscript directory, or a single file's; nil for a book parsed
	// from memory (see resolveImages).
	imageDir *BookDir

	// source keeps each file, comments included, for diagnostics that
	// quote the line they point at.
	source map[string]*sourceFile
	// targets indexes the references' targets once, for the checker and
	// every writer (see Targets).
	targetsOnce sync.Once
	targets     *Targets
}

// SourceLine returns line n (from 1) of file as written, with invalid UTF-8
// replaced, or "" when there is no such line.
func (d *Document) SourceLine(file string, n int) string {
	f := d.source[file]
	if f == nil || n < 1 || n > len(f.ends) {
		return ""
	}
	return f.line(n - 1)
}
