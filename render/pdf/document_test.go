package pdf

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// TestCompressFinishedPages holds galley's patch of fpdf (third_party/fpdf)
// to fpdf as released: a document whose pages are compressed as each is
// finished is the same, byte for byte, as one whose pages are compressed
// as it is written, an alias in its pages replaced all the same; and a
// finished page cannot be drawn on again.
func TestCompressFinishedPages(t *testing.T) {
	draw := func(early bool) ([]byte, *fpdf.Fpdf) {
		pdf, err := newPDF(fpdf.SizeType{Wd: 100, Ht: 150}, undated)
		if err != nil {
			t.Fatal(err)
		}
		pdf.SetCompressFinishedPages(early)
		pdf.AliasNbPages("{pages}")
		pdf.SetFont(fontSans, "", 10)
		for page := range 3 {
			pdf.AddPage()
			for line := range 20 {
				pdf.Text(10, 10+float64(line)*6, "Page "+strconv.Itoa(page+1)+" of {pages}, line "+strconv.Itoa(line))
			}
		}
		var out bytes.Buffer
		if err := pdf.Output(&out); err != nil {
			t.Fatal(err)
		}
		return out.Bytes(), pdf
	}
	early, _ := draw(true)
	late, _ := draw(false)
	if !bytes.Equal(early, late) {
		t.Fatalf("compressing finished pages changed the PDF: %d bytes, %d as written at the end", len(early), len(late))
	}
	if path, err := exec.LookPath("pdftotext"); err == nil {
		file := filepath.Join(t.TempDir(), "pages.pdf")
		if err := os.WriteFile(file, early, 0o644); err != nil {
			t.Fatal(err)
		}
		text, err := exec.Command(path, file, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(text, []byte("Page 1 of 3, line 19")) {
			t.Errorf("the first page does not read \"Page 1 of 3, line 19\":\n%s", text)
		}
	}

	pdf, err := newPDF(fpdf.SizeType{Wd: 100, Ht: 150}, undated)
	if err != nil {
		t.Fatal(err)
	}
	pdf.AddPage()
	pdf.AddPage()
	pdf.SetPage(1)
	if pdf.Error() == nil {
		t.Error("SetPage returned to a finished, compressed page without an error")
	}
}
