// Package pdfpatch amends the PDF files fpdf writes with what fpdf cannot
// write: objects added, or new versions of its own, as an incremental
// update (Read, Update), the way PDF lets a signed or filled document be
// amended, and the trim and bleed boxes of every page of a book for the
// press (AddPageBoxes). It works on fpdf's bytes as fpdf writes them, not
// on any PDF: its tests pin the shape of fpdf's output they rely on, so
// that an fpdf that writes otherwise fails them, not a reader's PDF.
//
// It is a package of its own, below the PDF writer, so that what it
// assumes of fpdf is in one place.
package pdfpatch

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
)

// Document is a PDF read for an update: its bytes, and what its last
// trailer and its cross-reference sections say.
type Document struct {
	data []byte
	// size is the trailer's /Size, the first object number free; root
	// and info are the catalog's and the document information's.
	size, root, info int
	// startxref is the offset of the last cross-reference section.
	startxref int
	// xref is each object's offset, by number: its newest version's, where
	// updates have written it again; -1 for an object freed,
	// inObjectStream for one in an object stream.
	xref map[int]int
	// stream tells whether the last cross-reference section is a stream
	// (xrefstream.go), as an update's must then be.
	stream bool
}

var (
	startxref   = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)
	xrefSection = regexp.MustCompile(`^xref\s+`)
	subsection  = regexp.MustCompile(`^(\d+) (\d+)\s+`)
	xrefEntry   = regexp.MustCompile(`^(\d{10}) (\d{5}) ([nf])\s{1,2}`)
	intEntry    = regexp.MustCompile(`/(Size|Prev) (\d+)`)
)

// Read reads the cross-reference sections and the trailer that end data,
// following each section's /Prev to the one before.
func Read(data []byte) (*Document, error) {
	m := startxref.FindSubmatch(data)
	if m == nil {
		return nil, errors.New("no startxref at the end of the PDF")
	}
	d := &Document{data: data, xref: map[int]int{}}
	d.startxref, _ = strconv.Atoi(string(m[1]))
	for at, seen := d.startxref, map[int]bool{}; at >= 0; {
		if at >= len(data) || seen[at] {
			return nil, errors.New("a cross-reference section is past the end of the PDF, or loops")
		}
		seen[at] = true
		read := readXref
		if !xrefSection.Match(data[at:]) {
			read = readXrefStream
			d.stream = d.stream || len(seen) == 1
		}
		dict, err := read(data[at:], d.xref)
		if err != nil {
			return nil, err
		}
		at = -1
		for _, e := range intEntry.FindAllSubmatch(dict, -1) {
			n, _ := strconv.Atoi(string(e[2]))
			switch {
			case string(e[1]) == "Prev":
				at = n
			case d.size == 0:
				d.size = n
			}
		}
		if d.root == 0 {
			d.root, d.info = RefIn(dict, "Root"), RefIn(dict, "Info")
		}
	}
	if d.root == 0 || d.size == 0 {
		return nil, errors.New("the trailer names no /Root or /Size")
	}
	return d, nil
}

// readXref reads the cross-reference section at the start of section into
// xref, but for objects it has already, and returns its trailer's
// dictionary.
func readXref(section []byte, xref map[int]int) ([]byte, error) {
	loc := xrefSection.FindIndex(section)
	if loc == nil {
		return nil, errors.New("no cross-reference table where startxref or /Prev points")
	}
	rest := section[loc[1]:]
	for {
		sub := subsection.FindSubmatch(rest)
		if sub == nil {
			break
		}
		first, _ := strconv.Atoi(string(sub[1]))
		count, _ := strconv.Atoi(string(sub[2]))
		rest = rest[len(sub[0]):]
		for i := range count {
			e := xrefEntry.FindSubmatch(rest)
			if e == nil {
				return nil, errors.New("a malformed cross-reference entry")
			}
			if _, ok := xref[first+i]; !ok {
				xref[first+i] = -1 // free
				if string(e[3]) == "n" {
					xref[first+i], _ = strconv.Atoi(string(e[1]))
				}
			}
			rest = rest[len(e[0]):]
		}
	}
	end := bytes.Index(rest, []byte(">>"))
	if !bytes.HasPrefix(rest, []byte("trailer")) || end < 0 {
		return nil, errors.New("no trailer after the cross-reference table")
	}
	return rest[:end+2], nil
}

// Root returns the catalog's object number.
func (d *Document) Root() int { return d.root }

// Object returns the dictionary of object num, a dictionary without a
// stream, as fpdf writes the catalog, the page tree and the pages.
func (d *Document) Object(num int) ([]byte, error) {
	at, ok := d.xref[num]
	head := []byte(strconv.Itoa(num) + " 0 obj")
	if !ok || at < 0 || at >= len(d.data) || !bytes.HasPrefix(d.data[at:], head) {
		return nil, fmt.Errorf("object %d is not where the cross-reference table says", num)
	}
	body := d.data[at+len(head):]
	end := bytes.Index(body, []byte("endobj"))
	if end < 0 {
		return nil, fmt.Errorf("object %d does not end", num)
	}
	return bytes.TrimSpace(body[:end]), nil
}

// refEntry is a dictionary's entry that refers to an object.
var refEntry = regexp.MustCompile(`/(\w+)\s+(\d+) 0 R`)

// RefIn returns the object number a dictionary's key refers to, or 0.
func RefIn(dict []byte, key string) int {
	for _, m := range refEntry.FindAllSubmatch(dict, -1) {
		if string(m[1]) == key {
			n, _ := strconv.Atoi(string(m[2]))
			return n
		}
	}
	return 0
}

// AddEntry returns dict, a dictionary, with entry added before its >>.
func AddEntry(dict []byte, entry string) string {
	end := bytes.LastIndex(dict, []byte(">>"))
	return string(dict[:end]) + "\n" + entry + "\n>>"
}
