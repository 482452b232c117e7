package parser

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// parsesAsOne reports the difference, if any, between src parsed in one
// line pass and in chunks of at least chunkLines lines.
func parsesAsOne(t testing.TB, src []byte, chunkLines int) {
	t.Helper()
	readsAsOne(t, "book.txt", src, chunkLines)
}

// readsAsOne checks that src, read in the markup name's extension names,
// gives in chunks of chunkLines lines the tree and diagnostics of one pass.
func readsAsOne(t testing.TB, name string, src []byte, chunkLines int) {
	t.Helper()
	format := FormatOf(name, "")
	whole, wholeDiags := parse(name, src, 0, format)
	cut, cutDiags := parse(name, src, chunkLines, format)
	want, err := json.Marshal(goldenTree{whole.Blocks, whole.Claims, wholeDiags})
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(goldenTree{cut.Blocks, cut.Claims, cutDiags})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("parsed in chunks of %d lines, the tree differs:\n%s\nfrom the tree in one pass:\n%s", chunkLines, got, want)
	}
}

// TestChunksParseAsOne checks that the line pass, cut into chunks, gives
// the tree and diagnostics of one pass: on every test input, the seed
// and the bundled book, cut as small as they can be.
func TestChunksParseAsOne(t *testing.T) {
	inputs := testInputs(t)
	books, _ := filepath.Glob("../manuscript/*.txt")
	for _, file := range books {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, src)
	}
	if src, err := readSeedFile(); err == nil {
		inputs = append(inputs, src)
	} else {
		t.Logf("without the seed: %v", err)
	}
	cuts := 0
	for _, src := range inputs {
		parsesAsOne(t, src, 1)
		var diags ast.DiagnosticList
		f, lastClose := ReadFile("book.txt", string(src), &diags)
		lines := f.dropComments("book.txt", lastClose, &diags)
		cuts += len(chunkCuts(lines, 1))
	}
	if cuts == 0 {
		t.Error("no input was cut: the test compares nothing")
	}
}
