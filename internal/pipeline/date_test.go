package pipeline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
)

// pdfDates finds a PDF's creation and modification dates in its
// information dictionary, which fpdf writes uncompressed.
var pdfDates = regexp.MustCompile(`/(CreationDate|ModDate) \(D:(\d{14})\)`)

// TestPDFDates checks that the PDF book and the sheets' PDFs are dated by
// the newest manuscript file, or by SOURCE_DATE_EPOCH when it is set, and
// that two builds of the same files give the same bytes. It builds the
// bundled book's front matter, its character sheet and classes (the Wasp's
// sheet) and its system chapter, files of different ages, not the whole
// book three times over: render/pdf's tests find each of its PDFs the
// same bytes twice.
func TestPDFDates(t *testing.T) {
	dir := t.TempDir()
	testbook.CopyTo(t, dir, 1)
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	kept := []string{"galley.toml", "00-front.txt", "02-character.txt", "03-classes.txt", "04-system.txt"}
	files = slices.DeleteFunc(files, func(f os.DirEntry) bool {
		if slices.Contains(kept, f.Name()) {
			return false
		}
		if err := os.RemoveAll(filepath.Join(dir, f.Name())); err != nil {
			t.Fatal(err)
		}
		return true
	})
	old := time.Date(2019, 5, 4, 3, 2, 1, 0, time.UTC)
	for _, f := range files {
		if err := os.Chtimes(filepath.Join(dir, f.Name()), old, old); err != nil {
			t.Fatal(err)
		}
	}
	// The newest file, to the second: a PDF's dates have no fraction.
	newest := time.Date(2024, 2, 29, 13, 14, 15, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "04-system.txt"), newest, newest.Add(500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}

	build := func() (book, sheet []byte) {
		doc, _, err := parser.ParseBook(dir)
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		loaded := &Book{Doc: doc, Sheets: testbook.SheetsOf(doc)}
		if _, err := writePDFBook(context.Background(), loaded, out); err != nil {
			t.Fatal(err)
		}
		if _, err := WriteSheets(context.Background(), loaded, out); err != nil {
			t.Fatal(err)
		}
		if book, err = os.ReadFile(filepath.Join(out, BookFile(doc.Config, ".pdf"))); err != nil {
			t.Fatal(err)
		}
		if sheet, err = os.ReadFile(filepath.Join(out, SheetsDir, "wasp.pdf")); err != nil {
			t.Fatal(err)
		}
		return book, sheet
	}
	checkDates := func(what string, data []byte, want time.Time) {
		t.Helper()
		found := pdfDates.FindAllSubmatch(data, -1)
		if len(found) != 2 {
			t.Errorf("%s: %d dates, want a creation and a modification date", what, len(found))
		}
		for _, m := range found {
			if got := string(m[2]); got != want.Format("20060102150405") {
				t.Errorf("%s: %s is %s, want %s", what, m[1], got, want.Format("20060102150405"))
			}
		}
	}

	t.Setenv(parser.SourceDateEpoch, "")
	book, sheet := build()
	checkDates("the book", book, newest)
	checkDates("the Wasp's sheet", sheet, newest)
	again, sheetAgain := build()
	if !bytes.Equal(book, again) || !bytes.Equal(sheet, sheetAgain) {
		t.Error("two builds of the same files differ")
	}

	epoch := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	t.Setenv(parser.SourceDateEpoch, strconv.FormatInt(epoch.Unix(), 10))
	book, sheet = build()
	checkDates("the book with SOURCE_DATE_EPOCH", book, epoch)
	checkDates("the Wasp's sheet with SOURCE_DATE_EPOCH", sheet, epoch)
}
