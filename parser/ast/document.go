package ast

import (
	"os"
	"sync"
	"time"
)

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
	Dir Dir `json:"-"`
	// Static lists the files of the manuscript's static/ directory that a
	// build copies into the output, relative to it (see Dir).
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
	// NumbersChecked says that the reader has checked the written numbers
	// of the captions and the boxes itself, as the outline's reader does:
	// a numbered outline may be a draft cut from a longer manuscript whose
	// numbers it keeps, so a gap is no fault there, though a number that
	// goes back or repeats is. The checker then leaves their sequences be.
	NumbersChecked bool `json:"-"`
	// Index is the book's back-of-book index, which the pipeline builds
	// once the sheets are read (see package parser/index); nil for a book
	// without one.
	Index *Index `json:"-"`

	// Source keeps each file, comments included, for diagnostics that
	// quote the line they point at; nil for a tree made by hand.
	Source Source `json:"-"`

	// targets indexes the references' targets once, for the checker and
	// every writer (see Targets).
	targetsOnce sync.Once
	targets     *Targets
}

// SourceLine returns line n (from 1) of file as written, with invalid UTF-8
// replaced, or "" when there is no such line.
func (d *Document) SourceLine(file string, n int) string {
	if d.Source == nil {
		return ""
	}
	return d.Source.Line(file, n)
}

// Source is the text a document was read from, as its reader keeps it.
type Source interface {
	// Line returns line n (from 1) of file as written, with invalid UTF-8
	// replaced, or "" when there is no such line.
	Line(file string, n int) string
}

// Dir is the manuscript directory a book was read from (the reader's
// parser.BookDir). A writer opens the files the book names through it, so
// that it cannot be made to read, and publish, a file from outside the
// directory.
type Dir interface {
	// Join returns the path of name, a slash-separated path relative to
	// the directory.
	Join(name string) string
	// Open opens name, refusing a path that leads outside the directory.
	Open(name string) (*os.File, error)
}
