package pdf

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/paginate"
)

// made keeps what several tests make of the same book alike, the PDF a
// layout writes and what a tool reads of it, made once for the test binary
// by the first test that asks: laying the bundled book out and reading it
// back was most of the package's time, and many tests read the same PDF.
// What it keeps is shared: a test must not change it.
var made struct {
	sync.Mutex
	things map[string]*madeThing
}

// madeThing is one thing made, or being made.
type madeThing struct {
	once  sync.Once
	value any
	err   error
}

// makeOnce returns what make makes for key, making it on first use; a
// test that asks while another makes it waits for it. It fails the test
// with make's error, each time it is asked for. make may use t, the test
// that asks first.
func makeOnce[T any](t testing.TB, key string, make func() (T, error)) T {
	t.Helper()
	made.Lock()
	if made.things == nil {
		made.things = map[string]*madeThing{}
	}
	thing := made.things[key]
	if thing == nil {
		thing = &madeThing{}
		made.things[key] = thing
	}
	made.Unlock()
	thing.once.Do(func() { thing.value, thing.err = make() })
	if thing.err != nil {
		t.Fatalf("%s: %v", key, thing.err)
	}
	value, ok := thing.value.(T)
	if !ok { // make failed the test that made it
		t.Fatalf("%s could not be made", key)
	}
	return value
}

// ofBytes returns what make reads of data, made once for the test binary
// for each reading (what) of the same bytes: several tests read the same
// PDF with the same tool.
func ofBytes[T any](t testing.TB, what string, data []byte, make func() (T, error)) T {
	t.Helper()
	sum := sha256.Sum256(data)
	return makeOnce(t, what+" of "+hex.EncodeToString(sum[:]), make)
}

// madePDF is a PDF a layout wrote, and the pagination it wrote it by.
type madePDF struct {
	data       []byte
	pagination *paginate.Pagination
}

// bundledPDF returns the bundled book's PDF with the default options and
// its pagination.
func bundledPDF(t *testing.T) ([]byte, *paginate.Pagination) {
	t.Helper()
	pdf := makeOnce(t, "the bundled book's PDF", func() (madePDF, error) {
		doc := testbook.Book(t)
		var b bytes.Buffer
		pagination, err := WriteBook(context.Background(), &b, doc, testbook.SheetsOf(doc), Options{})
		return madePDF{b.Bytes(), pagination}, err
	})
	return pdf.data, pdf.pagination
}

// pressPDF is the bundled book laid out on 6×9 for a press: its interior,
// its cover and its number of pages.
type pressPDF struct {
	interior, cover []byte
	pages           int
}

// pressBook returns the bundled book's interior and cover on 6×9 for the
// press, and its pages.
func pressBook(t *testing.T, press ast.PressName) (interior, cover []byte, pages int) {
	t.Helper()
	pdf := makeOnce(t, "the bundled book for "+string(press), func() (pressPDF, error) {
		doc := testbook.Book(t)
		doc.Config.Press, doc.Config.Paper = press, "6x9"
		var b bytes.Buffer
		p, err := WriteBook(context.Background(), &b, doc, testbook.SheetsOf(doc), Options{})
		if err != nil {
			return pressPDF{}, err
		}
		var c bytes.Buffer
		if _, err := WriteCover(context.Background(), &c, doc, p.Pages); err != nil {
			return pressPDF{}, err
		}
		return pressPDF{b.Bytes(), c.Bytes(), p.Pages}, nil
	})
	return pdf.interior, pdf.cover, pdf.pages
}

// bundledSheets returns the bundled book's sheet template filled with
// every class (see testbook.Sheets), one for the test binary.
func bundledSheets(t *testing.T) *sheet.Book {
	t.Helper()
	return makeOnce(t, "the bundled book's sheets", func() (*sheet.Book, error) { return testbook.Sheets(t), nil })
}

// bundledSheet returns the stand-alone form of the bundled book's sheet
// of class on paper, as render writes it.
func bundledSheet(t *testing.T, class, paper string) []byte {
	t.Helper()
	return makeOnce(t, "the bundled book's sheet "+class+" on "+paper, func() ([]byte, error) {
		f := bundledSheets(t).Sheet(class)
		if f == nil {
			return nil, fmt.Errorf("the bundled book has no class %q", class)
		}
		var b bytes.Buffer
		err := WriteSheet(&b, f, paper, "", time.Time{})
		return b.Bytes(), err
	})
}

// pdftotext returns what pdftotext writes of a PDF with the options given,
// skipping the test without pdftotext. Tests that read the same bytes the
// same way share one run.
func pdftotext(t *testing.T, data []byte, options ...string) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not available (apt install poppler-utils):", err)
	}
	return ofBytes(t, "pdftotext "+strings.Join(options, " "), data, func() (string, error) {
		dir, err := os.MkdirTemp("", "galley-pdftotext-")
		if err != nil {
			return "", err
		}
		defer os.RemoveAll(dir)
		file := filepath.Join(dir, "book.pdf")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return "", err
		}
		out, err := exec.Command("pdftotext", append(options, file, "-")...).Output()
		return string(out), err
	})
}

// checkedForm checks a PDF form with qpdf --check and returns its fields
// (see formFields), with name the file's name. Tests that check the same
// bytes share one run of each.
func checkedForm(t *testing.T, name string, data []byte) map[string]qpdfField {
	t.Helper()
	if _, err := exec.LookPath("qpdf"); err != nil {
		t.Skip("qpdf not available (apt install qpdf)")
	}
	return ofBytes(t, "qpdf's check and fields", data, func() (map[string]qpdfField, error) {
		file := writeTemp(t, name, data)
		qpdf(t, "--check", file)
		return formFields(t, file), nil
	})
}
