package pipeline

import (
	"context"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// build runs Build with parts that write files, each "name=content", and
// fails the test on error.
func build(t *testing.T, out string, files ...string) {
	t.Helper()
	if _, err := Build(context.Background(), &Book{}, BuildOptions{Out: out, Parts: fileParts(files...)}); err != nil {
		t.Fatal(err)
	}
}

func fileParts(files ...string) []Part {
	var parts []Part
	for _, f := range files {
		name, content, _ := strings.Cut(f, "=")
		parts = append(parts, Part{Name: name, Write: func(_ context.Context, _ *Book, dir string) (Written, error) {
			file := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return Written{}, err
			}
			return Written{}, os.WriteFile(file, []byte(content), 0o644)
		}})
	}
	return parts
}

func write(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// galleyFiles returns the files of a galley output: all but its marker and
// dot-entries.
func galleyFiles(t *testing.T, out string) map[string]string {
	files := readTree(t, out)
	for name := range files {
		if strings.HasPrefix(name, ".") {
			delete(files, name)
		}
	}
	return files
}

func beside(t *testing.T, out string) []string {
	entries, err := os.ReadDir(filepath.Dir(out))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Name() != filepath.Base(out) {
			names = append(names, e.Name())
		}
	}
	return names
}

// A user who keeps the output as a git work tree keeps its .git, and every
// other dot-entry, across builds.
func TestBuildKeepsDotEntries(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	build(t, out, "a.txt=one")
	write(t, filepath.Join(out, ".git", "HEAD"), "ref: refs/heads/gh-pages\n")
	write(t, filepath.Join(out, ".nojekyll"), "")
	build(t, out, "b.txt=two")
	got := readTree(t, out)
	if got[filepath.Join(".git", "HEAD")] != "ref: refs/heads/gh-pages\n" || got[".nojekyll"] != "" {
		t.Errorf("the build lost the output's dot-entries: %v", got)
	}
	if _, stale := got["a.txt"]; stale || got["b.txt"] != "two" {
		t.Errorf("output after two builds = %v", got)
	}
	if left := beside(t, out); left != nil {
		t.Errorf("the build left %v beside the output", left)
	}
}

// Files a user added to galley's output, at the top or deep in it, stop
// the build, which says where they belong, and are left as they are.
func TestBuildRefusesUserFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	build(t, out, "index.html=site", "assets/site.css=css")
	for _, name := range []string{"CNAME", filepath.Join("assets", "logo.png")} {
		write(t, filepath.Join(out, name), "the user's")
		_, err := Build(context.Background(), &Book{}, BuildOptions{Out: out, Parts: fileParts("index.html=new")})
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "static/ directory") {
			t.Errorf("with %s: err = %v, want a refusal naming it and static/", name, err)
		}
		if got := readTree(t, out); got[name] != "the user's" || got["index.html"] != "site" {
			t.Errorf("the refused build changed the output: %v", got)
		}
		os.Remove(filepath.Join(out, name))
	}
}

// A directory galley did not make is refused, even one holding nothing
// but a README.md, unless the README is the one earlier galleys wrote.
func TestBuildRefusesUsersReadme(t *testing.T) {
	out := t.TempDir()
	write(t, filepath.Join(out, "README.md"), "# My notes\n")
	_, err := Build(context.Background(), &Book{}, BuildOptions{Out: out})
	if err == nil || !strings.Contains(err.Error(), "not a directory galley built") {
		t.Fatalf("err = %v, want a refusal", err)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "README.md")); string(data) != "# My notes\n" {
		t.Error("the user's README was replaced")
	}
}

// An --out that is a link is built through: the directory it points to
// gets the output, and the link stays a link.
func TestBuildThroughLink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "site"), filepath.Join(dir, "public")
	if err := os.Symlink("site", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Mkdir(target, 0o755)
	build(t, link, "a.txt=one")
	build(t, link, "a.txt=two")
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", info, err)
	}
	if got := readTree(t, target); got["a.txt"] != "two" {
		t.Errorf("the link's target holds %v", got)
	}
}

// A manuscript's static/ is copied into the output; a static file that
// would replace one the book writes is an error.
func TestBuildCopiesStatic(t *testing.T) {
	book := t.TempDir()
	write(t, filepath.Join(book, "book.txt"), "Book\n====\n\nText.\n")
	write(t, filepath.Join(book, "static", "CNAME"), "rules.example.com\n")
	write(t, filepath.Join(book, "static", ".nojekyll"), "")
	write(t, filepath.Join(book, "static", "assets", "logo.png"), "png")
	doc, diags, err := parser.ParseBook(book)
	if err != nil || len(diags) > 0 {
		t.Fatal(err, diags)
	}
	out := filepath.Join(t.TempDir(), "public")
	if _, err := Build(context.Background(), &Book{Doc: doc}, BuildOptions{Out: out, Parts: fileParts("assets/site.css=css")}); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, out)
	if got["CNAME"] != "rules.example.com\n" || got[".nojekyll"] != "" || got[filepath.Join("assets", "logo.png")] != "png" {
		t.Errorf("the output lacks the static files: %v", got)
	}
	// Static files are galley's to replace: the next build does not
	// refuse them as the user's.
	if _, err := Build(context.Background(), &Book{Doc: doc}, BuildOptions{Out: out, Parts: fileParts("assets/site.css=css")}); err != nil {
		t.Fatal(err)
	}
	_, err = Build(context.Background(), &Book{Doc: doc}, BuildOptions{Out: out, Parts: fileParts("CNAME=galley's")})
	if err == nil || !strings.Contains(err.Error(), "would replace the book's own CNAME") {
		t.Errorf("err = %v, want a static file that would replace a written one refused", err)
	}
}

// killAtEnv asks TestBuildKilledHelper, run as a child process, to exit
// after the build's n-th change to the file system.
const killAtEnv = "GALLEY_TEST_KILL_AT"

// TestBuildKilledAnywhere kills builds at every point of their work (the
// child process exits at once, with no cleanup, after the n-th change the
// build makes beside its output, for every n until a build finishes), over
// an output the user keeps a .git in, with the one-step swap and with the
// fallback of two renames. After each kill the output is the old one or
// the new one, whole; the next build is killed at the same point, as it
// puts right what the first left; and a third, let finish, leaves the new
// output, the .git, and nothing beside it.
func TestBuildKilledAnywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary a hundred times")
	}
	old := map[string]string{"a.txt": "old", filepath.Join("sub", "x.txt"): "old"}
	new := map[string]string{"b.txt": "new", filepath.Join("sub", "y.txt"): "new"}
	same := func(a, b map[string]string) bool {
		if len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if b[k] != v {
				return false
			}
		}
		return true
	}
	for _, swap := range []string{"exchange", "renames"} {
		for n := 1; ; n++ {
			out := filepath.Join(t.TempDir(), "public")
			build(t, out, "a.txt=old", "sub/x.txt=old")
			write(t, filepath.Join(out, ".git", "HEAD"), "ref")
			finished := false
			for range 2 {
				cmd := exec.Command(os.Args[0], "-test.run=^TestBuildKilledHelper$")
				cmd.Env = append(os.Environ(), killAtEnv+"="+strconv.Itoa(n), "GALLEY_TEST_OUT="+out, "GALLEY_TEST_SWAP="+swap)
				output, err := cmd.CombinedOutput()
				var exit *exec.ExitError
				switch {
				case err == nil:
					finished = true
				case !errors.As(err, &exit) || exit.ExitCode() != killedStatus:
					t.Fatalf("%s, kill at %d: the build failed: %v\n%s", swap, n, err, output)
				}
				if _, err := os.Stat(out); err != nil {
					// Only two renames leave a moment without an output,
					// and then the old one waits beside it.
					if swap == "renames" && slices.ContainsFunc(beside(t, out), func(name string) bool { return strings.HasPrefix(name, ".public"+oldSuffix) }) {
						continue
					}
					t.Fatalf("%s, killed at %d: no output: %v (beside it: %v)", swap, n, err, beside(t, out))
				}
				if got := galleyFiles(t, out); !same(got, old) && !same(got, new) {
					t.Fatalf("%s, killed at %d: the output is neither the old nor the new one: %v", swap, n, got)
				}
			}
			build(t, out, "b.txt=new", "sub/y.txt=new")
			got := readTree(t, out)
			if !same(galleyFiles(t, out), new) || got[filepath.Join(".git", "HEAD")] != "ref" {
				t.Fatalf("%s, killed at %d: after the next build the output is %v", swap, n, got)
			}
			if left := beside(t, out); left != nil {
				t.Fatalf("%s, killed at %d: the next build left %v beside the output", swap, n, left)
			}
			if finished {
				break
			}
		}
	}
}

// killedStatus is the exit status of a build TestBuildKilledHelper stopped.
const killedStatus = 3

// TestBuildKilledHelper is the child process of TestBuildKilledAnywhere.
func TestBuildKilledHelper(t *testing.T) {
	at, err := strconv.Atoi(os.Getenv(killAtEnv))
	if err != nil {
		t.Skip("run by TestBuildKilledAnywhere")
	}
	changes := 0
	step = func() {
		if changes++; changes == at {
			os.Exit(killedStatus)
		}
	}
	if os.Getenv("GALLEY_TEST_SWAP") == "renames" {
		exchange = func(a, b string) error { return errors.ErrUnsupported }
	}
	build(t, os.Getenv("GALLEY_TEST_OUT"), "b.txt=new", "sub/y.txt=new")
}

// A build under way beside the output holds a lock on its directory, and
// another build starting meanwhile leaves it alone; once the lock is gone,
// the directory is a killed build's leftover, and the next build removes it.
func TestBuildLeavesRunningBuildAlone(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	running := filepath.Join(filepath.Dir(out), ".public"+newSuffix+"1")
	write(t, filepath.Join(running, markerFile), "")
	write(t, filepath.Join(running, "index.html"), "half written")
	unlock, free, err := lockDir(running)
	if err != nil || !free {
		t.Fatal(free, err)
	}
	build(t, out, "a.txt=one")
	if _, err := os.Stat(filepath.Join(running, "index.html")); err != nil {
		t.Errorf("a build removed another's directory while it ran: %v", err)
	}
	unlock()
	build(t, out, "a.txt=two")
	if left := beside(t, out); left != nil {
		t.Errorf("the build left %v beside the output", left)
	}
}

// TestManifestHostileNames lists in the manifest, and reads back, names
// that a list of one name a line would take for others: a line end in a
// name made it two, "x\n.htaccess" marking the user's own .htaccess as
// galley's, which a later build would delete.
func TestManifestHostileNames(t *testing.T) {
	dir := t.TempDir()
	names := []string{"x\n.htaccess", "a\r\nb", "tab\there", `quote"d`, "back\\slash", "line\u2028sep", "ünï"}
	for _, name := range names {
		write(t, filepath.Join(dir, "files", name), name)
	}
	if err := os.MkdirAll(filepath.Join(dir, "dir\nname"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeManifest(dir); err != nil {
		t.Fatal(err)
	}
	marked, manifest, err := readManifest(dir)
	if err != nil || !marked {
		t.Fatal(marked, err)
	}
	want := map[string]bool{"files/": true, "dir\nname/": true}
	for _, name := range names {
		want["files/"+name] = true
	}
	if !maps.Equal(manifest, want) {
		t.Errorf("manifest %q, want %q", slices.Sorted(maps.Keys(manifest)), slices.Sorted(maps.Keys(want)))
	}
}

// TestBuildHostileStaticNames builds a book whose static/ holds a file
// named "x\n.htaccess" over an output holding the user's own .htaccess:
// the name is refused where it stands, the file is not published, and the
// user's .htaccess stays through every build.
func TestBuildHostileStaticNames(t *testing.T) {
	book := t.TempDir()
	write(t, filepath.Join(book, "book.txt"), "Book\n====\n\nText.\n")
	write(t, filepath.Join(book, "static", "x\n.htaccess"), "hostile")
	write(t, filepath.Join(book, "static", "bad\xffname"), "hostile")
	write(t, filepath.Join(book, "static", "CNAME"), "rules.example.com\n")
	doc, diags, err := parser.ParseBook(book)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, d := range diags {
		codes = append(codes, d.Code)
	}
	if !slices.Equal(codes, []string{"file/name", "file/name"}) {
		t.Errorf("diagnostics %v, want the two names refused", diags)
	}
	out := filepath.Join(t.TempDir(), "public")
	for range 3 {
		if _, err := Build(context.Background(), &Book{Doc: doc}, BuildOptions{Out: out, Parts: fileParts("index.html=book")}); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(out, ".htaccess"), "the user's")
	}
	got := readTree(t, out)
	if got[".htaccess"] != "the user's" || got["CNAME"] != "rules.example.com\n" || got["x\n.htaccess"] != "" || len(galleyFiles(t, out)) != 2 {
		t.Errorf("output %q", got)
	}
}

// TestBuildRefusesOutInsideStatic refuses an output inside the
// manuscript's static/, directly or through a link: every build copies
// static/ into the output, which would hold itself, a level deeper each
// time.
func TestBuildRefusesOutInsideStatic(t *testing.T) {
	book := t.TempDir()
	write(t, filepath.Join(book, "book.txt"), "Book\n====\n\nText.\n")
	write(t, filepath.Join(book, "static", "CNAME"), "rules.example.com\n")
	link := filepath.Join(t.TempDir(), "static-link")
	if err := os.Symlink(filepath.Join(book, "static"), link); err != nil {
		t.Fatal(err)
	}
	doc, diags, err := parser.ParseBook(book)
	if err != nil || len(diags) > 0 {
		t.Fatal(err, diags)
	}
	for _, out := range []string{filepath.Join(book, "static"), filepath.Join(book, "static", "site"), filepath.Join(link, "deeper", "site")} {
		_, err := Build(context.Background(), &Book{Doc: doc}, BuildOptions{Out: out, Parts: fileParts("index.html=book")})
		if err == nil || !strings.Contains(err.Error(), "is inside the manuscript's static directory") {
			t.Errorf("--out %s: %v, want it refused", out, err)
		}
	}
	if _, err := os.Stat(filepath.Join(book, "static", "site")); err == nil {
		t.Error("a build wrote into static/")
	}
}
