package markup

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/internal/readertest"
	"github.com/galleyhq/galley/parser/prose"
)

// read reads src, the file book.txt, in chunks of chunkLines lines, never
// cut when chunkLines is 0.
func read(src []byte, chunkLines int) (*ast.Document, ast.DiagnosticList) {
	var diags ast.DiagnosticList
	p := prose.NewParser(&diags, chunkLines)
	doc := &ast.Document{Files: []string{"book.txt"}}
	doc.Blocks = Read(p, "book.txt", prose.ReadFile("book.txt", string(src), &diags))
	p.Finish(doc)
	diags.Sort(doc.Files)
	return doc, diags
}

// TestChunksParseAsOne checks that the line pass, cut into chunks, gives
// the tree and diagnostics of one pass: on every test input, the seed
// and the bundled book, cut as small as they can be.
func TestChunksParseAsOne(t *testing.T) {
	inputs := readertest.CaseInputs(t, "input.txt", "../testdata/golden", "../testdata/errors")
	books, _ := filepath.Glob("../../manuscript/*.txt")
	for _, file := range books {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, src)
	}
	if src, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "seeds", "000_9527e596835b1710.txt")); err == nil {
		inputs = append(inputs, src)
	} else {
		t.Logf("without the seed: %v", err)
	}
	cuts := 0
	for _, src := range inputs {
		readertest.ReadsAsOne(t, func(chunkLines int) (*ast.Document, ast.DiagnosticList) {
			return read(src, chunkLines)
		}, 1)
		var diags ast.DiagnosticList
		cuts += len(chunkCuts(dropComments(prose.ReadFile("book.txt", string(src), &diags), "book.txt", &diags), 1))
	}
	if cuts == 0 {
		t.Error("no input was cut: the test compares nothing")
	}
}
