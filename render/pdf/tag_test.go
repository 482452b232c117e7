package pdf

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

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
// stream uncompressed.
func qdf(t *testing.T, data []byte) string {
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

// structure returns pdfinfo's listing of the PDF's structure tree, with
// its text (-struct-text) or without.
func structure(t *testing.T, data []byte, withText bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	flag := "-struct"
	if withText {
		flag = "-struct-text"
	}
	out, err := exec.Command("pdfinfo", flag, path).Output()
	if err != nil {
		t.Fatalf("pdfinfo %s: %v", flag, err)
	}
	return string(out)
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
// its structure tree, and a figure without alternate text.
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
		case strings.Contains(obj, "/Type /StructElem") && figureType.MatchString(obj) && !strings.Contains(obj, "/Alt"):
			problems = append(problems, "a Figure has no /Alt: "+strings.Join(strings.Fields(obj), " "))
		}
	}
	if !catalog {
		problems = append(problems, "no catalog")
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
		for _, op := range operators(stream) {
			switch op {
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

// operators returns a content stream's operators, in order, leaving out
// strings, names, numbers, arrays and dictionaries.
func operators(stream string) []string {
	var ops []string
	for i := 0; i < len(stream); {
		c := stream[i]
		switch {
		case c == '(':
			// A string, with its escapes and nested parentheses.
			depth := 0
			for ; i < len(stream); i++ {
				switch stream[i] {
				case '\\':
					i++
				case '(':
					depth++
				case ')':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			i++
		case c == '<' || c == '>' || c == '[' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		case c == '/':
			// A name.
			i++
			for i < len(stream) && !strings.ContainsRune(" \n\r\t/<>[]()", rune(stream[i])) {
				i++
			}
		default:
			j := i
			for j < len(stream) && !strings.ContainsRune(" \n\r\t/<>[]()", rune(stream[j])) {
				j++
			}
			word := stream[i:j]
			if strings.Trim(word, "0123456789.-+") != "" {
				ops = append(ops, word)
			}
			i = j
		}
	}
	return ops
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
	return append(problems, treeProblems(structure(t, data, false))...)
}

// TestTaggedBooks builds the bundled book, the picture book and the seed
// manuscript, when it is beside the repository, and finds nothing wrong
// in their structure; the bundled book's headings are read in the
// manuscript's order, with the running heads and folios left out.
func TestTaggedBooks(t *testing.T) {
	needTools(t)
	books := map[string]string{"bundled": bundledBook, "pictures": picturesBook, "seed 000": seedBook}
	for name, path := range books {
		t.Run(name, func(t *testing.T) {
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s is not there (%v); skipping", path, err)
			}
			doc, _, err := parser.ParseBook(path)
			if err != nil {
				t.Fatal(err)
			}
			data := writeBook(t, doc, "")
			for _, p := range taggedProblems(t, data) {
				t.Error(p)
			}
			if name == "bundled" {
				readInOrder(t, doc, structure(t, data, true))
			}
		})
	}
}

// readInOrder checks that a book's structure tree reads its headings in
// the manuscript's order, and not its running heads: the book's title is
// read on its cover and title page, never alone. (That folios are
// artifacts is contentProblems's to find: no text is drawn outside a
// sequence.)
func readInOrder(t *testing.T, doc *ast.Document, text string) {
	t.Helper()
	rest := text
	for _, h := range doc.Headings() {
		title := `"` + typo.String(h.Title)
		i := strings.Index(rest, title)
		if i < 0 {
			t.Errorf("heading %q is not read, or not in the manuscript's order", h.Title)
			continue
		}
		rest = rest[i+len(title):]
	}
	if n := strings.Count(text, `"`+typo.String(doc.Config.Title)+` "`); n > 0 {
		t.Errorf("the running head %q is read %d times", doc.Config.Title, n)
	}
}

// TestTaggedProblemsFound proves the structure test can fail: each of
// the faults it looks for, made on purpose in the bundled book's PDF, is
// found, and an untagged book fails it whole.
func TestTaggedProblemsFound(t *testing.T) {
	needTools(t)
	doc, _, err := parser.ParseBook(bundledBook)
	if err != nil {
		t.Fatal(err)
	}
	data := writeBook(t, doc, "")
	q := qdf(t, data)
	listing := structure(t, data, false)
	if p := append(append(catalogProblems(q), contentProblems(q)...), treeProblems(listing)...); len(p) > 0 {
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
