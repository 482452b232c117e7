package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
)

// Part is one writer's share of the output.
type Part struct {
	// Name is how --only names the part: html, sheets, pdf, txt, epub.
	Name  string
	Write func(ctx context.Context, book *Book, dir string) (Written, error)
	// Prepare, when set, does what the part needs before it has a book,
	// such as finding the site's dice roller in the cache; a command
	// starts it while the book is read and checked. Write does the same
	// work again if Prepare has not done it.
	Prepare func(ctx context.Context)
	// GrowsHeap is set for a part whose writing holds far more memory
	// than loading the book does: the PDF's layout.
	GrowsHeap bool
}

// Written is what a part reports having written.
type Written struct {
	// Summary is a few words for build's closing line: "112 pages".
	Summary string
	// Warnings are problems that did not stop the part, such as a site
	// written without its dice roller.
	Warnings []string
	// Diagnostics are what laying the part out found in the manuscript,
	// the warnings galley check has from the same layouts (see Check).
	Diagnostics ast.DiagnosticList
}

// Report is what one part of a build wrote.
type Report struct {
	Part string
	Written
}

// BuildOptions say where and what to build.
type BuildOptions struct {
	// Out is the output directory; when it is a link, the build replaces
	// the directory the link points to.
	Out string
	// Parts are the writers to run.
	Parts []Part
	// RefuseErrors leaves Out as it was when the book has errors, and
	// Build returns ErrBookHasErrors. The parts of a book whose checks
	// are still running (see Start) are written meanwhile and stopped as
	// soon as the checks find an error.
	RefuseErrors bool
}

// ErrBookHasErrors is Build's error for a book with errors when the build
// refuses them (see BuildOptions.RefuseErrors).
var ErrBookHasErrors = errors.New("the book has errors")

// Build writes the book's parts into a new directory and puts it in place of
// opts.Out, and reports what each part wrote (see Diagnostics for what
// they found). On error, or when ctx is cancelled, the new directory is
// removed and opts.Out is left untouched. The manuscript's static files
// are copied in too.
//
// galley deletes nothing it did not write (see output.go): the output's
// dot-entries, such as the .git of a GitHub Pages work tree, move into the
// new output, and an output holding other files galley did not write is
// refused before anything is built. What a killed build left beside the
// output is put back or away first.
func Build(ctx context.Context, book *Book, opts BuildOptions) (reports []Report, err error) {
	// The book's errors come before the output's: a book with errors
	// is reported as one, whatever its output directory holds, unless
	// the build was interrupted.
	interrupted := ctx.Err
	defer func() {
		if err != nil && opts.RefuseErrors && interrupted() == nil && book.Errors() > 0 {
			reports, err = nil, ErrBookHasErrors
		}
	}()
	// The parts stop as soon as the book's checks, if still running,
	// find an error the build refuses.
	ctx, refuse := context.WithCancel(ctx)
	defer refuse()
	if opts.RefuseErrors {
		go func() {
			if book.Errors() > 0 {
				refuse()
			}
		}()
	}
	out, err := outputDir(opts.Out)
	if err != nil {
		return nil, err
	}
	if err := outsideStatic(book.Doc, opts.Out, out); err != nil {
		return nil, err
	}
	if err := recoverLeftovers(out); err != nil {
		return nil, err
	}
	if _, err := keptEntries(out); err != nil {
		return nil, err
	}
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(out)+newSuffix)
	if err != nil {
		return nil, err
	}
	step()
	// The lock tells a build that starts meanwhile that this directory is
	// in use, not left over from a build that was killed.
	unlock, _, err := lockDir(tmp)
	if err != nil {
		return nil, errors.Join(err, os.Remove(tmp))
	}
	defer unlock()
	defer func() {
		if err != nil {
			err = errors.Join(err, putBack(tmp, out))
		}
	}()
	if err := os.WriteFile(filepath.Join(tmp, markerFile), nil, 0o644); err != nil {
		return nil, err
	}
	step()
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
			var written Written
			// A writer's panic is its part's failure, not the process's
			// end: galley serve goes on serving.
			err := parallel.Catch(func() (err error) {
				written, err = part.Write(ctx, book, tmp)
				return err
			})
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
	if err := linkDownloads(book, tmp); err != nil {
		return nil, err
	}
	if err := copyStatic(ctx, book.Doc, tmp); err != nil {
		return nil, err
	}
	if err := writeManifest(tmp); err != nil {
		return nil, err
	}
	step()
	if opts.RefuseErrors && book.Errors() > 0 {
		return nil, ErrBookHasErrors
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return reports, replace(tmp, out)
}

// Diagnostics returns the book's diagnostics with what the parts of a
// build found laying themselves out, in source order: galley check's, for
// the parts written.
func Diagnostics(book *Book, reports []Report) ast.DiagnosticList {
	var found ast.DiagnosticList
	for _, r := range reports {
		found = append(found, r.Diagnostics...)
	}
	return book.with(found)
}
