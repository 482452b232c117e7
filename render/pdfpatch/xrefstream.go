package pdfpatch

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// A tagged PDF fpdf writes ends with a cross-reference stream (ISO 32000-1
// §7.5.8), which finds its structure tree in object streams; an update of
// such a PDF is read from one and ends with one of its own, as a file's
// updates keep the kind of cross-reference its first section has.

var (
	streamStart = regexp.MustCompile(`^\d+ 0 obj\s*(<<(?s:.*?)>>)\s*stream\r?\n`)
	widths      = regexp.MustCompile(`/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]`)
	lengthEntry = regexp.MustCompile(`/Length (\d+)`)
	indexEntry  = regexp.MustCompile(`/Index\s*\[([\d\s]*)\]`)
)

// readXrefStream reads the cross-reference stream at the start of section
// into xref, but for objects it has already, and returns its dictionary.
// An object in an object stream is recorded as one Object cannot read.
func readXrefStream(section []byte, xref map[int]int) ([]byte, error) {
	m := streamStart.FindSubmatch(section)
	if m == nil || !bytes.Contains(m[1], []byte("/Type /XRef")) {
		return nil, errors.New("no cross-reference table or stream where startxref or /Prev points")
	}
	dict := m[1]
	w := widths.FindSubmatch(dict)
	n := lengthEntry.FindSubmatch(dict)
	if w == nil || n == nil {
		return nil, errors.New("a cross-reference stream without its /W or /Length")
	}
	length, _ := strconv.Atoi(string(n[1]))
	body := section[len(m[0]):]
	if length > len(body) {
		return nil, errors.New("a cross-reference stream longer than the PDF")
	}
	rows := body[:length]
	if bytes.Contains(dict, []byte("/FlateDecode")) {
		r, err := zlib.NewReader(bytes.NewReader(rows))
		if err != nil {
			return nil, fmt.Errorf("a cross-reference stream: %w", err)
		}
		if rows, err = io.ReadAll(r); err != nil {
			return nil, fmt.Errorf("a cross-reference stream: %w", err)
		}
	}
	var width [3]int
	for i := range width {
		width[i], _ = strconv.Atoi(string(w[i+1]))
	}
	row := width[0] + width[1] + width[2]
	if row == 0 {
		return nil, errors.New("a cross-reference stream of empty entries")
	}
	if row > len(rows) {
		// Its widths are the stream's to say, and no larger than it.
		return nil, errors.New("a cross-reference stream shorter than one of its entries")
	}
	if bytes.Contains(dict, []byte("/Predictor")) {
		// fpdf's is PNG's Up, 12, over rows of the entries' width.
		rows = undoUp(rows, row)
	}
	size := 0
	if s := intEntry.FindAllSubmatch(dict, -1); s != nil {
		for _, e := range s {
			if string(e[1]) == "Size" {
				size, _ = strconv.Atoi(string(e[2]))
			}
		}
	}
	index := []int{0, size}
	if ix := indexEntry.FindSubmatch(dict); ix != nil {
		index = index[:0]
		for _, f := range strings.Fields(string(ix[1])) {
			v, _ := strconv.Atoi(f)
			index = append(index, v)
		}
	}
	field := func(e []byte, from, n int) int {
		v := 0
		for _, b := range e[from : from+n] {
			v = v<<8 | int(b)
		}
		return v
	}
	for i := 0; i+1 < len(index); i += 2 {
		for num := index[i]; num < index[i]+index[i+1]; num++ {
			if len(rows) < row {
				return nil, errors.New("a cross-reference stream shorter than its /Index")
			}
			e := rows[:row]
			rows = rows[row:]
			if _, ok := xref[num]; ok {
				continue
			}
			typ := 1
			if width[0] > 0 {
				typ = field(e, 0, width[0])
			}
			switch typ {
			case 1:
				xref[num] = field(e, width[0], width[1])
			case 2:
				xref[num] = inObjectStream
			default:
				xref[num] = -1 // free
			}
		}
	}
	return dict, nil
}

// inObjectStream is the offset recorded for an object in an object
// stream.
const inObjectStream = -2

// undoUp returns rows of width bytes each as they were before PNG's Up
// predictor, which writes each row after a predictor byte as its
// difference from the row above.
func undoUp(data []byte, width int) []byte {
	out := make([]byte, 0, len(data))
	above := make([]byte, width)
	for len(data) >= width+1 {
		row := data[1 : width+1]
		for i := range row {
			above[i] += row[i]
		}
		out = append(out, above...)
		data = data[width+1:]
	}
	return out
}

// finishStream writes the update's cross-reference section as a stream,
// object num, with nums, sorted, at their offsets.
func (u *Update) finishStream(num int, nums []int, info string) {
	at := u.out.Len()
	nums = append(nums, num)
	u.offsets[num] = at
	var index strings.Builder
	var rows []byte
	for i := 0; i < len(nums); {
		j := i + 1
		for j < len(nums) && nums[j] == nums[j-1]+1 {
			j++
		}
		fmt.Fprintf(&index, "%d %d ", nums[i], j-i)
		for _, n := range nums[i:j] {
			o := u.offsets[n]
			rows = append(rows, 1, byte(o>>24), byte(o>>16), byte(o>>8), byte(o), 0, 0)
		}
		i = j
	}
	fmt.Fprintf(u.out, "%d 0 obj\n<< /Type /XRef /Size %d /Root %d 0 R %s/Prev %d /W [1 4 2] /Index [%s] /Length %d >>\nstream\n",
		num, u.next, u.doc.root, info, u.doc.startxref, strings.TrimSpace(index.String()), len(rows))
	u.out.Write(rows)
	fmt.Fprintf(u.out, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", at)
}
