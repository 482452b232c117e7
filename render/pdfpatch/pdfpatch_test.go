package pdfpatch

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden PDFs in testdata")

// fpdfDocument writes a PDF with fpdf as galley's PDF writer sets it up:
// compressed off, so that the golden files read as text, a fixed date, a
// sorted catalogue. A press PDF has two pages and an output intent, as a
// book for the press does; the other, one page, as a character sheet.
func fpdfDocument(t testing.TB, press bool) []byte {
	t.Helper()
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: 100, Ht: 150}})
	pdf.SetCompression(false)
	pdf.SetCatalogSort(true)
	date := time.Date(2024, 2, 29, 13, 14, 15, 0, time.UTC)
	pdf.SetCreationDate(date)
	pdf.SetModificationDate(date)
	pdf.SetCreator("galley", true)
	pdf.SetTitle("Patched", true)
	pages := 1
	if press {
		pages = 2
		pdf.AddOutputIntent(fpdf.OutputIntentType{
			SubtypeIdent:              fpdf.OutputIntent_GTS_PDFX,
			OutputConditionIdentifier: "sRGB IEC61966-2.1",
			Info:                      "sRGB IEC61966-2.1",
			ICCProfile:                []byte("a profile"),
		})
	}
	for range pages {
		pdf.AddPage()
		pdf.Rect(10, 10, 80, 130, "D")
	}
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// compareGolden compares got with testdata/name, or with -update writes
// it.
func compareGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	file := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want, err := os.ReadFile(file); err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (%v), at %s; go test ./render/pdfpatch -update accepts it, once the patches are known to fit it",
			name, file, err, golden.FirstDifference(string(got), string(want)))
	}
}

// qpdfCheck has qpdf read the file, when it is installed.
func qpdfCheck(t *testing.T, data []byte) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "check.pdf")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("qpdf", "--check", file).CombinedOutput()
	switch {
	case errorsIsNotFound(err):
		t.Log("qpdf is not installed: the PDF is not checked")
	case err != nil || !strings.Contains(string(out), "No syntax or stream encoding errors"):
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
}

func errorsIsNotFound(err error) bool {
	_, ok := err.(*exec.Error)
	return ok
}

// TestFpdfOutput pins the bytes fpdf writes, which the patches find their
// way in: the page objects' start, the page tree's MediaBox, the
// cross-reference table's entries and the trailer, and the /Info that
// points at the object before the catalogue. An fpdf that writes
// otherwise fails here, before a patch goes wrong on a book.
func TestFpdfOutput(t *testing.T) {
	compareGolden(t, "sheet.pdf", fpdfDocument(t, false))
	compareGolden(t, "press.pdf", fpdfDocument(t, true))
}

// TestUpdate adds a form's worth of objects to fpdf's one page: a new
// object, and new versions of the page and the catalogue that refer to it.
// The update reads back, its objects where its own cross-reference section
// says and the rest where the first does.
func TestUpdate(t *testing.T) {
	doc, err := Read(fpdfDocument(t, false))
	if err != nil {
		t.Fatal(err)
	}
	catalog, err := doc.Object(doc.Root())
	if err != nil {
		t.Fatal(err)
	}
	pages, err := doc.Object(RefIn(catalog, "Pages"))
	if err != nil {
		t.Fatal(err)
	}
	u := doc.Update()
	note := u.Object("<< /Type /Annot /Subtype /Text /Rect [10 10 30 30] /Contents " + TextString("Zürich (note)") + " >>")
	parent := u.Reserve()
	u.Replace(parent, "<< /Kids [] /T "+String([]byte("a\\b"))+" >>")
	u.Replace(doc.Root(), AddEntry(catalog, "/PageLabels << /Nums [0 << /P (p) >>] >> /PageLayout "+Name("SinglePage")))
	updated := u.Finish()
	compareGolden(t, "sheet-update.pdf", updated)
	qpdfCheck(t, updated)

	again, err := Read(updated)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := again.Object(again.Root()); err != nil || !bytes.Contains(c, []byte("/PageLabels")) {
		t.Errorf("the catalogue read back is %q (%v), not its new version", c, err)
	}
	if p, err := again.Object(RefIn(catalog, "Pages")); err != nil || !bytes.Equal(p, pages) {
		t.Errorf("the page tree read back is %q (%v), not fpdf's", p, err)
	}
	num := strings.TrimSuffix(note, " 0 R")
	if n, err := again.Object(atoi(t, num)); err != nil || !bytes.Contains(n, []byte("<FEFF005A00FC0072006900630068")) {
		t.Errorf("the new object read back is %q (%v)", n, err)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			t.Fatalf("%q is no object number", s)
		}
		n = 10*n + int(c-'0')
	}
	return n
}

// TestAddPageBoxes writes the trim and bleed boxes of fpdf's two pages,
// 3.175 mm (0.125 in) of bleed, and mends the trailer's /Info, which fpdf
// points at the output intent's profile.
func TestAddPageBoxes(t *testing.T) {
	boxed, err := AddPageBoxes(fpdfDocument(t, true), 3.175)
	if err != nil {
		t.Fatal(err)
	}
	compareGolden(t, "press-boxes.pdf", boxed)
	qpdfCheck(t, boxed)
	if n := bytes.Count(boxed, []byte("/TrimBox [9.00 9.00 274.46 416.20]\n/BleedBox [0 0 283.46 425.20]")); n != 2 {
		t.Errorf("%d pages have the boxes, want 2", n)
	}
	doc, err := Read(boxed)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := doc.Object(doc.info); err != nil || !bytes.Contains(info, []byte("/Title")) {
		t.Errorf("the trailer's /Info is %q (%v), not the document's information", info, err)
	}
}

// TestBrokenPDF holds that what is not fpdf's PDF is an error, not a panic.
func TestBrokenPDF(t *testing.T) {
	good := fpdfDocument(t, true)
	for _, data := range [][]byte{nil, []byte("%PDF-1.4\n"), good[:len(good)/2], bytes.ReplaceAll(good, []byte("xref"), []byte("xxxx"))} {
		if _, err := Read(data); err == nil {
			t.Errorf("Read of %d bytes: no error", len(data))
		}
		if _, err := AddPageBoxes(data, 3); err == nil && len(data) < len(good) {
			t.Errorf("AddPageBoxes of %d bytes: no error", len(data))
		}
	}
}

// TestHostileXrefStream holds that a cross-reference stream whose entries
// are said to be wider than the stream is an error, read without making
// room for an entry that wide.
func TestHostileXrefStream(t *testing.T) {
	const pdf = "%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size 1 /W [1 2000000000 1] /DecodeParms << /Predictor 12 >> /Length 4 >>\nstream\nABCD\nendstream\nendobj\nstartxref\n9\n%%EOF\n"
	if _, err := Read([]byte(pdf)); err == nil || !strings.Contains(err.Error(), "shorter than one of its entries") {
		t.Errorf("Read: %v, want the entry said wider than the stream", err)
	}
}

// TestStrings checks the strings and names written into updates.
func TestStrings(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{TextString("Hit (Alt)"), `(Hit \(Alt\))`},
		{TextString(`a\b`), `(a\\b)`},
		{TextString("Zürich"), "<FEFF005A00FC0072006900630068>"},
		{String([]byte{'a', 0xE9, '\n'}), `(a\351\012)`},
		{Name("Holding"), "/Holding"},
		{Name("11%"), "/11#25"},
		{Name("Doing Good"), "/Doing#20Good"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}

// TestUpdateOfTaggedPDF updates a tagged PDF, which fpdf ends with a
// cross-reference stream, its tree in an object stream and an annotation
// reserved for the update: the update ends with a cross-reference stream
// of its own, and reads back, the reserved annotation its new version,
// the catalogue fpdf's where the update leaves it.
func TestUpdateOfTaggedPDF(t *testing.T) {
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: 100, Ht: 150}})
	pdf.SetCatalogSort(true)
	root := fpdf.NewStructElem("Document")
	pdf.SetStructTree(root)
	pdf.AddPage()
	pdf.MarkArtifact("")
	pdf.Rect(10, 10, 80, 130, "D")
	pdf.ReserveAnnot(root.Add("Form"))
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte("/Type /XRef")) || !bytes.Contains(b.Bytes(), []byte("/Type /ObjStm")) {
		t.Fatal("fpdf wrote the tagged PDF without a cross-reference stream or an object stream")
	}
	doc, err := Read(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	reserved := pdf.ReservedAnnots()
	if len(reserved) != 1 {
		t.Fatalf("%d annotations reserved, want 1", len(reserved))
	}
	if _, err := doc.Object(reserved[0].Obj); err == nil {
		t.Error("an object in an object stream reads as a classic one")
	}
	catalog, err := doc.Object(doc.Root())
	if err != nil {
		t.Fatal(err)
	}
	u := doc.Update()
	u.Replace(reserved[0].Obj, "<< /Type /Annot /Subtype /Widget /Rect [10 10 30 30] /FT /Tx /T (a) /TU (A) /StructParent 1 >>")
	updated := u.Finish()
	if !bytes.Contains(updated[b.Len():], []byte("/Type /XRef")) {
		t.Error("the update does not end with a cross-reference stream")
	}
	qpdfCheck(t, updated)
	again, err := Read(updated)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := again.Object(reserved[0].Obj); err != nil || !bytes.Contains(a, []byte("/Widget")) {
		t.Errorf("the annotation read back is %q (%v), not its new version", a, err)
	}
	if c, err := again.Object(again.Root()); err != nil || !bytes.Equal(c, catalog) {
		t.Errorf("the catalogue read back is %q (%v), not fpdf's", c, err)
	}
}

// FuzzRead reads PDFs cut and changed from fpdf's, plain and tagged: Read
// and an update of what it reads return an error or a document, never a
// panic.
func FuzzRead(f *testing.F) {
	f.Add(fpdfDocument(f, false))
	f.Add(fpdfDocument(f, true))
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: 100, Ht: 150}})
	pdf.SetStructTree(fpdf.NewStructElem("Document"))
	pdf.AddPage()
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Read(data)
		if err != nil {
			return
		}
		if _, err := doc.Object(doc.Root()); err != nil {
			return
		}
		u := doc.Update()
		u.Object("<< >>")
		if _, err := Read(u.Finish()); err != nil {
			t.Errorf("an update of a PDF read does not read back: %v", err)
		}
	})
}
