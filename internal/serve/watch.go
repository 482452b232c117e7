package serve

import (
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fsnotify/fsnotify"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser/ast"
)

// bookWatch watches what a served book is made of: the files it reads and
// the directories whose every entry counts (the manuscript directory, the
// templates, the directories of static/).
//
// fsnotify watches single directories, never trees, and forgets a
// directory that is moved or removed. So each file is watched through its
// directory, which also sees an editor rename a new version over it, and
// each path that is missing, or goes missing, through its nearest existing
// ancestor, which sees it come back; follow moves the watches as the paths
// come and go.
type bookWatch struct {
	watcher *fsnotify.Watcher
	log     io.Writer
	// files and dirs are what follow was last given, as canonical paths:
	// the names the watcher gives their events.
	files, dirs map[string]bool
}

func newBookWatch(log io.Writer) (*bookWatch, error) {
	watcher, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	return &bookWatch{watcher: watcher, log: log}, nil
}

func (w *bookWatch) close() { w.watcher.Close() }

// follow watches files and dirs, and nothing else, and reports whether it
// began watching a directory it was not watching. A change there that came
// before may then have gone unseen.
func (w *bookWatch) follow(files, dirs []string) (began bool) {
	w.files, w.dirs = map[string]bool{}, map[string]bool{}
	for _, file := range files {
		w.files[filepath.Join(pipeline.Canonical(filepath.Dir(file)), filepath.Base(file))] = true
	}
	for _, dir := range dirs {
		w.dirs[pipeline.Canonical(dir)] = true
	}
	needed := maps.Clone(w.dirs)
	for file := range w.files {
		needed[filepath.Dir(file)] = true
	}
	want := map[string]bool{}
	for dir := range needed {
		want[existingDir(dir)] = true
	}
	// The watcher's own list, not one kept here: it drops the directories
	// that were moved or removed.
	for _, dir := range w.watcher.WatchList() {
		if !want[dir] {
			w.watcher.Remove(dir)
		}
		delete(want, dir)
	}
	for dir := range want {
		if err := w.watcher.Add(dir); err != nil {
			fmt.Fprintln(w.log, "galley: watching:", err)
			continue
		}
		began = true
	}
	return began
}

// existingDir returns dir, or its nearest ancestor that exists, when dir
// does not.
func existingDir(dir string) string {
	for {
		if info, err := os.Stat(dir); err == nil && info.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return dir
		}
		dir = parent
	}
}

// matters reports whether a change to the path name calls for a rebuild:
// a change to a file followed, to a directory followed or an entry of one
// (not an editor's hidden or backup file), or to a directory on the way
// to either, which may be a missing one coming back.
func (w *bookWatch) matters(name string) bool {
	if w.files[name] || w.dirs[name] {
		return true
	}
	prefix := name + string(filepath.Separator)
	for _, set := range []map[string]bool{w.files, w.dirs} {
		for p := range set {
			if strings.HasPrefix(p, prefix) {
				return true
			}
		}
	}
	base := filepath.Base(name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") {
		return false
	}
	return w.dirs[filepath.Dir(name)]
}

// bookPaths returns what doc is made of, to watch: the files it read, its
// pictures, those its galley.toml names but are missing (so that their coming is
// seen), where the links among them lead (an edit to a link's target is an
// edit to the book), and the directories of its static tree, in which any
// file added is published.
func bookPaths(doc *ast.Document) (files, dirs []string) {
	read := slices.Concat(doc.Files, doc.Pictures)
	if doc.Dir != nil {
		for _, name := range doc.Static {
			read = append(read, doc.Dir.Join(ast.StaticDir+"/"+name))
		}
		for _, name := range doc.Config.Files {
			// A name that leaves the directory is never read.
			if filepath.IsLocal(filepath.FromSlash(name)) {
				files = append(files, doc.Dir.Join(name))
			}
		}
		// A link in the tree is not walked into: the files it leads to
		// are among those read, and their directories watched so.
		filepath.WalkDir(doc.Dir.Join(ast.StaticDir), func(path string, entry fs.DirEntry, err error) error {
			if err == nil && entry.IsDir() {
				dirs = append(dirs, path)
			}
			return nil
		})
	}
	for _, file := range read {
		files = append(files, file)
		if target, err := filepath.EvalSymlinks(file); err == nil && target != file {
			files = append(files, target)
		}
	}
	return files, dirs
}
