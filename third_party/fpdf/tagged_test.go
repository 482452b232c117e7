package fpdf

// [galley] The object streams a tagged document's structure tree is packed
// into, read back by a decoder of their own here (zlib, then the PNG
// predictor as ISO 32000-1 §7.4.4.4 gives it), independent of the writer.

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestObjectStreamsReadBack writes a tagged document of more elements
// than one object stream holds, with object numbers and offsets of
// growing width, and reads every object stream back: each header entry
// names an object whose text starts at its offset, every element is
// found once, and the parent tree's leaves, written in cells, refer to
// one for each MCID.
func TestObjectStreamsReadBack(t *testing.T) {
	f := New("P", "mm", "A4", "")
	f.SetFont("Helvetica", "", 10)
	root := NewStructElem("Document")
	f.SetStructTree(root)
	const paragraphs = 2500
	for i := range paragraphs {
		if i%50 == 0 {
			f.AddPage()
		}
		f.MarkContent(root.Add("P"))
		f.Cell(40, 5, "paragraph "+strconv.Itoa(i))
		f.Ln(5)
	}
	var out bytes.Buffer
	if err := f.Output(&out); err != nil {
		t.Fatal(err)
	}
	file := out.Bytes()

	dictRE := regexp.MustCompile(`(\d+) 0 obj\n?<</Type /ObjStm /N (\d+) /First (\d+) /Filter /FlateDecode /DecodeParms <</Predictor (\d+) /Colors (\d+) /Columns (\d+)>> /Length (\d+)>>\s*stream\r?\n`)
	streams := dictRE.FindAllSubmatchIndex(file, -1)
	if len(streams) < 3 {
		t.Fatalf("%d object streams, want at least 3 for %d elements", len(streams), paragraphs)
	}
	seen := map[int]bool{}
	elements, marks := 0, 0
	for _, m := range streams {
		number := func(i int) int {
			n, _ := strconv.Atoi(string(file[m[2*i]:m[2*i+1]]))
			return n
		}
		n, first, predictor, colors, columns, length := number(2), number(3), number(4), number(5), number(6), number(7)
		if predictor != 15 || colors < 1 || colors > 32 {
			t.Fatalf("object stream %d: Predictor %d, Colors %d", number(1), predictor, colors)
		}
		data := unpredict(t, inflate(t, file[m[1]:m[1]+length]), colors*columns, colors)
		fields := strings.Fields(string(data[:first]))
		if len(fields) != 2*n {
			t.Fatalf("object stream %d: header of %d numbers for %d objects", number(1), len(fields), n)
		}
		for i := 0; i < len(fields); i += 2 {
			num, err1 := strconv.Atoi(fields[i])
			offset, err2 := strconv.Atoi(fields[i+1])
			if err1 != nil || err2 != nil || first+offset >= len(data) {
				t.Fatalf("object stream %d: entry %q %q", number(1), fields[i], fields[i+1])
			}
			if seen[num] {
				t.Errorf("object %d is in two object streams", num)
			}
			seen[num] = true
			object := data[first+offset:]
			if !bytes.HasPrefix(object, []byte("<<")) {
				t.Errorf("object %d starts %.20q, not a dictionary", num, object)
			}
			if bytes.HasPrefix(object, []byte("<</S/P/")) {
				elements++
			}
			if bytes.HasPrefix(object, []byte("<</Limits")) {
				leaf, _, _ := bytes.Cut(object, []byte("\n"))
				marks += len(regexp.MustCompile(`\b\d+ 0 R\b`).FindAll(leaf, -1))
			}
		}
	}
	if elements != paragraphs {
		t.Errorf("%d P elements read back, want %d", elements, paragraphs)
	}
	if marks != paragraphs {
		t.Errorf("the parent tree's leaves refer to %d elements, want one an MCID, %d", marks, paragraphs)
	}
}

// inflate decompresses a FlateDecode stream.
func inflate(t *testing.T, compressed []byte) []byte {
	t.Helper()
	r, err := zlib.NewReader(bytes.NewReader(compressed))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// unpredict undoes the PNG predictor of rows of width bytes, a pixel
// being bpp bytes, each row led by its filter's type: None, Sub or Up,
// the ones fpdf writes.
func unpredict(t *testing.T, data []byte, width, bpp int) []byte {
	t.Helper()
	if len(data)%(width+1) != 0 {
		t.Fatalf("%d bytes are not whole rows of %d", len(data), width+1)
	}
	var out []byte
	above := make([]byte, width)
	for r := 0; r < len(data); r += width + 1 {
		filter, row := data[r], data[r+1:r+1+width]
		line := make([]byte, width)
		for c := range width {
			left := byte(0)
			if c >= bpp {
				left = line[c-bpp]
			}
			switch filter {
			case 0:
				line[c] = row[c]
			case 1:
				line[c] = row[c] + left
			case 2:
				line[c] = row[c] + above[c]
			default:
				t.Fatalf("row %d: filter %d", r/(width+1), filter)
			}
		}
		out = append(out, line...)
		above = line
	}
	return out
}
