package pdf

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/galleyhq/galley/internal/pdfcontent"
	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
)

// The structure test reads a book's PDF as assistive technology does, with
// qpdf (the objects, content streams uncompressed) and poppler (the
// structure tree in order), and reports what PDF/UA-1 and the Matterhorn
// Protocol would fail (docs/pdfua.md): content neither tagged nor an
// artifact, a figure without alternate text, a heading level skipped, a
// table without header cells, a document without its language.

// needTools skips a test when qpdf or poppler's pdfinfo is missing.
func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"qpdf", "pdfinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed; skipping", tool)
		}
	}
}

// qdf returns the PDF as qpdf's QDF: every object on its own, every
// stream uncompressed. Tests that read the same bytes share one run.
func qdf(t *testing.T, data []byte) string {
	t.Helper()
	return ofBytes(t, "qpdf's QDF", data, func() (string, error) { return qdfOnce(t, data), nil })
}

// qdfOnce is qdf's run of qpdf.
func qdfOnce(t *testing.T, data []byte) string {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command("qpdf", "--qdf", "--object-streams=disable", in, out).CombinedOutput(); err != nil {
		t.Fatalf("qpdf: %v\n%s", err, msg)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// structure returns pdfinfo's listing of the PDF's structure tree.
func structure(t *testing.T, data []byte) string {
	t.Helper()
	return pdfinfo(t, data, "-struct")
}

// pdfinfo returns what poppler's pdfinfo says of the PDF with flag. Tests
// that read the same bytes the same way share one run.
func pdfinfo(t *testing.T, data []byte, flag string) string {
	t.Helper()
	return ofBytes(t, "pdfinfo "+flag, data, func() (string, error) {
		path := filepath.Join(t.TempDir(), "book.pdf")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return "", err
		}
		out, err := exec.Command("pdfinfo", flag, path).Output()
		if err != nil {
			return "", fmt.Errorf("pdfinfo %s: %v", flag, err)
		}
		return string(out), nil
	})
}

// objects splits a QDF file into its objects' texts.
func objects(qdf string) []string {
	return strings.Split(qdf, "\nendobj")
}

var (
	catalogLang = regexp.MustCompile(`/Lang \((\S+)\)`)
	markedTrue  = regexp.MustCompile(`/MarkInfo <<\s*/Marked true\s*>>`)
	figureType  = regexp.MustCompile(`/S /Figure\b`)
)

// catalogProblems reports a catalog without its language, its marking or
// its structure tree, a figure without alternate text, a note without an
// ID and a link annotation without a description or outside the tree.
func catalogProblems(qdf string) []string {
	var problems []string
	catalog := false
	for _, obj := range objects(qdf) {
		switch {
		case strings.Contains(obj, "/Type /Catalog"):
			catalog = true
			if !catalogLang.MatchString(obj) {
				problems = append(problems, "the catalog has no /Lang")
			}
			if !markedTrue.MatchString(obj) {
				problems = append(problems, "the catalog's /MarkInfo does not say /Marked true")
			}
			if !strings.Contains(obj, "/StructTreeRoot") {
				problems = append(problems, "the catalog has no /StructTreeRoot")
			}
			if !strings.Contains(obj, "/DisplayDocTitle true") {
				problems = append(problems, "the viewer is not told to show the title")
			}
		case figureType.MatchString(obj) && !strings.Contains(obj, "/Alt"):
			problems = append(problems, "a Figure has no /Alt: "+strings.Join(strings.Fields(obj), " "))
		case strings.Contains(obj, "/S /Note") && !strings.Contains(obj, "/ID "):
			problems = append(problems, "a Note has no /ID")
		case strings.Contains(obj, "/Subtype /Link") && !strings.Contains(obj, "/Contents"):
			problems = append(problems, "a link annotation has no /Contents")
		case strings.Contains(obj, "/Type /Annot") && !strings.Contains(obj, "/StructParent"):
			problems = append(problems, "an annotation is not in the structure tree")
		}
	}
	if !catalog {
		problems = append(problems, "no catalog")
	}
	if !strings.Contains(qdf, "<pdfuaid:part>1</pdfuaid:part>") {
		problems = append(problems, "the XMP metadata does not say PDF/UA-1")
	}
	return problems
}

// contentProblems reports what a page draws outside any marked-content
// sequence: text shown, paths painted or pictures placed that are neither
// in the structure tree nor artifacts.
func contentProblems(qdf string) []string {
	var problems []string
	for page, stream := range contentStreams(qdf) {
		depth := 0
		for op := range pdfcontent.Operations([]byte(stream)) {
			switch op := op.Operator; op {
			case "BDC", "BMC":
				depth++
			case "EMC":
				depth--
			case "Tj", "TJ", "'", "\"", "f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "Do", "sh":
				if depth == 0 {
					problems = append(problems, fmt.Sprintf("page %d: %s is neither tagged nor an artifact", page+1, op))
				}
			}
			if depth < 0 {
				problems = append(problems, fmt.Sprintf("page %d: EMC closes no sequence", page+1))
				depth = 0
			}
		}
		if depth != 0 {
			problems = append(problems, fmt.Sprintf("page %d: %d sequences left open", page+1, depth))
		}
	}
	return problems
}

// contentStreams returns the pages' content streams, in page order: QDF
// writes each under a comment naming it.
func contentStreams(qdf string) []string {
	var streams []string
	for _, part := range strings.Split(qdf, "%% Contents for page ")[1:] {
		start := strings.Index(part, "stream\n")
		end := strings.Index(part, "\nendstream")
		if start < 0 || end < start {
			continue
		}
		streams = append(streams, part[start+len("stream\n"):end])
	}
	return streams
}

// structNode is an element of pdfinfo -struct's listing.
type structNode struct {
	typ  string
	kids []*structNode
}

// parseStructure reads pdfinfo -struct's listing, an element a line
// indented two spaces a level, into a tree under a root of its own.
func parseStructure(listing string) *structNode {
	root := &structNode{}
	stack := []*structNode{root}
	for _, line := range strings.Split(listing, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "/") || strings.HasPrefix(trimmed, "\"") || strings.HasPrefix(trimmed, "Object ") {
			continue
		}
		depth := (len(line)-len(trimmed))/2 + 1
		typ := strings.TrimSuffix(strings.Fields(trimmed)[0], ":")
		n := &structNode{typ: typ}
		for len(stack) > depth {
			stack = stack[:len(stack)-1]
		}
		parent := stack[len(stack)-1]
		parent.kids = append(parent.kids, n)
		stack = append(stack, n)
	}
	return root
}

// walk visits n and every element under it, in order.
func (n *structNode) walk(visit func(*structNode)) {
	visit(n)
	for _, k := range n.kids {
		k.walk(visit)
	}
}

var numberedHeading = regexp.MustCompile(`^H([1-6])$`)

// treeProblems reports a heading level skipped (or a first heading that
// is not H1) and a table with no header cell.
func treeProblems(listing string) []string {
	var problems []string
	level := 0
	parseStructure(listing).walk(func(n *structNode) {
		if m := numberedHeading.FindStringSubmatch(n.typ); m != nil {
			next := int(m[1][0] - '0')
			if next > level+1 {
				problems = append(problems, fmt.Sprintf("H%d follows H%d", next, level))
			}
			level = next
		}
		if n.typ == "Table" {
			headers := 0
			n.walk(func(c *structNode) {
				if c.typ == "TH" {
					headers++
				}
			})
			if headers == 0 {
				problems = append(problems, "a Table has no TH")
			}
		}
	})
	return problems
}

// taggedProblems reports everything the structure test finds wrong in a
// book's PDF.
func taggedProblems(t *testing.T, data []byte) []string {
	q := qdf(t, data)
	problems := catalogProblems(q)
	problems = append(problems, contentProblems(q)...)
	return append(problems, treeProblems(structure(t, data))...)
}

// TestTaggedBooks builds the bundled book, the testdata books (the
// picture book among them) and the seed manuscripts, when they are beside
// the repository, and finds nothing wrong in their structure; the bundled
// book is read in the manuscript's order, with the running heads left out.
//
// In go test ./... it builds the testdata books but the wrong twins, whose
// tables differ from their right twins' in their numbers alone, not in
// what they are made of, and the seed manuscript the measure tests read;
// under -long, which .ci/run passes, every testdata book and every seed.
func TestTaggedBooks(t *testing.T) {
	needTools(t)
	books := []string{bundledBook}
	testdata, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "books", "*"))
	for _, book := range testdata {
		if *long || !strings.HasSuffix(book, "-wrong") {
			books = append(books, book)
		}
	}
	seeds, _ := filepath.Glob(filepath.Join(filepath.Dir(seedBook), "*.txt"))
	if len(seeds) == 0 {
		t.Log("the seed manuscripts are not beside the repository; testing without them")
	} else if !*long {
		seeds = []string{seedBook}
	}
	books = append(books, seeds...)
	for _, path := range books {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			doc, _, err := parser.ParseBook(path)
			if err != nil {
				t.Fatal(err)
			}
			var data []byte
			if path == bundledBook {
				data, _ = bundledPDF(t)
			} else {
				data = writeBook(t, doc, "")
			}
			for _, p := range taggedProblems(t, data) {
				t.Error(p)
			}
			if path == bundledBook {
				problems := append(orderProblems(t, doc, readText(t, data)), paginationProblems(qdf(t, data))...)
				for _, p := range problems {
					t.Error(p)
				}
			}
		})
	}
}

// orderProblems reports where read, the text of a book's structure tree
// in its order (see readText), does not give the book's headings and the
// start of each of its paragraphs in the manuscript's order, whichever
// column or page they are set in.
func orderProblems(t *testing.T, doc *ast.Document, read string) []string {
	t.Helper()
	book, err := newBook(doc, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	l := newLayouter(context.Background(), book, doc, testbook.SheetsOf(doc))
	l.layoutNotes()
	var problems []string
	rest := squeeze(read)
	compared := 0
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		var text string
		switch n := n.(type) {
		case *ast.Heading:
			text = typo.String(n.Title)
		case *ast.Paragraph:
			text = spanText(l.spans(n.Inlines, bodyFont, inkText))
		default:
			return true
		}
		// The start of the block, before a page reference, which the
		// layouter without its pages does not know, and short of a
		// footnote, which is read after the line that cites it.
		start := []rune(squeeze(text))
		start = start[:min(len(start), 24)]
		if i := strings.Index(string(start), " (p."); i >= 0 {
			start = []rune(string(start)[:i])
		}
		if len(start) < 4 {
			return true
		}
		compared++
		i := strings.Index(rest, string(start))
		if i < 0 {
			problems = append(problems, fmt.Sprintf("%q is not read, or not in the manuscript's order", string(start)))
			return true
		}
		rest = rest[i+len(string(start)):]
		return true
	})
	if compared < 50 {
		problems = append(problems, fmt.Sprintf("only %d blocks compared", compared))
	}
	return problems
}

// paginationProblems reports a book whose running heads and folios are
// not artifacts of pagination, which a screen reader skips, on at least
// half its pages: a sheet's page, a blank page and the front matter
// have none.
func paginationProblems(qdf string) []string {
	artifact := regexp.MustCompile(`(?s)/Artifact <</Type /Pagination>> BDC\n(.*?)EMC\n`)
	streams := contentStreams(qdf)
	paginated := 0
	for _, stream := range streams {
		if m := artifact.FindStringSubmatch(stream); m != nil && strings.Contains(m[1], "Tj") {
			paginated++
		}
	}
	if paginated < len(streams)/2 {
		return []string{fmt.Sprintf("%d of %d pages have running heads or folios as artifacts", paginated, len(streams))}
	}
	return nil
}

// readText reads the text of a PDF's structure tree in its order, as a
// screen reader does: the text of each marked-content sequence an
// element holds, element by element, from qpdf's JSON of the file.
// (pdfinfo -struct-text reads the same, but renders a page again for
// each element, and takes most of a minute for a book of fifty pages.)
// The text is read from the strings the pages show, which galley's fonts
// encode as UTF-16 (see fpdf's AddUTF8Font). Tests that read the same
// bytes share one reading.
func readText(t *testing.T, data []byte) string {
	t.Helper()
	var b strings.Builder
	for _, part := range readTree(t, data) {
		if part != objectRead {
			b.WriteString(part)
		}
	}
	return b.String()
}

// objectRead stands in readTree's reading for an object an element refers
// to, a form field's widget.
const objectRead = "\x00object"

// readTree reads a PDF's structure tree in its order, as readText does,
// and returns what it reads part by part: the text of each marked-content
// sequence, and objectRead for each object reference. Tests that read the
// same bytes share one reading.
func readTree(t *testing.T, data []byte) []string {
	t.Helper()
	return ofBytes(t, "the structure tree's reading", data, func() ([]string, error) { return readTreeOnce(t, data), nil })
}

// readTreeOnce is readTree's reading, made once for the bytes.
func readTreeOnce(t *testing.T, data []byte) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("qpdf", "--json", "--json-stream-data=inline", "--decode-level=generalized", path).Output()
	if err != nil {
		t.Fatalf("qpdf --json: %v", err)
	}
	var file struct {
		Pages []struct {
			Object   string   `json:"object"`
			Contents []string `json:"contents"`
		} `json:"pages"`
		// QPDF is a header, then the objects.
		QPDF [2]json.RawMessage `json:"qpdf"`
	}
	if err := json.Unmarshal(out, &file); err != nil {
		t.Fatal(err)
	}
	var objects map[string]struct {
		Value  any `json:"value"`
		Stream struct {
			Data []byte `json:"data"`
		} `json:"stream"`
	}
	if err := json.Unmarshal(file.QPDF[1], &objects); err != nil {
		t.Fatal(err)
	}
	dict := func(ref string) map[string]any {
		d, _ := objects["obj:"+ref].Value.(map[string]any)
		return d
	}
	// The text of every sequence, by page object and MCID.
	texts := map[string]map[int]string{}
	for _, page := range file.Pages {
		texts[page.Object] = map[int]string{}
		for _, c := range page.Contents {
			for mcid, text := range sequenceTexts(string(objects["obj:"+c].Stream.Data)) {
				texts[page.Object][mcid] += text
			}
		}
	}
	var parts []string
	var walk func(elem map[string]any)
	walk = func(elem map[string]any) {
		page, _ := elem["/Pg"].(string)
		kids, ok := elem["/K"].([]any)
		if !ok {
			kids = []any{elem["/K"]}
		}
		for _, k := range kids {
			if ref, ok := k.(string); ok {
				k = dict(ref)
			}
			switch k := k.(type) {
			case float64:
				parts = append(parts, texts[page][int(k)])
			case map[string]any:
				switch k["/Type"] {
				case "/MCR":
					pg, _ := k["/Pg"].(string)
					mcid, _ := k["/MCID"].(float64)
					parts = append(parts, texts[pg][int(mcid)])
				case "/OBJR":
					parts = append(parts, objectRead)
				default:
					walk(k)
				}
			}
		}
	}
	trailer, _ := objects["trailer"].Value.(map[string]any)
	root, _ := trailer["/Root"].(string)
	tree, _ := dict(root)["/StructTreeRoot"].(string)
	walk(dict(tree))
	return parts
}

// sequenceTexts returns the text each marked-content sequence with an
// MCID shows in a content stream.
func sequenceTexts(stream string) map[int]string {
	texts := map[int]string{}
	mcid := regexp.MustCompile(`<</MCID (\d+)>> BDC`)
	for _, seq := range strings.Split(stream, "EMC\n") {
		m := mcid.FindStringSubmatchIndex(seq)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(seq[m[2]:m[3]])
		texts[n] += shownText(seq[m[1]:])
	}
	return texts
}

// shownText returns the text of the strings a piece of a content stream
// shows, each a UTF-16BE string in parentheses with PDF's escapes.
func shownText(content string) string {
	var out strings.Builder
	for i := 0; i < len(content); i++ {
		if content[i] != '(' {
			continue
		}
		var raw []byte
		for i++; i < len(content) && content[i] != ')'; i++ {
			c := content[i]
			if c == '\\' && i+1 < len(content) {
				i++
				switch c = content[i]; c {
				case 'n':
					c = '\n'
				case 'r':
					c = '\r'
				case '0', '1', '2', '3', '4', '5', '6', '7':
					j := i
					for j < len(content) && j < i+3 && content[j] >= '0' && content[j] <= '7' {
						j++
					}
					v, _ := strconv.ParseUint(content[i:j], 8, 8)
					c, i = byte(v), j-1
				}
			}
			raw = append(raw, c)
		}
		units := make([]uint16, len(raw)/2)
		for k := range units {
			units[k] = uint16(raw[2*k])<<8 | uint16(raw[2*k+1])
		}
		out.WriteString(string(utf16.Decode(units)))
	}
	return out.String()
}

// squeeze makes every run of spaces in s, no-break spaces among them, one
// space.
func squeeze(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\n' }), " ")
}

// TestTaggedProblemsFound proves the structure test can fail: each of
// the faults it looks for, made on purpose in the bundled book's PDF, is
// found, and an untagged book fails it whole.
func TestTaggedProblemsFound(t *testing.T) {
	t.Parallel()
	needTools(t)
	doc, _, err := parser.ParseBook(bundledBook)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := bundledPDF(t)
	q := qdf(t, data)
	listing := structure(t, data)
	if p := append(append(append(catalogProblems(q), contentProblems(q)...), treeProblems(listing)...), paginationProblems(q)...); len(p) > 0 {
		t.Fatalf("the bundled book has problems before any is made: %v", p)
	}
	// untag removes one marked-content sequence's BDC and its EMC.
	untag := func(q string) string {
		streams := contentStreams(q)
		page := streams[len(streams)/2]
		bdc := strings.Index(page, "/P <</MCID")
		end := strings.Index(page[bdc:], "BDC\n") + bdc + len("BDC\n")
		emc := strings.Index(page[end:], "EMC\n") + end
		broken := page[:bdc] + page[end:emc] + page[emc+len("EMC\n"):]
		return strings.Replace(q, page, broken, 1)
	}
	cases := []struct {
		name  string
		check func(string) []string
		in    string
		want  string
	}{
		{"untagged content", contentProblems, untag(q), "neither tagged nor an artifact"},
		{"missing alt", catalogProblems, strings.Replace(q, "/Alt", "/Xlt", 1), "a Figure has no /Alt"},
		{"missing language", catalogProblems, catalogLang.ReplaceAllString(q, ""), "no /Lang"},
		{"missing PDF/UA identification", catalogProblems, strings.Replace(q, "pdfuaid:part>1<", "pdfuaid:part>2<", 1), "does not say PDF/UA-1"},
		{"link without contents", catalogProblems, strings.Replace(q, "/Contents <", "/Xontents <", 1), "no /Contents"},
		{"running heads read", paginationProblems, strings.ReplaceAll(q, "/Artifact <</Type /Pagination>>", "/P <</MCID 99>>"), "running heads or folios as artifacts"},
		{"skipped heading level", treeProblems, strings.Replace(listing, "H2", "H3", 1), "H3 follows H1"},
		{"table without headers", treeProblems, regexp.MustCompile(`(?s)(Table \(block\)\n.*?)TH:\n.*?TH:`).ReplaceAllString(listing, "${1}TD\n          TD"), "a Table has no TH"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.in == q || c.in == listing {
				t.Fatal("the fault was not made")
			}
			found := false
			for _, p := range c.check(c.in) {
				found = found || strings.Contains(p, c.want)
			}
			if !found {
				t.Errorf("%q not found in %v", c.want, c.check(c.in))
			}
		})
	}
	t.Run("out of order", func(t *testing.T) {
		// The book read with its halves the other way round.
		read := readText(t, data)
		half := len(read) / 2
		for !utf8.RuneStart(read[half]) {
			half++
		}
		swapped := read[half:] + read[:half]
		if len(orderProblems(t, doc, read)) > 0 || len(orderProblems(t, doc, swapped)) == 0 {
			t.Error("the book read out of order is not found")
		}
	})
	t.Run("untagged book", func(t *testing.T) {
		var b bytes.Buffer
		if _, err := WriteBook(context.Background(), &b, doc, testbook.SheetsOf(doc), Options{Untagged: true}); err != nil {
			t.Fatal(err)
		}
		q := qdf(t, b.Bytes())
		if len(catalogProblems(q)) == 0 || len(contentProblems(q)) == 0 {
			t.Error("an untagged book passes")
		}
	})
}

// TestTaggedHyphenatedWords checks that a word broken at a line's end with
// a hyphen copies whole both from the structure tree, where the hyphen is
// an artifact, and by a reader that ignores the tags, which joins a line
// ending in a hyphen with the next: "gal-" / "leries" and "sur-" / "face"
// in the small book.
func TestTaggedHyphenatedWords(t *testing.T) {
	t.Parallel()
	needTools(t)
	doc, diags, err := parser.ParseBook(tinyBook)
	if err != nil || len(diags) > 0 {
		t.Fatal(err, diags)
	}
	data := writeBook(t, doc, "")
	if raw := pdfText(t, data); !strings.Contains(raw, "maze of gal-\n") {
		t.Fatal("the small book no longer breaks \"galleries\" at a line's end; choose another word")
	}
	tree := squeeze(readText(t, data))
	plain := squeeze(pdftotext(t, data))
	for _, want := range []string{"a maze of galleries and chambers", "a finger’s width under the surface."} {
		if !strings.Contains(tree, want) {
			t.Errorf("the structure tree's text lacks %q", want)
		}
		if !strings.Contains(plain, want) {
			t.Errorf("pdftotext's text lacks %q", want)
		}
	}
}

// TestTaggedArtAlt checks that art's \alt text is its Figure's /Alt, in
// place of the caption a figure without one is described by.
func TestTaggedArtAlt(t *testing.T) {
	needTools(t)
	const book = "Art\n===\n\n\\alt{A beetle seen from above}\n┌────┐\n│ oo │\n└────┘\n"
	doc, diags := parser.Parse("book.txt", []byte(book))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	q := qdf(t, writeBook(t, doc, ""))
	if !strings.Contains(q, "/Alt (A beetle seen from above)") {
		t.Errorf("no Figure has the art's alt text as its /Alt")
	}
	if strings.Contains(q, textArt) {
		t.Errorf("the art is described as %q, although it has alt text", textArt)
	}
}
