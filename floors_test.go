package galley

import (
	"go/build"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// module is the import path of galley's module.
const module = "github.com/galleyhq/galley"

// writers are the packages that write a book in one form each: they stand
// side by side, and none builds on another.
var writers = []string{"render/html", "render/pdf", "render/epub", "render/ascii"}

// TestFloors holds the layout's floors (see the README's layout): what
// `go list -deps ./render/...` lists, the packages under render/ and all
// they import, holds no reader (the packages under parser/ but the tree,
// parser/ast, and the sheet model, parser/sheet) and nothing of the
// pipeline above them; and no writer imports another writer, directly or
// through another package. What two writers share is a package below both
// (render/xhtml, render/sfnt, render/chart, …).
func TestFloors(t *testing.T) {
	var packages []string
	err := filepath.WalkDir("render", func(dir string, entry fs.DirEntry, err error) error {
		if err != nil || !entry.IsDir() || entry.Name() == "testdata" {
			return err
		}
		if pkg, err := build.ImportDir(dir, 0); err == nil && len(pkg.GoFiles) > 0 {
			packages = append(packages, filepath.ToSlash(dir))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(packages, "render/xhtml") || !slices.Contains(packages, "render/html") {
		t.Fatalf("the walk found the packages %v, not the writers and their floors", packages)
	}
	deps := map[string][]string{}
	for _, p := range packages {
		deps[p] = dependencies(t, p)
	}
	for _, p := range packages {
		for _, dep := range deps[p] {
			switch {
			case strings.HasPrefix(dep, "parser") && dep != "parser/ast" && dep != "parser/sheet":
				t.Errorf("%s depends on %s, a reader: the writers read the tree, parser/ast", p, dep)
			case strings.HasPrefix(dep, "internal/pipeline") || strings.HasPrefix(dep, "internal/serve") || strings.HasPrefix(dep, "cmd/") || dep == "rules/check":
				t.Errorf("%s depends on %s, which stands above the writers", p, dep)
			case slices.Contains(writers, p) && slices.Contains(writers, dep):
				t.Errorf("the writer %s depends on the writer %s: what they share belongs in a package below both", p, dep)
			}
		}
	}
}

// dependencies returns every package of the module that the package in
// dir imports, directly or not, leaving its tests out, as paths within the
// module ("parser/ast").
func dependencies(t *testing.T, dir string) []string {
	t.Helper()
	seen := map[string]bool{}
	var visit func(rel string)
	visit = func(rel string) {
		pkg, err := build.ImportDir(filepath.FromSlash(rel), 0)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		for _, imp := range pkg.Imports {
			inner, ok := strings.CutPrefix(imp, module+"/")
			if imp == module {
				inner, ok = ".", true
			}
			if !ok || seen[inner] {
				continue
			}
			seen[inner] = true
			visit(path.Clean(inner))
		}
	}
	visit(dir)
	var deps []string
	for dep := range seen {
		deps = append(deps, dep)
	}
	slices.Sort(deps)
	return deps
}
