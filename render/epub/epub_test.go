package epub

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
)

// books are the books every EPUB test reads: the bundled book, the sample
// book of each system that galley new writes, and the picture test book.
var books = map[string]string{
	"bundled":  filepath.Join("..", "..", "manuscript"),
	"fd100":    filepath.Join("..", "..", "cmd", "galley", "newbook", "fd100"),
	"pool":     filepath.Join("..", "..", "cmd", "galley", "newbook", "pool"),
	"2d12":     filepath.Join("..", "..", "cmd", "galley", "newbook", "2d12"),
	"trigger":  filepath.Join("..", "..", "cmd", "galley", "newbook", "trigger"),
	"pictures": filepath.Join("..", "..", "testdata", "books", "pictures"),
	// untitled: Markdown, no galley.toml, and a name that gives no title.
	"untitled": filepath.Join("..", "..", "testdata", "books", "notes-2"),
}

func parseBook(t testing.TB, dir string) *ast.Document {
	t.Helper()
	doc, diags, err := parser.ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	if errs, _ := diags.Count(); errs > 0 {
		t.Fatalf("%s: %v", dir, diags)
	}
	return doc
}

func writeEPUB(t testing.TB, doc *ast.Document) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := Write(context.Background(), &out, doc, testbook.SheetsOf(doc)); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// files reads an EPUB's files by name, in the zip's order.
func files(t testing.TB, epub []byte) (names []string, data map[string]string) {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(epub), int64(len(epub)))
	if err != nil {
		t.Fatal(err)
	}
	data = map[string]string{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, f.Name)
		data[f.Name] = string(b)
	}
	return names, data
}

func TestContainer(t *testing.T) {
	t.Setenv(parser.SourceDateEpoch, "1700000000")
	epub := writeEPUB(t, parseBook(t, books["bundled"]))
	// A reader identifies an EPUB by its first bytes: the mimetype's
	// local header, stored, with no extra field, then the media type.
	const head = "PK\x03\x04"
	if !strings.HasPrefix(string(epub), head) || string(epub[30:38]) != "mimetype" || string(epub[38:58]) != "application/epub+zip" {
		t.Fatalf("the EPUB does not open with its mimetype, stored: %q", epub[:60])
	}
	z, err := zip.NewReader(bytes.NewReader(epub), int64(len(epub)))
	if err != nil {
		t.Fatal(err)
	}
	if f := z.File[0]; f.Method != zip.Store || len(f.Extra) != 0 {
		t.Errorf("mimetype: method %d, extra %d bytes; want stored, none", f.Method, len(f.Extra))
	}
	for _, f := range z.File {
		if got := f.Modified.UTC().Format("2006-01-02 15:04"); got != "2023-11-14 22:13" {
			t.Errorf("%s: stamped %s, want SOURCE_DATE_EPOCH's 2023-11-14 22:13", f.Name, got)
		}
	}
	_, data := files(t, epub)
	opf := data["OEBPS/content.opf"]
	for _, want := range []string{
		`<dc:title id="title">Nests &amp; Insects</dc:title>`,
		`<dc:language>en</dc:language>`,
		`<dc:identifier id="book-id">urn:uuid:`,
		`<meta property="dcterms:modified">2023-11-14T22:13:20Z</meta>`,
		`<meta property="schema:accessMode">textual</meta>`,
		`<meta property="schema:accessibilityFeature">tableOfContents</meta>`,
		`<meta property="schema:accessibilitySummary">`,
		`properties="nav"`,
		`media-type="font/ttf"`,
	} {
		if !strings.Contains(opf, want) {
			t.Errorf("content.opf lacks %s", want)
		}
	}
	// Every file the manifest lists is in the zip, and every document is
	// well-formed XML in the book's language.
	for _, m := range regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(opf, -1) {
		name := "OEBPS/" + m[1]
		text, ok := data[name]
		if !ok {
			t.Errorf("the manifest lists %s, which is not in the EPUB", name)
			continue
		}
		if !strings.HasSuffix(name, ".xhtml") {
			continue
		}
		if err := wellFormed(text); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if !strings.Contains(text, `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">`) {
			t.Errorf("%s: no language on its root", name)
		}
	}
}

func wellFormed(text string) error {
	d := xml.NewDecoder(strings.NewReader(text))
	d.Strict = true
	d.Entity = map[string]string{} // XHTML in EPUB uses no named entities but XML's
	for {
		if _, err := d.Token(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

func TestDeterministic(t *testing.T) {
	t.Setenv(parser.SourceDateEpoch, "1700000000")
	for name, dir := range books {
		first := writeEPUB(t, parseBook(t, dir))
		second := writeEPUB(t, parseBook(t, dir))
		if !bytes.Equal(first, second) {
			t.Errorf("%s: two builds gave different bytes", name)
		}
	}
}

const navBook = `Chapter One
===========

Intro.

Section A
---------

Text with a note¹.

______

¹ The note.

Chapter Two
===========

See Table 1 and Section "Section A".

\begin{table}
Roll & Result
1-3  & Low
4-6  & High
\end{table}
Table 1: Results.
`

func TestNavigation(t *testing.T) {
	for depth, want := range map[int][]string{
		1: {"chapter-01.xhtml", "chapter-02.xhtml"},
		2: {"chapter-01.xhtml", "chapter-01.xhtml#section-a", "chapter-02.xhtml"},
	} {
		doc, diags := parser.Parse("book.txt", []byte(navBook))
		if errs, _ := diags.Count(); errs > 0 {
			t.Fatal(diags)
		}
		doc.Config.TOCDepth = depth
		_, data := files(t, writeEPUB(t, doc))
		nav := data["OEBPS/nav.xhtml"]
		toc := nav[strings.Index(nav, `epub:type="toc"`):strings.Index(nav, "</nav>")]
		var got []string
		for _, m := range regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(toc, -1) {
			got = append(got, m[1])
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("toc_depth %d: the contents link %v, want %v", depth, got, want)
		}
		if depth == 2 && !strings.Contains(toc, `Chapter One</a><ol>`) {
			t.Errorf("toc_depth 2: the section is not nested in its chapter:\n%s", toc)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden holds the package document, the navigation and the chapters
// of a small book to files under testdata/golden, which go test -update
// rewrites: a change to what the EPUB says shows in review.
func TestGolden(t *testing.T) {
	doc, diags := parser.Parse("book.txt", []byte(navBook))
	if errs, _ := diags.Count(); errs > 0 {
		t.Fatal(diags)
	}
	doc.Config.Title, doc.Config.Authors = "Nav & Notes", []string{"Ann Author"}
	_, data := files(t, writeEPUB(t, doc))
	for _, name := range []string{"content.opf", "nav.xhtml", "cover.xhtml", "chapter-01.xhtml", "chapter-02.xhtml"} {
		golden := filepath.Join("testdata", "golden", name)
		got := data["OEBPS/"+name]
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("%s differs from %s (go test -update rewrites it):\n%s", name, golden, got)
		}
	}
}

func TestFootnotesAndLinks(t *testing.T) {
	doc, diags := parser.Parse("book.txt", []byte(navBook))
	if errs, _ := diags.Count(); errs > 0 {
		t.Fatal(diags)
	}
	_, data := files(t, writeEPUB(t, doc))
	one, two := data["OEBPS/chapter-01.xhtml"], data["OEBPS/chapter-02.xhtml"]
	for _, want := range []string{
		`<a class="footnote-ref" epub:type="noteref" id="fnref-1" href="#fn-1" role="doc-noteref">¹</a>`,
		`<aside epub:type="footnote" role="doc-footnote" class="footnote" id="fn-1"><p><a class="footnote-back" href="#fnref-1" role="doc-backlink"`,
	} {
		if !strings.Contains(one, want) {
			t.Errorf("chapter one lacks %s:\n%s", want, one)
		}
	}
	for _, want := range []string{
		"<a class=\"ref\" href=\"#table-1\">Table\u00a01</a>", // tied: a no-break space
		`<a class="ref" href="chapter-01.xhtml#section-a">Section “Section A”</a>`,
		`<th scope="col">Roll</th>`,
	} {
		if !strings.Contains(two, want) {
			t.Errorf("chapter two lacks %s:\n%s", want, two)
		}
	}
}

func TestPictures(t *testing.T) {
	doc := parseBook(t, books["pictures"])
	_, data := files(t, writeEPUB(t, doc))
	var imgs int
	for name, text := range data {
		if !strings.HasSuffix(name, ".xhtml") {
			continue
		}
		for _, img := range regexp.MustCompile(`<img [^>]*>`).FindAllString(text, -1) {
			imgs++
			if !regexp.MustCompile(`alt="[^"]+"`).MatchString(img) {
				t.Errorf("%s: a picture without alt text: %s", name, img)
			}
		}
	}
	if imgs == 0 {
		t.Fatal("the picture book's EPUB shows no picture")
	}
	if doc.Cover != nil && !strings.Contains(data["OEBPS/content.opf"], `properties="cover-image"`) {
		t.Error("the cover picture is not the manifest's cover-image")
	}
}

// TestEPUBCheck runs epubcheck, the W3C's conformance checker, on the
// EPUB of every test book: it must report nothing at all.
func TestEPUBCheck(t *testing.T) {
	check := epubcheck(t)
	t.Setenv(parser.SourceDateEpoch, "1700000000")
	dir := t.TempDir()
	for name, book := range books {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(dir, name+".epub")
			if err := os.WriteFile(file, writeEPUB(t, parseBook(t, book)), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(check[0], append(check[1:], file)...).CombinedOutput()
			if err != nil || !strings.Contains(string(out), "0 fatals / 0 errors / 0 warnings") {
				t.Errorf("epubcheck %s: %v\n%s", name, err, out)
			}
		})
	}
}

// epubcheck returns the command that runs epubcheck, skipping the test
// when there is none. Debian's /usr/bin/epubcheck is the jar itself,
// which runs on its own only where binfmt_misc knows jars.
func epubcheck(t *testing.T) []string {
	if testing.Short() {
		t.Skip("epubcheck takes a quarter of a minute a book; not with -short")
	}
	path, err := exec.LookPath("epubcheck")
	if err != nil {
		t.Skip("epubcheck is not installed (Debian package epubcheck; .ci/run installs it)")
	}
	head := make([]byte, 4)
	if f, err := os.Open(path); err == nil {
		_, _ = io.ReadFull(f, head)
		f.Close()
	}
	if string(head) != "PK\x03\x04" {
		return []string{path}
	}
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("epubcheck is a jar and there is no java to run it")
	}
	return []string{java, "-jar", path}
}

func BenchmarkWrite(b *testing.B) {
	doc := parseBook(b, books["bundled"])
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(context.Background(), io.Discard, doc, testbook.SheetsOf(doc)); err != nil {
			b.Fatal(err)
		}
	}
}
