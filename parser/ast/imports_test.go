package ast

import (
	"go/build"
	"strings"
	"testing"
)

// TestImportsNoReader keeps the tree apart from its readers: package ast
// imports nothing of galley's, so that a reader, the checker and every
// writer can import it without importing one another.
func TestImportsNoReader(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range pkg.Imports {
		if strings.HasPrefix(path, "github.com/galleyhq/galley/") {
			t.Errorf("package ast imports %s", path)
		}
	}
}
