package pdf

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/pdfcontent"
	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
)

// qpdfObjects is a PDF as qpdf --json=2 reads it: its objects by key
// ("obj:12 0 R", "trailer"), each a value or a stream with its dictionary
// and its data, decoded.
type qpdfObjects map[string]struct {
	Value  any `json:"value"`
	Stream *struct {
		Dict map[string]any `json:"dict"`
		Data string         `json:"data"`
	} `json:"stream"`
}

// readQPDF writes data to a file and reads it back with qpdf's JSON, its
// streams decoded; the test skips without qpdf. Tests that read the same
// bytes share one reading, which they must not change.
func readQPDF(t *testing.T, data []byte) (version string, objects qpdfObjects) {
	t.Helper()
	if _, err := exec.LookPath("qpdf"); err != nil {
		t.Skip("qpdf not available (apt install qpdf): the press files' PDF/X is not checked")
	}
	read := ofBytes(t, "qpdf's JSON", data, func() (qpdfRead, error) {
		var r qpdfRead
		r.version, r.objects = readQPDFOnce(t, data)
		return r, nil
	})
	return read.version, read.objects
}

// qpdfRead is what readQPDF reads of a PDF.
type qpdfRead struct {
	version string
	objects qpdfObjects
}

// readQPDFOnce is readQPDF's reading, made once for the bytes.
func readQPDFOnce(t *testing.T, data []byte) (version string, objects qpdfObjects) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("qpdf", "--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized", file).Output()
	if err != nil {
		t.Fatalf("qpdf --json: %v", err)
	}
	var doc struct {
		QPDF []json.RawMessage `json:"qpdf"`
	}
	if err := json.Unmarshal(out, &doc); err != nil || len(doc.QPDF) != 2 {
		t.Fatalf("qpdf --json: %v", err)
	}
	var head struct {
		PDFVersion string `json:"pdfversion"`
	}
	if err := json.Unmarshal(doc.QPDF[0], &head); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc.QPDF[1], &objects); err != nil {
		t.Fatal(err)
	}
	return head.PDFVersion, objects
}

// dict returns the dictionary of the object ref refers to ("12 0 R"), a
// stream's or a plain one's; nil for none.
func (o qpdfObjects) dict(ref any) map[string]any {
	s, _ := ref.(string)
	obj, ok := o["obj:"+s]
	if !ok {
		return nil
	}
	if obj.Stream != nil {
		return obj.Stream.Dict
	}
	d, _ := obj.Value.(map[string]any)
	return d
}

// pages returns the page dictionaries, each with its object's key.
func (o qpdfObjects) pages() map[string]map[string]any {
	pages := map[string]map[string]any{}
	for key, obj := range o {
		if d, ok := obj.Value.(map[string]any); ok && d["/Type"] == "/Page" {
			pages[key] = d
		}
	}
	return pages
}

// pageOrder returns the page objects' keys in the order of the page tree.
func (o qpdfObjects) pageOrder() []string {
	var keys []string
	var walk func(ref any)
	walk = func(ref any) {
		s, _ := ref.(string)
		d := o.dict(s)
		if d["/Type"] == "/Page" {
			keys = append(keys, "obj:"+s)
		}
		kids, _ := d["/Kids"].([]any)
		for _, kid := range kids {
			walk(kid)
		}
	}
	walk(o.dict(o["trailer"].Value.(map[string]any)["/Root"])["/Pages"])
	return keys
}

// contentStreams returns the decoded content of every page and of every
// form XObject.
func (o qpdfObjects) contentStreams(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	add := func(ref any) {
		s, _ := ref.(string)
		obj, ok := o["obj:"+s]
		if !ok || obj.Stream == nil {
			return
		}
		data, err := base64.StdEncoding.DecodeString(obj.Stream.Data)
		if err != nil {
			t.Fatalf("stream %s: %v", s, err)
		}
		out[s] = data
	}
	for _, page := range o.pages() {
		switch c := page["/Contents"].(type) {
		case []any:
			for _, ref := range c {
				add(ref)
			}
		default:
			add(c)
		}
	}
	for key, obj := range o {
		if obj.Stream != nil && obj.Stream.Dict["/Subtype"] == "/Form" {
			add(strings.TrimPrefix(key, "obj:"))
		}
	}
	return out
}

// subsetName is the name of a font subset: a tag of six capitals and a
// plus sign before the font's name.
var subsetName = regexp.MustCompile(`^/[A-Z]{6}\+`)

// colourOperators returns the colour operators a content stream uses, by
// name, each with how often.
func colourOperators(content []byte) map[string]int {
	ops := map[string]int{}
	for op := range pdfcontent.Operations(content) {
		switch op.Operator {
		case "rg", "RG", "g", "G", "k", "K", "cs", "CS", "sc", "SC", "scn", "SCN":
			ops[op.Operator]++
		}
	}
	return ops
}

// TestPressPDFX builds the bundled book's interior and cover for every
// press and reads them with qpdf's JSON, checking what a machine can of
// the press's asks and of PDF/X-1a:2001 (docs/pdfx.md): for a CMYK press
// the PDF version, the document information's keys, the trailer's
// identifier, one output intent whose profile is an embedded CMYK one, no
// colour operator but CMYK's and grey's in any content stream and no
// picture but a CMYK or grey one; for KDP no outline, no annotation and no
// information but PDF/X's; for every press a TrimBox and a BleedBox on
// every page, each within the one before, and the cover as wide as the
// press's formula makes it, to 0.001 in.
func TestPressPDFX(t *testing.T) {
	t.Parallel()
	for _, name := range ast.Presses {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			interior, cover, pages := pressBook(t, ast.PressName(name))
			p := presses[ast.PressName(name)]
			for part, data := range map[string][]byte{"interior": interior, "cover": cover} {
				version, objects := readQPDF(t, data)
				checkPDFX(t, part, p, version, objects)
			}
			_, objects := readQPDF(t, cover)
			for _, page := range objects.pages() {
				width := objects.mediaBox(page)[2] / 72
				want := 2*6 + float64(pages)*p.pageThickness["white"] + p.spineAllowance + 0.25
				if math.Abs(width-want) > 0.001 {
					t.Errorf("the cover of %d pages is %.4f in wide, want %.4f", pages, width, want)
				}
			}
			_, objects = readQPDF(t, interior)
			for key, page := range objects.pages() {
				if _, ok := page["/Annots"]; ok && !p.links() {
					t.Errorf("page %s has annotations", key)
				}
			}
			if p.outline {
				return
			}
			root := objects.dict(objects["trailer"].Value.(map[string]any)["/Root"])
			if _, ok := root["/Outlines"]; ok {
				t.Error("the interior has an outline (bookmarks)")
			}
			info := objects.dict(objects["trailer"].Value.(map[string]any)["/Info"])
			for key := range info {
				if !slices.Contains([]string{"/Title", "/CreationDate", "/ModDate", "/GTS_PDFXVersion", "/GTS_PDFXConformance", "/Trapped"}, key) {
					t.Errorf("the interior's information has %s, which PDF/X does not ask for", key)
				}
			}
		})
	}
}

// checkPDFX checks one file of a press book (see TestPressPDFX and
// docs/pdfx.md, whose rows name these checks).
func checkPDFX(t *testing.T, part string, p *press, version string, objects qpdfObjects) {
	t.Helper()
	trailer, _ := objects["trailer"].Value.(map[string]any)
	if id, _ := trailer["/ID"].([]any); len(id) != 2 {
		t.Errorf("%s: the trailer has no file identifier: %v", part, trailer["/ID"])
	}
	root := objects.dict(trailer["/Root"])
	intents, _ := root["/OutputIntents"].([]any)
	if len(intents) != 1 {
		t.Fatalf("%s: %d output intents, want 1", part, len(intents))
	}
	intent := intents[0].(map[string]any)
	profile := objects.dict(intent["/DestOutputProfile"])
	wantN := 3.0
	if p.cmyk() {
		wantN = 4
	}
	if intent["/S"] != "/GTS_PDFX" || profile == nil || profile["/N"] != wantN {
		t.Errorf("%s: output intent %v with a profile of %v components, want /GTS_PDFX and %v", part, intent, profile["/N"], wantN)
	}
	for key, page := range objects.pages() {
		media, bleedBox, trim := objects.mediaBox(page), boxOf(page["/BleedBox"]), boxOf(page["/TrimBox"])
		if trim == nil || bleedBox == nil || !within(trim, bleedBox) || !within(bleedBox, media) {
			t.Errorf("%s: page %s has the boxes trim %v, bleed %v, media %v", part, key, trim, bleedBox, media)
		}
	}
	if !p.cmyk() {
		return
	}
	info := objects.dict(trailer["/Info"])
	want := map[string]any{"/GTS_PDFXVersion": "u:PDF/X-1:2001", "/GTS_PDFXConformance": "u:PDF/X-1a:2001", "/Trapped": "/False"}
	for key, value := range want {
		if info[key] != value {
			t.Errorf("%s: the information's %s is %v, want %v", part, key, info[key], value)
		}
	}
	for _, key := range []string{"/Title", "/CreationDate", "/ModDate"} {
		if info[key] == nil {
			t.Errorf("%s: the information has no %s", part, key)
		}
	}
	if _, ok := trailer["/Encrypt"]; ok {
		t.Errorf("%s: the file is encrypted", part)
	}
	for _, key := range []string{"/OpenAction", "/AA", "/AcroForm"} {
		if _, ok := root[key]; ok {
			t.Errorf("%s: the catalog has %s", part, key)
		}
	}
	if names, _ := root["/Names"].(map[string]any); names["/JavaScript"] != nil {
		t.Errorf("%s: the file has JavaScript", part)
	} else if names["/EmbeddedFiles"] != nil {
		t.Errorf("%s: the file has a tree of embedded files, a file specification PDF/X forbids even empty", part)
	}
	for key, obj := range objects {
		d, _ := obj.Value.(map[string]any)
		if obj.Stream != nil {
			d = obj.Stream.Dict
		}
		switch {
		case d["/Type"] == "/ExtGState":
			t.Errorf("%s: %s is a graphics state (transparency, a transfer function or a halftone): %v", part, key, d)
		case d["/Type"] == "/FontDescriptor" && d["/FontFile"] == nil && d["/FontFile2"] == nil && d["/FontFile3"] == nil:
			t.Errorf("%s: font %v is not embedded", part, d["/FontName"])
		case d["/Type"] == "/FontDescriptor" && !subsetName.MatchString(fmt.Sprint(d["/FontName"])):
			t.Errorf("%s: font %v, a subset, has no subset tag", part, d["/FontName"])
		case d["/Subtype"] == "/PS" || d["/OPI"] != nil:
			t.Errorf("%s: %s is PostScript or an OPI reference", part, key)
		}
	}
	if version != "1.3" {
		t.Errorf("%s: PDF %s, want 1.3 as PDF/X-1a:2001 is", part, version)
	}
	for ref, content := range objects.contentStreams(t) {
		for op, n := range colourOperators(content) {
			if !strings.Contains("g G k K", op) {
				t.Errorf("%s: content stream %s uses %s %d times, where only CMYK and grey may be", part, ref, op, n)
			}
		}
		checkMinimums(t, part+", content stream "+ref, p, content)
	}
	for key, obj := range objects {
		if obj.Stream == nil || obj.Stream.Dict["/Subtype"] != "/Image" {
			continue
		}
		if cs := obj.Stream.Dict["/ColorSpace"]; cs != "/DeviceCMYK" && cs != "/DeviceGray" {
			t.Errorf("%s: picture %s is in %v, not CMYK or grey", part, key, cs)
		}
		if _, ok := obj.Stream.Dict["/SMask"]; ok {
			t.Errorf("%s: picture %s has a soft mask, a transparency PDF/X-1a forbids", part, key)
		}
	}
}

// checkMinimums checks a content stream against the press's thinnest rule
// and lightest grey fill, when it has them: KDP's 0.75 pt and 10%.
func checkMinimums(t *testing.T, what string, p *press, content []byte) {
	t.Helper()
	for op := range pdfcontent.Operations(content) {
		switch {
		case op.Operator == "w" && p.minRule > 0 && op.Number(1) < p.minRule-0.005:
			t.Errorf("%s: a line %.2f pt wide, under %s's %.2f pt", what, op.Number(1), p.name, p.minRule)
			return
		case op.Operator == "k" && p.minTint > 0 && len(op.Operands) == 4 && op.Number(4) == 0 && op.Number(3) == 0 && op.Number(2) == 0 &&
			op.Number(1) > 0 && op.Number(1) < p.minTint-0.0005:
			t.Errorf("%s: a grey fill of %.1f%%, under %s's %.0f%%", what, 100*op.Number(1), p.name, 100*p.minTint)
			return
		}
	}
}

// boxOf reads a page box from qpdf's JSON, in points; nil for none.
func boxOf(v any) []float64 {
	a, _ := v.([]any)
	if len(a) != 4 {
		return nil
	}
	box := make([]float64, 4)
	for i, n := range a {
		box[i], _ = n.(float64)
	}
	return box
}

// mediaBox returns a page's MediaBox, its own or its page tree's, as fpdf
// writes it.
func (o qpdfObjects) mediaBox(page map[string]any) []float64 {
	if box := boxOf(page["/MediaBox"]); box != nil {
		return box
	}
	return boxOf(o.dict(page["/Parent"])["/MediaBox"])
}

// within reports whether box a lies within box b, to a hundredth of a
// point.
func within(a, b []float64) bool {
	return b != nil && a[0] >= b[0]-0.01 && a[1] >= b[1]-0.01 && a[2] <= b[2]+0.01 && a[3] <= b[3]+0.01
}

// TestCoverWidth checks each press's cover against the formula the press
// publishes (see the README's "For the press"), for books of 24, 100, 301
// and 828 pages on every paper stock, to 0.001 in: two trims, a spine and a
// bleed each side, the spine KDP's pages × 0.002252 in (white), × 0.0025
// (cream) or × 0.002347 (colour), Lulu's pages / 444 + 0.06 in.
func TestCoverWidth(t *testing.T) {
	spine := map[string]func(pages float64, stock string) float64{
		"kdp": func(n float64, stock string) float64 {
			return n * map[string]float64{"white": 0.002252, "cream": 0.0025, "colour": 0.002347}[stock]
		},
		"lulu": func(n float64, _ string) float64 { return n/444 + 0.06 },
		"ingram": func(n float64, stock string) float64 {
			return n * map[string]float64{"white": 0.002252, "cream": 0.0025, "colour": 0.0025}[stock]
		},
		"drivethrurpg": func(n float64, stock string) float64 {
			return n * map[string]float64{"white": 0.002252, "cream": 0.0025, "colour": 0.0025}[stock]
		},
		"generic": func(n float64, _ string) float64 { return n * 0.0025 },
	}
	for _, name := range ast.Presses {
		for _, stock := range ast.PaperStocks {
			for _, pages := range []int{24, 100, 301, 828} {
				doc := &ast.Document{Config: &ast.Config{Press: ast.PressName(name), Paper: "6x9", PaperStock: stock}}
				w, h, s, ok := CoverSize(doc, pages)
				want := spine[name](float64(pages), stock)
				if !ok || math.Abs(s-want) > 0.001 || math.Abs(w-(12+want+0.25)) > 0.001 || math.Abs(h-9.25) > 0.001 {
					t.Errorf("%s on %s, %d pages: cover %.4f × %.4f in, spine %.4f; want %.4f × 9.25, spine %.4f",
						name, stock, pages, w, h, s, 12+want+0.25, want)
				}
			}
		}
	}
}

// TestCoverPDF writes the cover of the bundled book for KDP at 24 and 301
// pages: at 24 its spine has no text, as KDP prints none under 80 pages;
// at 301 the title is on it. The sheet's MediaBox is the formula's width.
func TestCoverPDF(t *testing.T) {
	doc := testbook.Book(t)
	doc.Config.Press, doc.Config.Paper = "kdp", "6x9"
	for _, pages := range []int{24, 301} {
		var b bytes.Buffer
		if _, err := WriteCover(context.Background(), &b, doc, pages); err != nil {
			t.Fatal(err)
		}
		w, h, _, _ := CoverSize(doc, pages)
		media := fmt.Sprintf("/MediaBox [0 0 %.2f %.2f]", w*72, h*72)
		if !bytes.Contains(b.Bytes(), []byte(media)) {
			t.Errorf("%d pages: no %s", pages, media)
		}
		text := pdftotext(t, b.Bytes())
		if !strings.Contains(text, "Your colony") {
			t.Errorf("%d pages: the back has no blurb:\n%s", pages, text)
		}
		spineTitle := strings.Contains(text, doc.Config.Title+" · ")
		if spineTitle != (pages >= 80) {
			t.Errorf("%d pages: the spine's text is there: %v; want %v:\n%s", pages, spineTitle, pages >= 80, text)
		}
	}
}

// TestPressInk renders KDP's interior of the bundled book, and every CMYK
// press's cover of it, with Ghostscript to their CMYK separations, and
// checks that no pixel of any page lays more ink than the press's limit
// for it, the interior's or the cover's: the total area coverage a press
// limits is a spot's, the four inks added. Ghostscript's ink_cov device,
// which prints each page's ink as an average over the page, reads every
// page as CMYK and within it too. (Its inkcov device does not measure
// ink: it prints the share of the page each ink touches at all, so a
// cover's pale ground of three inks reads 290%, though no spot of it
// lays 15%.) The interiors of the three CMYK presses are drawn alike but
// for their lightest grey and thinnest rule, which KDP's raise; their
// covers differ in their limits. It skips without Ghostscript (.ci/run
// installs it).
//
// In go test ./... it renders every cover and the interior's pages that
// lay the most ink of each kind, as their content streams draw it (see
// inkiestPages): the most pictures, the most grey or tinted area, the
// darkest fill and the most rules; every page of the interior under
// -long, which .ci/run passes.
func TestPressInk(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("gs"); err != nil {
		t.Skip("Ghostscript not available (apt install ghostscript): the ink is not measured")
	}
	interior, _, _ := pressBook(t, "kdp")
	var pages []int // every page
	if !*long {
		pages = inkiestPages(t, interior)
		t.Logf("the interior's pages checked: %v (every page under -long)", pages)
	}
	checkInk(t, pages, inkFile{"kdp interior", interior, presses["kdp"].inkLimit})
	doc := testbook.Book(t)
	doc.Config.Paper = "6x9"
	var covers []inkFile
	for _, name := range ast.Presses {
		p := presses[ast.PressName(name)]
		if !p.cmyk() {
			continue
		}
		doc.Config.Press = ast.PressName(name)
		var cover bytes.Buffer
		if _, err := WriteCover(context.Background(), &cover, doc, 100); err != nil {
			t.Fatal(err)
		}
		covers = append(covers, inkFile{name + " cover", cover.Bytes(), p.coverInkLimit})
	}
	checkInk(t, nil, covers...)
}

// inkFile is a CMYK PDF whose ink is measured, and the most ink a spot of
// it may lay, in percent.
type inkFile struct {
	what  string
	data  []byte
	limit float64
}

// checkInk checks the ink of the pages numbered pages (from 1; nil for
// every page) of each CMYK PDF of files against its limit (see
// TestPressInk), rendering them all in one run of Ghostscript for each of
// its two devices.
func checkInk(t *testing.T, pages []int, files ...inkFile) {
	t.Helper()
	dir := t.TempDir()
	var args []string
	if pages != nil {
		list := make([]string, len(pages))
		for i, n := range pages {
			list[i] = strconv.Itoa(n)
		}
		args = append(args, "-sPageList="+strings.Join(list, ","))
	}
	// page names the nth page Ghostscript renders, from 0, by its file
	// and its number there.
	type page struct {
		file   inkFile
		number int
	}
	var rendered []page
	for i, f := range files {
		pdf := filepath.Join(dir, fmt.Sprintf("file%d.pdf", i))
		if err := os.WriteFile(pdf, f.data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, pdf)
		numbers := pages
		if numbers == nil {
			for n := range len(pageObject.FindAll(f.data, -1)) {
				numbers = append(numbers, n+1)
			}
		}
		for _, n := range numbers {
			rendered = append(rendered, page{f, n})
		}
	}
	out, err := exec.Command("gs", append([]string{"-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=bitcmyk", "-dGrayValues=256", "-r15",
		"-o", filepath.Join(dir, "page%04d.raw")}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("gs: %v\n%s", err, out)
	}
	separations, _ := filepath.Glob(filepath.Join(dir, "page*.raw"))
	if len(separations) != len(rendered) {
		t.Fatalf("gs rendered %d pages, want %d", len(separations), len(rendered))
	}
	for i, file := range separations {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		most := 0
		for i := 0; i+3 < len(raw); i += 4 {
			most = max(most, int(raw[i])+int(raw[i+1])+int(raw[i+2])+int(raw[i+3]))
		}
		if ink, p := float64(most)/255*100, rendered[i]; ink > p.file.limit+0.5 {
			t.Errorf("%s, page %d: a spot lays %.0f%% ink, over the limit of %.0f%%", p.file.what, p.number, ink, p.file.limit)
		}
	}
	out, err = exec.Command("gs", append([]string{"-q", "-dSAFER", "-o", "-", "-sDEVICE=ink_cov"}, args...)...).Output()
	if err != nil {
		t.Fatalf("gs ink_cov: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(rendered) {
		t.Fatalf("ink_cov reads %d pages, the separations %d", len(lines), len(rendered))
	}
	for i, line := range lines {
		p := rendered[i]
		var c, m, y, k float64
		var space, ok string
		if _, err := fmt.Sscan(line, &c, &m, &y, &k, &space, &ok); err != nil || space != "CMYK" || ok != "OK" {
			t.Errorf("%s, page %d: ink_cov reads %q", p.file.what, p.number, line)
			continue
		}
		if total := c + m + y + k; total > p.file.limit {
			t.Errorf("%s, page %d: ink_cov reads %.0f%% ink on average, over %.0f%%", p.file.what, p.number, total, p.file.limit)
		}
	}
}

// inkiestPages returns the numbers, in order, of a few pages of a CMYK
// PDF that between them draw in every colour its content streams fill or
// stroke with (the greys, the boxes' tints, text, rules and frames): a
// spot's ink is its colour's, the four inks added, so they hold every
// spot's ink the book's drawing lays. With them, every page that draws a
// picture, each its own pixels, and the page that fills the most area,
// by the ink of its colours, which ink_cov's average is most of.
func inkiestPages(t *testing.T, data []byte) []int {
	t.Helper()
	_, objects := readQPDF(t, data)
	contents := objects.contentStreams(t)
	var colours []map[string]bool // each page's, by page
	chosen := map[int]bool{}
	inkiest, most := 0, 0.0 // the page that fills the most area by ink, and how much
	for n, key := range objects.pageOrder() {
		fill, stroke := "g 0", "G 0" // PDF's initial colours, black
		fillInk := 100.0
		area, inked := 0.0, 0.0 // the path's, of its rectangles, and the page's by ink
		used := map[string]bool{}
		var refs []any
		switch c := objects[key].Value.(map[string]any)["/Contents"].(type) {
		case []any:
			refs = c
		default:
			refs = []any{c}
		}
		for _, ref := range refs {
			s, _ := ref.(string)
			for op := range pdfcontent.Operations(contents[s]) {
				switch op.Operator {
				case "k":
					fill = "k " + strings.Join(op.Operands, " ")
					fillInk = 100 * (op.Number(1) + op.Number(2) + op.Number(3) + op.Number(4))
				case "g":
					fill = "g " + strings.Join(op.Operands, " ")
					fillInk = 100 * (1 - op.Number(1))
				case "K", "G":
					stroke = op.Operator + " " + strings.Join(op.Operands, " ")
				case "re":
					area += math.Abs(op.Number(1) * op.Number(2))
				case "Do":
					chosen[n+1] = true
				case "Tj", "TJ", "'", `"`:
					used[fill] = true
				case "f", "F", "f*":
					used[fill] = true
					inked += area * fillInk
					area = 0
				case "B", "B*", "b", "b*":
					used[fill], used[stroke] = true, true
					inked += area * fillInk
					area = 0
				case "S", "s":
					used[stroke] = true
					area = 0
				case "n":
					area = 0
				}
			}
		}
		colours = append(colours, used)
		if inked > most {
			inkiest, most = n+1, inked
		}
	}
	if inkiest > 0 {
		chosen[inkiest] = true
	}
	// Pages are taken, the one with the most colours not yet drawn first,
	// until every colour is drawn.
	drawn := map[string]bool{}
	for page := range chosen {
		for colour := range colours[page-1] {
			drawn[colour] = true
		}
	}
	for {
		best, bestNew := 0, 0
		for n, used := range colours {
			fresh := 0
			for colour := range used {
				if !drawn[colour] {
					fresh++
				}
			}
			if fresh > bestNew {
				best, bestNew = n+1, fresh
			}
		}
		if best == 0 {
			break
		}
		chosen[best] = true
		for colour := range colours[best-1] {
			drawn[colour] = true
		}
	}
	pages := slices.Sorted(maps.Keys(chosen))
	if len(pages) == 0 {
		t.Fatal("no page of the interior draws anything")
	}
	return pages
}

// TestCMYKOf checks the conversion of galley's colours to a CMYK press's
// inks: a grey is black ink alone, black is full black, and no colour of
// a grid across RGB lays more ink than the limit, as a vector colour or as
// a picture's pixel, rounded to bytes.
func TestCMYKOf(t *testing.T) {
	for _, v := range []int{0, 25, 128, 255} {
		c, m, y, k := cmykOf(rgb{v, v, v}, 240)
		if c != 0 || m != 0 || y != 0 || math.Abs(k-(1-float64(v)/255)) > 1e-9 {
			t.Errorf("grey %d: %.3f %.3f %.3f %.3f, want black alone", v, c, m, y, k)
		}
	}
	for r := 0; r < 256; r += 15 {
		for g := 0; g < 256; g += 15 {
			for b := 0; b < 256; b += 15 {
				c, m, y, k := cmykOf(rgb{r, g, b}, 240)
				if total := 100 * (c + m + y + k); total > 240+1e-9 {
					t.Errorf("%d,%d,%d: %.1f%% ink", r, g, b, total)
				}
				px := cmykBytes(rgb{r, g, b}, 240)
				if total := int(px[0]) + int(px[1]) + int(px[2]) + int(px[3]); total > 240*255/100 {
					t.Errorf("%d,%d,%d: a picture's pixel of %d/255 ink", r, g, b, total)
				}
			}
		}
	}
}

// TestCMYKProfile checks the CMYK output intent's profile: an ICC output
// (printer) profile of CMYK, as PDF/X's output intent must be.
func TestCMYKProfile(t *testing.T) {
	if len(coatedFOGRA39) < 128 || string(coatedFOGRA39[12:16]) != "prtr" || string(coatedFOGRA39[16:20]) != "CMYK" {
		t.Errorf("the profile's header is not a CMYK printer's: % x", coatedFOGRA39[:min(20, len(coatedFOGRA39))])
	}
}

// TestPressPictures builds the pictures book (a PNG, a JPEG, an SVG, and a
// PNG on the cover) for KDP: every picture of its interior and its cover is
// CMYK, without a soft mask, and each picture, drawn at 96 pixels an inch
// or the cover's at fewer, is a preflight/resolution warning at its path,
// once.
func TestPressPictures(t *testing.T) {
	t.Parallel()
	doc, diags, err := parser.ParseBook(picturesBook)
	if errs, _ := diags.Count(); err != nil || errs > 0 {
		t.Fatalf("parse: %v %v", err, diags)
	}
	doc.Config.Press = "kdp"
	var interior, cover bytes.Buffer
	b, err := LayOut(context.Background(), doc, testbook.SheetsOf(doc), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Write(context.Background(), &interior); err != nil {
		t.Fatal(err)
	}
	coverDiags, err := WriteCover(context.Background(), &cover, doc, b.Pagination().Pages)
	if err != nil {
		t.Fatal(err)
	}
	low := map[string]int{}
	for _, d := range append(b.Warnings(), coverDiags...) {
		if d.Code == "preflight/resolution" {
			low[d.File+":"+strconv.Itoa(d.Line)]++
		}
	}
	if len(low) != 4 {
		t.Errorf("%d pictures are said to be under 300 ppi, want the 3 PNGs and JPEGs of the text and the cover's: %v", len(low), low)
	}
	for at, n := range low {
		if n != 1 {
			t.Errorf("%s: %d resolution warnings, want 1", at, n)
		}
	}
	for part, data := range map[string][]byte{"interior": interior.Bytes(), "cover": cover.Bytes()} {
		_, objects := readQPDF(t, data)
		pictures := 0
		for key, obj := range objects {
			if obj.Stream == nil || obj.Stream.Dict["/Subtype"] != "/Image" {
				continue
			}
			pictures++
			if cs := obj.Stream.Dict["/ColorSpace"]; cs != "/DeviceCMYK" {
				t.Errorf("%s: picture %s is in %v", part, key, cs)
			}
			if obj.Stream.Dict["/SMask"] != nil {
				t.Errorf("%s: picture %s has a soft mask", part, key)
			}
		}
		if pictures == 0 {
			t.Errorf("%s: no picture", part)
		}
	}
}
