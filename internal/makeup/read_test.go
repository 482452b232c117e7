package makeup

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/internal/pdfcontent"
	"github.com/galleyhq/galley/render/pdfpatch"
)

// readPage is what a reader sees of one page of a PDF: its lines of text
// in pdftotext's reading order, and the size every string on it is shown
// at.
type readPage struct {
	lines []readLine
	runs  []textRun
}

// readLine is a line of text as pdftotext -bbox-layout reads it, in points
// from the page's top left corner; block numbers the text block it stands
// in, in reading order, across the page.
type readLine struct {
	xMin, yMin, xMax, yMax float64
	words                  []string
	block                  int
}

func (l readLine) text() string { return strings.Join(l.words, " ") }

// textRun is a string a content stream shows: where its baseline starts,
// in points from the page's top left corner, and the size it is shown at,
// its font's size scaled by the text and graphics matrices.
type textRun struct {
	x, y, size float64
}

// elements calls visit with the attributes and the contents of each
// <tag …>…</tag> in data, in order, as pdftotext -bbox-layout writes them:
// never nested in one another, never empty. A scanner rather than a
// regular expression: regexp's submatches took half the test's time.
func elements(data []byte, tag string, visit func(attrs, inner []byte)) {
	open, end := []byte("<"+tag+" "), []byte("</"+tag+">")
	for {
		i := bytes.Index(data, open)
		if i < 0 {
			return
		}
		data = data[i+len(open):]
		gt := bytes.IndexByte(data, '>')
		if gt < 0 {
			return
		}
		attrs := data[:gt]
		data = data[gt+1:]
		j := bytes.Index(data, end)
		if j < 0 {
			return
		}
		visit(attrs, data[:j])
		data = data[j+len(end):]
	}
}

// attribute returns the number an attribute of attrs gives, name="…".
func attribute(attrs []byte, name string) float64 {
	key := []byte(name + `="`)
	i := bytes.Index(attrs, key)
	if i < 0 {
		return 0
	}
	value := attrs[i+len(key):]
	if j := bytes.IndexByte(value, '"'); j >= 0 {
		value = value[:j]
	}
	v, _ := strconv.ParseFloat(string(value), 64)
	return v
}

// unescapeXML undoes the escapes pdftotext writes.
var unescapeXML = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'").Replace

// readPDF reads a PDF's pages back: their lines with pdftotext, the sizes
// of their text from their content streams.
func readPDF(data []byte) ([]readPage, error) {
	cmd := exec.Command("pdftotext", "-bbox-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("pdftotext: %v", err)
	}
	var pages []readPage
	elements(out, "page", func(_, page []byte) {
		var p readPage
		b := 0
		elements(page, "block", func(_, block []byte) {
			elements(block, "line", func(attrs, words []byte) {
				line := readLine{block: b,
					xMin: attribute(attrs, "xMin"), yMin: attribute(attrs, "yMin"),
					xMax: attribute(attrs, "xMax"), yMax: attribute(attrs, "yMax")}
				elements(words, "word", func(_, word []byte) {
					line.words = append(line.words, unescapeXML(string(word)))
				})
				p.lines = append(p.lines, line)
			})
			b++
		})
		pages = append(pages, p)
	})
	contents, err := pageContents(data)
	if err != nil {
		return nil, err
	}
	if len(contents) != len(pages) {
		return nil, fmt.Errorf("pdftotext reads %d pages, the page tree has %d", len(pages), len(contents))
	}
	for i, c := range contents {
		pages[i].runs = textRuns(c.content, c.height)
	}
	return pages, nil
}

// pageContent is a page's content stream, uncompressed, and its height in
// points.
type pageContent struct {
	content []byte
	height  float64
}

var (
	kids      = regexp.MustCompile(`/Kids\s*\[([^\]]*)\]`)
	objRef    = regexp.MustCompile(`(\d+) 0 R`)
	mediaBox  = regexp.MustCompile(`/MediaBox\s*\[\s*[\d.]+\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s*\]`)
	streamEnd = regexp.MustCompile(`(?s)stream\r?\n(.*)endstream`)
)

// pageContents returns the content of every page of a PDF as fpdf writes
// it: a flat page tree, each page one content stream.
func pageContents(data []byte) ([]pageContent, error) {
	doc, err := pdfpatch.Read(data)
	if err != nil {
		return nil, err
	}
	root, err := doc.Object(doc.Root())
	if err != nil {
		return nil, err
	}
	tree, err := doc.Object(pdfpatch.RefIn(root, "Pages"))
	if err != nil {
		return nil, err
	}
	height := 0.0
	if m := mediaBox.FindSubmatch(tree); m != nil {
		height, _ = strconv.ParseFloat(string(m[1]), 64)
	}
	k := kids.FindSubmatch(tree)
	if k == nil {
		return nil, fmt.Errorf("the page tree has no /Kids")
	}
	var out []pageContent
	for _, ref := range objRef.FindAllSubmatch(k[1], -1) {
		n, _ := strconv.Atoi(string(ref[1]))
		page, err := doc.Object(n)
		if err != nil {
			return nil, err
		}
		h := height
		if m := mediaBox.FindSubmatch(page); m != nil {
			h, _ = strconv.ParseFloat(string(m[1]), 64)
		}
		stream, err := doc.Object(pdfpatch.RefIn(page, "Contents"))
		if err != nil {
			return nil, err
		}
		m := streamEnd.FindSubmatch(stream)
		if m == nil {
			return nil, fmt.Errorf("page object %d's content is no stream", n)
		}
		content := m[1]
		if bytes.Contains(stream[:bytes.Index(stream, []byte("stream"))], []byte("/FlateDecode")) {
			r, err := zlib.NewReader(bytes.NewReader(content))
			if err != nil {
				return nil, err
			}
			if content, err = io.ReadAll(r); err != nil {
				return nil, err
			}
		}
		out = append(out, pageContent{content, h})
	}
	return out, nil
}

// matrix is a PDF transformation matrix [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// times returns m × n: m applied first.
func (m matrix) times(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// scale is how much m enlarges an area's side, on average.
func (m matrix) scale() float64 { return math.Sqrt(math.Abs(m[0]*m[3] - m[1]*m[2])) }

// textRuns reads the strings a content stream shows, following its q, Q,
// cm, Tf, Td, TD, Tm and T*; height is the page's, to measure from its top.
func textRuns(content []byte, height float64) []textRun {
	var runs []textRun
	ctm, tm, line := identity, identity, identity
	var saved []matrix
	size, leading := 0.0, 0.0
	show := func() {
		m := tm.times(ctm)
		runs = append(runs, textRun{x: m[4], y: height - m[5], size: size * m.scale()})
	}
	for op := range pdfcontent.Operations(content) {
		number := op.Number
		switch op.Operator {
		case "q":
			saved = append(saved, ctm)
		case "Q":
			if n := len(saved); n > 0 {
				ctm, saved = saved[n-1], saved[:n-1]
			}
		case "cm":
			ctm = matrix{number(6), number(5), number(4), number(3), number(2), number(1)}.times(ctm)
		case "BT":
			tm, line = identity, identity
		case "Tf":
			size = number(1)
		case "TL":
			leading = number(1)
		case "Td", "TD":
			line = matrix{1, 0, 0, 1, number(2), number(1)}.times(line)
			tm = line
			if op.Operator == "TD" {
				leading = -number(1)
			}
		case "Tm":
			line = matrix{number(6), number(5), number(4), number(3), number(2), number(1)}
			tm = line
		case "T*":
			line = matrix{1, 0, 0, 1, 0, -leading}.times(line)
			tm = line
		case "Tj", "TJ":
			show()
		case "'", `"`:
			line = matrix{1, 0, 0, 1, 0, -leading}.times(line)
			tm = line
			show()
		}
	}
	return runs
}
