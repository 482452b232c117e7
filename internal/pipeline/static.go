package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/galleyhq/galley/parser/ast"
)

// copyStatic copies the manuscript's static files (see ast.StaticDir)
// into dir, the build's new output, as they are: a CNAME, a .nojekyll,
// images. They are read through the manuscript directory, as every file of
// the book is, and only if they are still regular files (see
// ast.Dir.Open). One that would replace a file the book wrote is an error.
// A cancelled build stops between two files.
func copyStatic(ctx context.Context, doc *ast.Document, dir string) error {
	if doc == nil || doc.Dir == nil {
		return nil
	}
	for _, name := range doc.Static {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := copyStaticFile(doc.Dir, name, filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	return nil
}

// outsideStatic refuses an output directory out (--out name) inside the
// manuscript's static directory: every build copies that into the output,
// which would hold a copy of itself, one deeper at each build.
func outsideStatic(doc *ast.Document, name, out string) error {
	if doc == nil || doc.Dir == nil {
		return nil
	}
	static, err := filepath.EvalSymlinks(doc.Dir.Join(ast.StaticDir))
	if err != nil {
		return nil // no static files: nothing to copy
	}
	if static, err = filepath.Abs(static); err != nil {
		return err
	}
	if rel, err := filepath.Rel(static, Canonical(out)); err == nil && filepath.IsLocal(rel) {
		return fmt.Errorf("--out %s is inside the manuscript's %s directory, %s, which every build copies into its output: the output would hold itself; build into a directory outside it", name, ast.StaticDir, static)
	}
	return nil
}

// Canonical returns the absolute form of path with the links on its way
// resolved, as far as it exists: an output not made yet is where its
// parent is. A directory reached by two names (the manuscript through a
// link, a file's link target beside it) has one canonical path, which
// galley serve watches it by.
func Canonical(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	for dir, rest := abs, ""; ; {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		dir, rest = parent, filepath.Join(filepath.Base(dir), rest)
	}
}

func copyStaticFile(book ast.Dir, name, target string) error {
	src, err := book.Open(ast.StaticDir + "/" + name)
	if err != nil {
		return err
	}
	defer src.Close()
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	dst, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s would replace the book's own %s: give it another name", book.Join(ast.StaticDir+"/"+name), name)
	}
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	return errors.Join(err, dst.Close())
}
