package pipeline

import (
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
// the book is. One that would replace a file the book wrote is an error.
func copyStatic(doc *ast.Document, dir string) error {
	if doc == nil || doc.Dir == nil {
		return nil
	}
	for _, name := range doc.Static {
		if err := copyStaticFile(doc.Dir, name, filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	return nil
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
