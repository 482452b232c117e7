// Package render writes a checked book to an output directory: the site,
// the PDF, the ASCII book and the character sheets, each by its own writer
// package. The build is atomic: everything is written to a temporary
// directory beside the output, which then takes the output's place, so an
// error or an interrupt leaves the previous output exactly as it was.
package render

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/rules/check"
)

// Book is what the writers write from: the parsed book and what checking it
// found.
type Book struct {
	Doc    *parser.Document
	Checks *check.Result
	// SiteFiles overrides the site's embedded templates, stylesheets and
	// scripts; galley serve passes galley's own templates directory so that
	// an edit to a template shows at once.
	SiteFiles fs.FS
}

// Part is one writer's share of the output.
type Part struct {
	// Name is how --only names the part: html, pdf, txt, sheets.
	Name  string
	Write func(ctx context.Context, book *Book, dir string) (Written, error)
	// Prepare, when set, does what the part needs before it has a book,
	// such as finding the site's dice roller in the cache; a command
	// starts it while the book is read and checked. Write does the same
	// work again if Prepare has not done it.
	Prepare func(ctx context.Context)
}

// Written is what a part reports having written.
type Written struct {
	// Summary is a few words for build's closing line: "112 pages".
	Summary string
	// Warnings are problems that did not stop the part, such as a site
	// written without its dice roller.
	Warnings []string
}

// Report is what one part of a build wrote.
type Report struct {
	Part string
	Written
}

// Options say where and what to build.
type Options struct {
	// Out is the output directory.
	Out string
	// Parts are the writers to run.
	Parts []Part
}

// markerFile marks a directory as galley's output, which a later build may
// replace. galley replaces no directory without it (but for a fresh
// repository's public/, which holds only its README).
const markerFile = ".galley-build"

// outputReadme is the README.md of every output directory. The repository
// tracks public/README.md, so the build writes the same file, byte for byte,
// and git sees no change.
//
//go:embed output_readme.md
var outputReadme []byte

// Build writes the book's parts into a new directory and puts it in place of
// opts.Out, and reports what each part wrote. On error, or when ctx is
// cancelled, the new directory is removed and opts.Out is left untouched.
func Build(ctx context.Context, book *Book, opts Options) (reports []Report, err error) {
	out := filepath.Clean(opts.Out)
	if err := checkReplaceable(out); err != nil {
		return nil, err
	}
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(out)+".new-")
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	// MkdirTemp makes the directory private; the output is a site to serve.
	if err := os.Chmod(tmp, 0o755); err != nil {
		return nil, err
	}
	// The parts write files of their own (the site's pages and assets,
	// sheets/, the two books), so they run at once; their reports, and the
	// error reported if several fail, follow the parts' order.
	reports = make([]Report, len(opts.Parts))
	errs := make([]error, len(opts.Parts))
	var wg sync.WaitGroup
	for i, part := range opts.Parts {
		wg.Go(func() {
			if err := ctx.Err(); err != nil {
				errs[i] = err
				return
			}
			written, err := part.Write(ctx, book, tmp)
			if err != nil {
				errs[i] = fmt.Errorf("writing the %s: %w", part.Name, err)
			}
			reports[i] = Report{Part: part.Name, Written: written}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "README.md"), outputReadme, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, markerFile), nil, 0o644); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return reports, swap(tmp, out)
}

// checkReplaceable refuses to replace a directory galley did not make, so a
// mistyped --out never costs anyone their files.
func checkReplaceable(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() == markerFile {
			return nil
		}
	}
	if len(entries) == 0 || len(entries) == 1 && entries[0].Name() == "README.md" {
		return nil
	}
	return fmt.Errorf("%s is not a directory galley built (it has no %s); remove it or choose another --out", out, markerFile)
}

// swap puts the new directory in place of the old one. The old one is moved
// aside first and removed only once the new one is in place.
func swap(tmp, out string) error {
	if _, err := os.Stat(out); errors.Is(err, os.ErrNotExist) {
		return os.Rename(tmp, out)
	}
	old, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".old-")
	if err != nil {
		return err
	}
	// MkdirTemp made the name unique; the rename needs it free.
	if err := os.Remove(old); err != nil {
		return err
	}
	if err := os.Rename(out, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		// Put the old output back rather than leave none.
		return errors.Join(err, os.Rename(old, out))
	}
	return os.RemoveAll(old)
}
