// Package testbook gives the writers' tests the bundled book, the one every
// new user builds first, so that each writer is tested on the real thing.
package testbook

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// Dir returns the bundled manuscript's directory, wherever the test runs.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "manuscript")
}

// Book parses the bundled book; it must parse without diagnostics.
func Book(t testing.TB) *parser.Document {
	t.Helper()
	doc, diags, err := parser.ParseBook(Dir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		t.Errorf("bundled book: %v", d)
	}
	return doc
}

// Sheets fills the bundled book's sheet template with every class.
func Sheets(t testing.TB) *parser.BookSheets {
	t.Helper()
	book, diags := Book(t).CharacterSheets()
	for _, d := range diags {
		t.Errorf("bundled book: %v", d)
	}
	if book == nil {
		t.Fatal("the bundled book has no readable sheet template")
	}
	return book
}
