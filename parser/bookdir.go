package parser

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/galleyhq/galley/internal/regular"
	"github.com/galleyhq/galley/parser/ast"
)

// BookDir is a manuscript directory. Every file a book reads (its
// galley.toml, its manuscript files, its static files) is opened through
// Open, so that a book cannot make galley read, and publish, a file from
// outside its directory: not by "..", not by an absolute path, not by a
// symbolic link that points out.
type BookDir struct {
	// Path is the directory as the user named it; positions and messages
	// use it.
	Path string
	// real is the directory's absolute path with every link resolved, what
	// the files' resolved paths must lie under.
	real string

	// newest is the latest modification time of the files opened, the
	// book's date (see bookDate). Open is safe to call from more than one
	// goroutine, hence the lock.
	mu     sync.Mutex
	newest time.Time
}

// NewBookDir returns the manuscript directory at path.
func NewBookDir(path string) (*BookDir, error) {
	real, err := filepath.EvalSymlinks(path)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return nil, err
	}
	return &BookDir{Path: path, real: real}, nil
}

// OutsideError is the error of a file name that leaves the manuscript
// directory.
type OutsideError struct {
	Name string
	// Target is where a symbolic link led, or "" when the name itself
	// leaves the directory.
	Target string
}

func (e *OutsideError) Error() string {
	if e.Target != "" {
		return `"` + e.Name + `" is a link to ` + e.Target + `, outside the manuscript directory; galley reads only files inside it`
	}
	return `"` + e.Name + `" is outside the manuscript directory; galley reads only files inside it: name them relative to it, without ".."`
}

// LoopError is the error of a file name that goes through a link leading
// back to itself.
type LoopError struct{ Name string }

func (e *LoopError) Error() string {
	return `"` + e.Name + `" goes through a link that leads back to itself; galley cannot read it`
}

// Join returns the path of the file name of the directory as the user would
// write it, for positions and messages.
func (d *BookDir) Join(name string) string { return filepath.Join(d.Path, filepath.FromSlash(name)) }

// Resolve returns where the file name (relative to the directory, with "/"
// or the system's separator) is once every link on its way is resolved,
// relative to the directory. A name that is absolute, that leaves the
// directory by "..", or that goes through a link to a place outside it is
// an *OutsideError; a missing file is an fs.ErrNotExist.
func (d *BookDir) Resolve(name string) (string, error) {
	local := filepath.FromSlash(name)
	if filepath.IsAbs(local) || filepath.VolumeName(local) != "" || !filepath.IsLocal(local) {
		return "", &OutsideError{Name: name}
	}
	real, err := filepath.EvalSymlinks(filepath.Join(d.real, local))
	if err != nil {
		// A link that leads back to itself, at once or through others,
		// is the book's to fix: EvalSymlinks says only that it met too
		// many links, and the system says where.
		if _, statErr := os.Stat(filepath.Join(d.real, local)); errors.Is(statErr, syscall.ELOOP) {
			return "", &LoopError{Name: name}
		}
		return "", err
	}
	rel, err := filepath.Rel(d.real, real)
	if err != nil || !filepath.IsLocal(rel) {
		return "", &OutsideError{Name: name, Target: real}
	}
	return rel, nil
}

// Open opens the file or directory name of the manuscript directory, as
// Resolve finds it. The file is opened through an os.Root, which refuses a
// path that leaves the directory even if a link changes between Resolve and
// the opening, and without waiting: what is neither a regular file nor a
// directory (a FIFO, which would keep galley waiting for ever) is a
// *regular.NotRegularError. The latest modification time of the files it
// opens is the book's date (see Document.Date).
func (d *BookDir) Open(name string) (*os.File, error) { return d.open(name, true) }

// openFile is Open for a regular file alone.
func (d *BookDir) openFile(name string) (*os.File, error) { return d.open(name, false) }

func (d *BookDir) open(name string, dirs bool) (*os.File, error) {
	rel, err := d.Resolve(name)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(d.real)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := regular.OpenInRoot(root, rel, dirs)
	if err != nil {
		var notRegular *regular.NotRegularError
		if errors.As(err, &notRegular) {
			notRegular.Name = name
		}
		return nil, err
	}
	if info, err := f.Stat(); err == nil && !info.IsDir() {
		d.mu.Lock()
		if info.ModTime().After(d.newest) {
			d.newest = info.ModTime()
		}
		d.mu.Unlock()
	}
	return f, nil
}

// newestFile returns the latest modification time of the files opened so
// far, or the zero time before any has been.
func (d *BookDir) newestFile() time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.newest
}

// readFile reads a file of the directory as a string (see readSource).
func (d *BookDir) readFile(name string) (string, error) {
	f, err := d.openFile(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return readAll(f)
}

// fileProblem returns the code and message of a diagnostic saying why
// the file name cannot be read, or "" for an error that is not the book's
// to fix, such as a disk that fails.
func fileProblem(name string, err error) (code, msg string) {
	var outside *OutsideError
	var notRegular *regular.NotRegularError
	var loop *LoopError
	switch {
	case errors.As(err, &outside):
		return "file/outside", outside.Error()
	case errors.As(err, &loop):
		return "file/loop", loop.Error()
	case errors.As(err, &notRegular):
		return "file/special", notRegular.Error()
	case errors.Is(err, fs.ErrNotExist):
		return "file/missing", `"` + name + `" does not exist in the manuscript directory`
	}
	return "", ""
}

// staticFiles lists the files under the directory's static/, as names
// relative to it with "/", in name order. A link that leads out of the
// manuscript directory, or to a directory that holds it, is an error at
// the link, and what it leads to is left out.
func (d *BookDir) staticFiles(diags *ast.DiagnosticList) ([]string, error) {
	var files []string
	// open holds the directories being walked, as resolved, so that a link
	// back to one of them is caught rather than followed forever.
	open := map[string]bool{}
	var walk func(name string) error
	walk = func(name string) error {
		rel, err := d.Resolve(name)
		if name == ast.StaticDir && errors.Is(err, fs.ErrNotExist) {
			return nil // a book without static files
		}
		if code, msg := fileProblem(name, err); code != "" {
			diags.Errorf(ast.Pos{File: d.Join(name), Line: 1, Col: 1}, code, msg)
			return nil
		}
		if err != nil {
			return err
		}
		f, err := d.Open(name)
		if code, msg := fileProblem(name, err); code != "" {
			diags.Errorf(ast.Pos{File: d.Join(name), Line: 1, Col: 1}, code, msg)
			return nil
		}
		if err != nil {
			return err
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			return err
		}
		switch {
		case !info.IsDir() && name == ast.StaticDir:
			diags.Errorf(ast.Pos{File: d.Join(name), Line: 1, Col: 1}, "file/static", `"static" is a file: the files to publish as they are go in a directory static/`)
			return nil
		case !info.IsDir():
			files = append(files, strings.TrimPrefix(name, ast.StaticDir+"/"))
			return nil
		}
		if open[rel] {
			diags.Errorf(ast.Pos{File: d.Join(name), Line: 1, Col: 1}, "file/loop", `"`+name+`" is a link to a directory that holds it`)
			return nil
		}
		open[rel] = true
		defer delete(open, rel)
		entries, err := f.ReadDir(-1)
		if err != nil {
			return err
		}
		slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
		for _, e := range entries {
			entry := name + "/" + e.Name()
			if why := unpublishableName(e.Name()); why != "" {
				diags.Errorf(ast.Pos{File: d.Join(entry), Line: 1, Col: 1}, "file/name", `"`+entry+`" cannot be published: its name `+why+`; rename it`)
				continue
			}
			if err := walk(entry); err != nil {
				return err
			}
		}
		return nil
	}
	return files, walk(ast.StaticDir)
}

// unpublishableName says why a static file's name cannot go into the
// output as it is, or "": a control character (a line end in a name is
// invisible in a listing and splits a line-based list of files) or bytes
// that are no UTF-8, which no URL or manifest writes as they are.
func unpublishableName(name string) string {
	if !utf8.ValidString(name) {
		return "is not UTF-8"
	}
	if i := strings.IndexFunc(name, ast.IsControl); i >= 0 {
		r, _ := utf8.DecodeRuneInString(name[i:])
		return "holds the control character " + ast.ControlName(r)
	}
	return ""
}
