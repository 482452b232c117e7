package pdfpatch

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
)

// pagePrefix starts every page object fpdf writes.
var pagePrefix = []byte("<</Type /Page\n/Parent 1 0 R")

// AddPageBoxes writes into every page of a PDF whose pages are b larger
// than their trim on each side (in millimetres) a TrimBox and a BleedBox,
// and moves the cross-reference table's offsets past what it wrote. fpdf
// writes a page's boxes from a map, in no fixed order, which would make
// two builds of a book differ; written here, they are the same bytes.
//
// It also mends the trailer fpdf writes for a PDF with an output intent:
// fpdf points its /Info at the object before the catalogue, which is then
// the intent's ICC profile, not the document's information (its title).
func AddPageBoxes(data []byte, b float64) ([]byte, error) {
	start := bytes.LastIndex(data, []byte("\nxref\n"))
	if start < 0 {
		return nil, errors.New("press: no cross-reference table in the PDF")
	}
	w, h, err := mediaBox(data[:start])
	if err != nil {
		return nil, err
	}
	k := 72 / 25.4
	boxes := fmt.Appendf(nil, "\n/TrimBox [%.2f %.2f %.2f %.2f]\n/BleedBox [0 0 %.2f %.2f]", b*k, b*k, w-b*k, h-b*k, w, h)
	out := make([]byte, 0, len(data)+bytes.Count(data[:start], pagePrefix)*len(boxes))
	// at are the offsets in data where the boxes went in, in order.
	var at []int
	from := 0
	for {
		i := bytes.Index(data[from:start], pagePrefix)
		if i < 0 {
			break
		}
		end := from + i + len(pagePrefix)
		out = append(append(out, data[from:end]...), boxes...)
		at = append(at, end)
		from = end
	}
	// shifted returns where an offset into data lies in out.
	shifted := func(offset int) int {
		return offset + len(boxes)*sort.SearchInts(at, offset+1)
	}
	out = append(out, data[from:start]...)
	xref, err := shiftXref(data[start:], shifted)
	if err != nil {
		return nil, err
	}
	return append(out, xref...), nil
}

// mediaBox reads the MediaBox fpdf writes in the page tree, in points: the
// size of every page.
func mediaBox(data []byte) (w, h float64, err error) {
	i := bytes.Index(data, []byte("/MediaBox [0 0 "))
	if i < 0 {
		return 0, 0, errors.New("press: no MediaBox in the PDF")
	}
	_, err = fmt.Sscanf(string(data[i+len("/MediaBox [0 0 "):min(len(data), i+60)]), "%g %g]", &w, &h)
	return w, h, err
}

// shiftXref returns the cross-reference section xref (from "\nxref\n" to
// the end of the file) with every offset, and startxref, moved by
// shifted, and the trailer's /Info pointed at the object before the one
// fpdf names, past the one output intent's profile (see AddPageBoxes).
func shiftXref(xref []byte, shifted func(int) int) ([]byte, error) {
	lines := bytes.Split(xref, []byte("\n"))
	for i, line := range lines {
		switch {
		case len(line) == 19 && line[10] == ' ' && line[16] == ' ' && line[17] == 'n':
			offset, err := strconv.Atoi(string(line[:10]))
			if err != nil {
				return nil, fmt.Errorf("press: bad cross-reference entry %q", line)
			}
			lines[i] = fmt.Appendf(nil, "%010d%s", shifted(offset), line[10:])
		case bytes.HasPrefix(line, []byte("/Info ")):
			var info int
			if _, err := fmt.Sscanf(string(line), "/Info %d 0 R", &info); err != nil {
				return nil, fmt.Errorf("press: bad trailer entry %q", line)
			}
			lines[i] = fmt.Appendf(nil, "/Info %d 0 R", info-1)
		case i > 0 && string(lines[i-1]) == "startxref":
			offset, err := strconv.Atoi(string(line))
			if err != nil {
				return nil, fmt.Errorf("press: bad startxref %q", line)
			}
			lines[i] = strconv.AppendInt(nil, int64(shifted(offset)), 10)
		}
	}
	return bytes.Join(lines, []byte("\n")), nil
}
