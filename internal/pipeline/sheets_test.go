package pipeline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
)

// TestWriteSheets writes the bundled book's sheets and checks that every
// class and the blank sheet have their three files, beside the form's
// assets; and that a book without a template gets no sheets directory.
func TestWriteSheets(t *testing.T) {
	book, err := Load(context.Background(), Options{Path: "../../manuscript", Configure: func(cfg *ast.Config) { cfg.Paper = "letter" }})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	n, err := WriteSheets(context.Background(), book, dir)
	if err != nil {
		t.Fatal(err)
	}
	if n != 7 {
		t.Errorf("WriteSheets wrote %d sheets, want the six classes and the blank one", n)
	}
	want := []string{"sheet.css", "sheet.js"}
	for _, name := range []string{"ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "blank"} {
		want = append(want, name+".txt", name+".html", name+".pdf")
	}
	for _, name := range want {
		if info, err := os.Stat(filepath.Join(dir, SheetsDir, name)); err != nil || info.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}

	bare, _ := parser.Parse("bare.txt", []byte("A book\n======\n\nNo sheets here.\n"))
	empty := t.TempDir()
	if _, err := WriteSheets(context.Background(), &Book{Doc: bare}, empty); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(empty, SheetsDir)); !os.IsNotExist(err) {
		t.Errorf("a book without a template got a sheets directory (%v)", err)
	}
}

// BenchmarkWriteSheets writes every sheet of the bundled book in every form.
func BenchmarkWriteSheets(b *testing.B) {
	doc := testbook.Book(b)
	book := &Book{Doc: doc, Sheets: testbook.SheetsOf(doc)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := WriteSheets(context.Background(), book, b.TempDir()); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWriteSheetsLongClass checks that a class name too long for a file
// name names its sheets' files cut short, and the site's links follow.
func TestWriteSheetsLongClass(t *testing.T) {
	book := t.TempDir()
	long := strings.Repeat("wasp", 80)
	files, _ := filepath.Glob(filepath.Join("..", "..", "manuscript", "*"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		data = bytes.ReplaceAll(data, []byte("[wasp]"), []byte("["+long+"]"))
		if err := os.WriteFile(filepath.Join(book, filepath.Base(file)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc, _, err := parser.ParseBook(book)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := WriteSheets(context.Background(), &Book{Doc: doc, Sheets: testbook.SheetsOf(doc)}, dir); err != nil {
		t.Fatal(err)
	}
	name := ast.FileStem(long)
	for _, ext := range []string{".txt", ".html", ".pdf"} {
		if _, err := os.Stat(filepath.Join(dir, SheetsDir, name+ext)); err != nil {
			t.Error(err)
		}
	}
}
