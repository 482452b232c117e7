package parser

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// readerPackages are the readers and what they share: a syntax's
// business, which no writer and no check may depend on.
var readerPackages = []string{
	"github.com/galleyhq/galley/parser/markup",
	"github.com/galleyhq/galley/parser/markdown",
	"github.com/galleyhq/galley/parser/outline",
	"github.com/galleyhq/galley/parser/prose",
}

// TestWritersImportNoReader keeps the writers and the checker apart from
// the readers, as package ast's own test keeps the tree: every package
// under render/ and rules/check reads a tree, whatever syntax it was
// written in, so none depends, directly or through another package (the
// entry point, package parser, among them), on a reader.
func TestWritersImportNoReader(t *testing.T) {
	const module = "github.com/galleyhq/galley/"
	var roots []string
	filepath.WalkDir(filepath.Join("..", "render"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() != "testdata" {
			roots = append(roots, module+filepath.ToSlash(strings.TrimPrefix(path, "../")))
		}
		return nil
	})
	roots = append(roots, module+"rules/check")
	seen := map[string]bool{}
	var visit func(pkg string, path []string)
	visit = func(pkg string, path []string) {
		for _, reader := range readerPackages {
			if pkg == reader {
				t.Errorf("%s depends on a reader: %s", path[0], strings.Join(path, " → "))
				return
			}
		}
		if seen[pkg] || !strings.HasPrefix(pkg, module) {
			return
		}
		seen[pkg] = true
		p, err := build.ImportDir(filepath.Join("..", strings.TrimPrefix(pkg, module)), 0)
		if _, none := err.(*build.NoGoError); none {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range p.Imports {
			visit(imp, append(path[:len(path):len(path)], imp))
		}
	}
	for _, root := range roots {
		visit(root, []string{root})
	}
	if !seen[module+"render/html"] || !seen[module+"rules/check"] {
		t.Fatal("the writers and the checker were not found: the test checks nothing")
	}
}
