package epub

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"hash/crc32"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/index"
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

// indexed returns doc with its index, as the pipeline hands it over.
func indexed(doc *ast.Document) *ast.Document {
	doc.Index, _ = index.Build(doc, testbook.SheetsOf(doc))
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
		`<th scope="col" class="num">Roll</th>`,
		`<td class="num">1–3</td><td>Low</td>`,
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
// EPUB of every test book: it must report nothing at all. It checks them
// all in one Java virtual machine (testdata/CheckEPUBs.java), which
// starting anew for each book took most of the time of; with them it checks
// a book whose mimetype is wrong, which it must fail, so that a checker
// that checked nothing could not pass, and the EPUBs of hostileBooks,
// which epubcheck once refused: they may carry warnings, no error.
func TestEPUBCheck(t *testing.T) {
	check := epubcheck(t)
	t.Setenv(parser.SourceDateEpoch, "1700000000")
	dir := t.TempDir()
	files := map[string]string{} // each book's file, by name
	var epubs []byte
	for name, book := range books {
		files[name] = filepath.Join(dir, name+".epub")
		epub := writeEPUB(t, indexed(parseBook(t, book)))
		if err := os.WriteFile(files[name], epub, 0o644); err != nil {
			t.Fatal(err)
		}
		epubs = epub
	}
	wrong := filepath.Join(dir, "wrong-mimetype.epub")
	if err := os.WriteFile(wrong, withMimetype(t, epubs, "application/zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	hostile := map[string]string{}
	for name, book := range hostileBooks {
		dir := t.TempDir()
		for file, text := range book {
			if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		doc, _, err := parser.ParseBook(dir)
		if err != nil {
			t.Fatal(err)
		}
		hostile[name] = filepath.Join(t.TempDir(), name+".epub")
		if err := os.WriteFile(hostile[name], writeEPUB(t, indexed(doc)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reports := check(append(append(slices.Sorted(maps.Values(files)), slices.Sorted(maps.Values(hostile))...), wrong))
	for name, file := range hostile {
		t.Run("hostile "+name, func(t *testing.T) {
			report, ok := reports[file]
			if !ok || report.status != 0 || !strings.Contains(report.text, "0 fatals / 0 errors") {
				t.Errorf("epubcheck %s: status %d\n%s", name, report.status, report.text)
			}
		})
	}
	for name, file := range files {
		t.Run(name, func(t *testing.T) {
			report, ok := reports[file]
			if !ok || report.status != 0 || !strings.Contains(report.text, "0 fatals / 0 errors / 0 warnings") {
				t.Errorf("epubcheck %s: status %d\n%s", name, report.status, report.text)
			}
		})
	}
	if report, ok := reports[wrong]; !ok || report.status == 0 || !strings.Contains(report.text, "PKG-007") {
		t.Errorf("epubcheck passed an EPUB whose mimetype is application/zip, or did not check it: status %d\n%s", report.status, report.text)
	}
}

// withMimetype returns the EPUB epub with its mimetype file saying mimetype,
// its other files as they are, byte for byte.
func withMimetype(t *testing.T, epub []byte, mimetype string) []byte {
	t.Helper()
	r, err := zip.NewReader(bytes.NewReader(epub), int64(len(epub)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	for _, f := range r.File {
		header := f.FileHeader
		var data io.Reader
		if f.Name == "mimetype" {
			data = strings.NewReader(mimetype)
			header.CRC32 = crc32.ChecksumIEEE([]byte(mimetype))
			header.CompressedSize64, header.UncompressedSize64 = uint64(len(mimetype)), uint64(len(mimetype))
		} else if data, err = f.OpenRaw(); err != nil {
			t.Fatal(err)
		}
		to, err := w.CreateRaw(&header)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(to, data); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// epubReport is what epubcheck said of one file, and its exit status.
type epubReport struct {
	text   string
	status int
}

// epubcheck returns a function that runs epubcheck on files and returns
// its report of each, skipping the test when there is no epubcheck.
// Debian's /usr/bin/epubcheck is the jar itself, which runs on its own
// only where binfmt_misc knows jars: the jar runs every file in one Java
// virtual machine, through testdata/CheckEPUBs.java, which Java's source
// launcher compiles (a JDK's, not a JRE's). An epubcheck that is a
// program of its own runs once a file.
func epubcheck(t *testing.T) func(files []string) map[string]epubReport {
	if testing.Short() {
		t.Skip("epubcheck takes half a minute; not with -short")
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
		return func(files []string) map[string]epubReport {
			reports := map[string]epubReport{}
			for _, file := range files {
				out, err := exec.Command(path, file).CombinedOutput()
				reports[file] = epubReport{string(out), exitStatus(t, err)}
			}
			return reports
		}
	}
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("epubcheck is a jar and there is no java to run it")
	}
	if modules, err := exec.Command(java, "--list-modules").Output(); err != nil || !bytes.Contains(modules, []byte("jdk.compiler@")) {
		t.Skip("checking the books in one Java virtual machine takes Java's source launcher, a JDK's (apt-get install default-jdk-headless; .ci/run installs it)")
	}
	return func(files []string) map[string]epubReport {
		// The machine checks a dozen small books and stops: its quick
		// compiler alone (tier 1) and the serial collector do that in half
		// the CPU time of the optimizing compiler's threads and the
		// parallel collector, which pay off only in a long run; on a busy
		// machine the test waited minutes for them.
		args := append([]string{"-Xss1024k", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
			"-cp", path, filepath.Join("testdata", "CheckEPUBs.java")}, files...)
		out, err := exec.Command(java, args...).Output()
		if err != nil {
			t.Fatalf("CheckEPUBs: %v\n%s", err, out)
		}
		return splitReports(t, string(out))
	}
}

// splitReports reads CheckEPUBs' output: each file's report after a line
// "=== FILE", ending with a line "=== status N".
func splitReports(t *testing.T, out string) map[string]epubReport {
	reports := map[string]epubReport{}
	var file string
	var text strings.Builder
	for _, line := range strings.SplitAfter(out, "\n") {
		switch {
		case strings.HasPrefix(line, "=== status "):
			status, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "=== status ")))
			if err != nil || file == "" {
				t.Fatalf("CheckEPUBs wrote %q where a report ended:\n%s", line, out)
			}
			reports[file] = epubReport{text.String(), status}
			file = ""
			text.Reset()
		case strings.HasPrefix(line, "=== "):
			file = strings.TrimSpace(strings.TrimPrefix(line, "=== "))
		default:
			text.WriteString(line)
		}
	}
	return reports
}

// exitStatus is a command's exit status, from its error.
func exitStatus(t *testing.T, err error) int {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	t.Fatal(err)
	return 0
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

// hostileBooks are books whose EPUB epubcheck once refused, each written
// as its files, by name.
var hostileBooks = map[string]map[string]string{
	// An SVG with a script, an event attribute, a reference to a site,
	// an editor's namespace and a document type: the EPUB carries it
	// cleaned.
	"svg": {
		"book.txt": "Map\n===\n\n\\image{map.svg}{A map}\n",
		"map.svg": `<?xml version="1.0" standalone="no"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  width="40" height="20" onload="alert(1)" inkscape:version="1.3">
  <script>alert(2)</script>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <image xlink:href="https://example.com/tracker.png" width="1" height="1"/>
  <a xlink:href="javascript:alert(3)"><circle cx="10" cy="10" r="8" fill="red"/></a>
</svg>
`,
	},
	// An untitled book of sections and no chapter, as seed 001 is: its
	// landmarks were empty.
	"sections": {"notes.txt": "Burrows\n-------\n\nText.\n\nTunnels\n-------\n\nMore.\n"},
	// Empty headings and values of spaces: errors, which a build with its
	// errors allowed still writes a valid EPUB of.
	// An index of marks alone, with terms an XML reader would trip on,
	// a cross-reference to an entry the index lacks, and places before
	// the first heading and in the untitled front matter.
	"index": {
		"book.txt": "Before any heading, <Fear> & \"Dread\"\\index{<Fear> & Dread!x < y} and Morale\\index{Morale|see{Nothing]]>}}.\n\n" +
			"Rules\n=====\n\nMorale\\index{Morale!Check} drops\\index{Drops|seealso{Morale}}.\n",
	},
	"empty": {
		"book.md":     "#\n\nText.\n\n# <span></span>\n\nMore.\n",
		"galley.toml": "title = \"  \"\nsubtitle = \" \"\nauthors = [\" \", \"Ann\"]\nidentifier = \" \"\nversion = \" \"\n",
	},
}
