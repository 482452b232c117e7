package pipeline

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/internal/regular"
	"github.com/galleyhq/galley/parser/ast"
)

// A build replaces its output directory as a whole, so galley must know
// what in it is its own. Every output holds a marker file listing what the
// build wrote; on the next build
//
//   - what the list names is replaced;
//   - a dot-entry it does not name (.git, for those who keep the output as
//     a GitHub Pages work tree; a CNAME goes in static/) moves into the new
//     output;
//   - anything else it does not name stops the build before it starts,
//     saying where such files belong, so that nothing of the user's is
//     ever deleted.
//
// A directory without the marker is galley's only when it holds nothing
// but dot-entries and the README.md earlier galleys wrote, as a fresh clone
// of a repository that tracked it does. galley writes nothing into the
// output but the book and the marker: the output is the reader's, and is
// published as it is.
//
// The new output is written beside the old one, in .OUT.new-*, which then
// takes the old one's place in one step where the system can (see
// exchange_linux.go), else by two renames, the old output waiting in
// .OUT.old-* between them. A build that is killed leaves these behind; the
// next build puts each back or away, and so a kill at any moment leaves the
// old output or the new one in place, and loses nothing.

// markerFile marks a directory as galley's output, which a later build may
// replace.
const markerFile = ".galley-build"

// legacyReadme is the README.md earlier galleys wrote into every output,
// which repositories then tracked in public/. A directory holding it, and
// nothing else but dot-entries, is galley's; a build removes it.
//
//go:embed legacy_output_readme.md
var legacyReadme []byte

// A finished build's marker is a manifest, in JSON, of every directory
// ("assets/") and file the build wrote: JSON, so that a name is one name
// whatever it holds, where a list of one name a line took a static file
// named "x\n.htaccess" for two, "x" and the user's own ".htaccess". A
// marker that is empty marks a build not finished yet, or the output of a
// galley that kept no list: all of it is galley's, but for its
// dot-entries.
type manifestFile struct {
	// Galley says what the file is, to whoever opens it.
	Galley string `json:"galley"`
	// Written are the entries the build wrote (see manifestName).
	Written []string `json:"written"`
}

// manifestNote is a manifest's Galley.
const manifestNote = "build output: a build replaces the files listed here, and keeps every other"

// manifestHeader is the first line of the marker earlier galleys wrote,
// which then listed the entries one a line; a build reads it still, to
// take over their outputs.
const manifestHeader = "galley build output: a build replaces the files listed here, and keeps every other"

// The names of the directories beside the output that a build uses: the new
// output as it is written, and the old one while the fallback swap puts the
// new one in its place.
const (
	newSuffix = ".new-"
	oldSuffix = ".old-"
)

// step is called after each change a build makes to the directories beside
// the output; the tests stop the process there, to show that a kill at any
// moment leaves an output in place and that the next build puts all right.
var step = func() {}

// outputDir returns the absolute path of the output directory --out names;
// through a link, the directory it points to, which the build replaces
// while the link stays. It refuses the directory galley runs in and those
// that hold it: the build replaces the output as a whole, and the shell
// that ran galley would be left in a removed directory.
func outputDir(name string) (string, error) {
	out, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if out, err = filepath.EvalSymlinks(out); err != nil {
		return "", fmt.Errorf("--out %s is a link to a directory that does not exist (%w): create the directory, or remove the link", name, err)
	}
	if info, err := os.Stat(out); err != nil || !info.IsDir() {
		return "", fmt.Errorf("--out %s is not a directory", name)
	}
	cwd, err := os.Getwd()
	if err == nil {
		cwd, err = filepath.EvalSymlinks(cwd)
	}
	if err != nil {
		return "", err
	}
	switch rel, err := filepath.Rel(out, cwd); {
	case err != nil || !filepath.IsLocal(rel):
		return out, nil
	case rel == ".":
		return "", fmt.Errorf("--out %s is the directory galley runs in: a build replaces its output as a whole, which would leave this shell in a removed directory; build from the directory above, as in: cd %s && galley build --out %s",
			name, filepath.Dir(out), filepath.Base(out))
	default:
		return "", fmt.Errorf("--out %s holds the directory galley runs in: a build replaces its output as a whole, which would leave this shell in a removed directory", name)
	}
}

// readManifest reads dir's marker: whether it has one, and the entries the
// marker lists, nil when it lists none.
func readManifest(dir string) (marked bool, manifest map[string]bool, err error) {
	data, err := regular.ReadFile(filepath.Join(dir, markerFile))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil, nil
	}
	if err != nil {
		return false, nil, err
	}
	var m manifestFile
	if err := json.Unmarshal(data, &m); err == nil && m.Galley == manifestNote {
		manifest = map[string]bool{}
		for _, entry := range m.Written {
			manifest[entry] = true
		}
		return true, manifest, nil
	}
	header, list, _ := strings.Cut(string(data), "\n")
	if header != manifestHeader {
		return true, nil, nil
	}
	manifest = map[string]bool{}
	for entry := range strings.Lines(list) {
		manifest[strings.TrimSuffix(entry, "\n")] = true
	}
	return true, manifest, nil
}

// manifestName is how the manifest names an entry: its path from the
// output with "/", and a "/" after a directory's.
func manifestName(rel string, isDir bool) string {
	if isDir {
		return rel + "/"
	}
	return rel
}

// writeManifest lists everything in dir, the build's new output, in its
// marker. The list is written beside the marker and renamed over it, so a
// kill leaves the marker empty or whole, never cut short.
func writeManifest(dir string) error {
	m := manifestFile{Galley: manifestNote, Written: []string{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err == nil && rel != markerFile {
			m.Written = append(m.Written, manifestName(filepath.ToSlash(rel), d.IsDir()))
		}
		return err
	})
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	list := filepath.Join(dir, markerFile+newSuffix)
	if err := os.WriteFile(list, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(list, filepath.Join(dir, markerFile))
}

// keptEntries returns the entries of the output directory out that galley
// did not write and a build keeps, its dot-entries; and an error, saying
// what to do, when out holds anything else galley did not write.
func keptEntries(out string) (kept []string, err error) {
	entries, err := os.ReadDir(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	marked, manifest, err := readManifest(out)
	if err != nil {
		return nil, err
	}
	var foreign []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == markerFile:
		case manifest[manifestName(name, e.IsDir())]:
			if e.IsDir() {
				if foreign, err = appendForeign(foreign, out, name, manifest); err != nil {
					return nil, err
				}
			}
		case strings.HasPrefix(name, "."):
			kept = append(kept, name)
		case marked && manifest == nil:
			// The output of a galley that kept no list: all of it is
			// galley's.
		case name == "README.md" && sameFile(filepath.Join(out, name), legacyReadme):
		default:
			foreign = append(foreign, name)
		}
	}
	if len(foreign) == 0 {
		return kept, nil
	}
	what := strings.Join(foreign[:min(len(foreign), 3)], ", ")
	if len(foreign) > 3 {
		what += " and " + strconv.Itoa(len(foreign)-3) + " more"
	}
	if !marked {
		return nil, fmt.Errorf("%s is not a directory galley built: it holds %s. A build replaces its output directory as a whole, and galley deletes nothing it did not write: choose another --out, or empty this one", out, what)
	}
	return nil, fmt.Errorf("%s holds %s, which galley did not write. A build replaces its output directory as a whole, and galley deletes nothing it did not write: move them into the manuscript's %s/ directory, which every build copies into the output, or out of %s (dot-files such as .git are kept)",
		out, what, ast.StaticDir, out)
}

// appendForeign appends to foreign the entries under out/dir that the
// manifest does not name.
func appendForeign(foreign []string, out, dir string, manifest map[string]bool) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(out, filepath.FromSlash(dir)))
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		rel := path.Join(dir, e.Name())
		switch {
		case !manifest[manifestName(rel, e.IsDir())]:
			foreign = append(foreign, filepath.FromSlash(rel))
		case e.IsDir():
			if foreign, err = appendForeign(foreign, out, rel, manifest); err != nil {
				return nil, err
			}
		}
	}
	return foreign, nil
}

// sameFile reports whether the file at name holds data.
func sameFile(name string, data []byte) bool {
	got, err := regular.ReadFile(name)
	return err == nil && string(got) == string(data)
}

// writeNew writes a file that must not exist yet.
func writeNew(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return errors.Join(err, f.Close())
}

// replace puts tmp, the finished new output, in place of out, after moving
// out's kept entries into it.
func replace(tmp, out string) error {
	kept, err := keptEntries(out)
	if err != nil {
		return err
	}
	for _, name := range kept {
		if _, err := os.Lstat(filepath.Join(tmp, name)); err == nil {
			return fmt.Errorf("%s is not galley's, and the manuscript's %s/%s would replace it: remove one of them", filepath.Join(out, name), ast.StaticDir, name)
		}
	}
	for _, name := range kept {
		if err := os.Rename(filepath.Join(out, name), filepath.Join(tmp, name)); err != nil {
			return err
		}
		step()
	}
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(tmp, out); err != nil {
			return err
		}
		step()
		return nil
	}
	err = exchange(tmp, out)
	if err == nil {
		step()
		// The old output now has tmp's name. Should removing it fail, the
		// next build removes it: the new output is in place either way.
		putBack(tmp, out)
		return nil
	}
	if !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	old := sideName(out, oldSuffix, tmp)
	if err := os.Rename(out, old); err != nil {
		return err
	}
	step()
	if err := os.Rename(tmp, out); err != nil {
		// Put the old output back rather than leave none.
		return errors.Join(err, os.Rename(old, out))
	}
	step()
	putBack(old, out)
	return nil
}

// sideName returns the name beside out with the given suffix and the same
// random ending as tmp's.
func sideName(out, suffix, tmp string) string {
	_, random, _ := strings.Cut(filepath.Base(tmp), newSuffix)
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+suffix+random)
}

// putBack moves back into out the entries of dir, a build's directory,
// that the build did not write, the kept entries it took from out, and
// then removes dir. Should out have an entry of the same name again, the
// entry stays in dir, and dir stays too.
func putBack(dir, out string) error {
	_, manifest, err := readManifest(dir)
	if err != nil {
		return err
	}
	if manifest != nil {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			name := e.Name()
			if name == markerFile || manifest[manifestName(name, e.IsDir())] {
				continue
			}
			if _, err := os.Lstat(filepath.Join(out, name)); !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("%s, kept from %s by a build that was interrupted, cannot go back: %s has one again; move it back by hand", filepath.Join(dir, name), out, out)
			}
			if err := os.Rename(filepath.Join(dir, name), filepath.Join(out, name)); err != nil {
				return err
			}
			step()
		}
	}
	return removeOutput(dir)
}

// removeOutput removes dir, a build's directory holding only what galley
// wrote, its marker last: a build killed while removing it leaves a
// directory the next build still knows as galley's.
func removeOutput(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() == markerFile {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
		step()
	}
	if err := os.Remove(filepath.Join(dir, markerFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	step()
	if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	step()
	return nil
}

// recoverLeftovers puts right what killed builds left beside out: an old
// output moved aside with no output in its place goes back; the kept
// entries in a new output that never took its place go back to out; and
// then each leftover is removed. Only directories with galley's marker
// (or empty ones, made a moment before the marker) are touched, and none
// that a running build holds.
func recoverLeftovers(out string) error {
	parent, base := filepath.Split(out)
	entries, err := os.ReadDir(parent)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	// The old outputs first: one may have to be the output again before
	// kept entries can go back into it.
	for _, suffix := range []string{oldSuffix, newSuffix} {
		for _, e := range entries {
			if !e.IsDir() || !strings.HasPrefix(e.Name(), "."+base+suffix) {
				continue
			}
			if err := recoverLeftover(filepath.Join(parent, e.Name()), out, suffix == oldSuffix); err != nil {
				return err
			}
		}
	}
	return nil
}

// recoverLeftover puts right one leftover directory; old says it is an old
// output moved aside.
func recoverLeftover(dir, out string, old bool) error {
	unlock, free, err := lockDir(dir)
	if err != nil || !free {
		return err
	}
	defer unlock()
	marked, _, err := readManifest(dir)
	switch {
	case err != nil:
		return err
	case !marked:
		// Not galley's, unless it is empty: leave it.
		if err := os.Remove(dir); err == nil {
			step()
		}
		return nil
	}
	if _, err := os.Lstat(out); old && errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(dir, out); err != nil {
			return err
		}
		step()
		return nil
	}
	return putBack(dir, out)
}
