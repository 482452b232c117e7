package pipeline

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

// filePart writes one file, or fails.
func filePart(name, content string, fail error) Part {
	return Part{Name: name, Write: func(_ context.Context, _ *Book, dir string) (Written, error) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			return Written{}, err
		}
		return Written{Summary: "1 file"}, fail
	}}
}

func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if !d.IsDir() {
			data, _ := os.ReadFile(path)
			rel, _ := filepath.Rel(dir, path)
			files[rel] = string(data)
		}
		return nil
	})
	return files
}

func TestBuildReplacesItsOwnOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	ctx := context.Background()
	if _, err := Build(ctx, &Book{}, BuildOptions{Out: out, Parts: []Part{filePart("a.txt", "one", nil)}}); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(ctx, &Book{}, BuildOptions{Out: out, Parts: []Part{filePart("b.txt", "two", nil)}}); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(out); err != nil || info.Mode().Perm() != 0o755 {
		t.Errorf("the output directory's mode is %v, want rwxr-xr-x so a web server can read it", info.Mode().Perm())
	}
	// The output is the book and galley's marker, nothing else: it is
	// published as it is.
	got := readTree(t, out)
	if _, marked := got[markerFile]; !marked || got["b.txt"] != "two" || len(got) != 2 {
		t.Errorf("output after two builds = %v, want b.txt and %s", got, markerFile)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("the build left temporary directories beside the output: %v", entries)
	}
}

// A build that fails, or is interrupted, leaves the previous output exactly
// as it was and nothing beside it.
func TestBuildLeavesOutputOnFailure(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	if _, err := Build(context.Background(), &Book{}, BuildOptions{Out: out, Parts: []Part{filePart("a.txt", "one", nil)}}); err != nil {
		t.Fatal(err)
	}
	before := readTree(t, out)
	broken := errors.New("the PDF writer broke")
	_, err := Build(context.Background(), &Book{}, BuildOptions{Out: out, Parts: []Part{filePart("a.txt", "changed", broken)}})
	if !errors.Is(err, broken) {
		t.Fatalf("err = %v, want the writer's error", err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(cancelled, &Book{}, BuildOptions{Out: out, Parts: []Part{filePart("a.txt", "changed", nil)}}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	after := readTree(t, out)
	if len(after) != len(before) || after["a.txt"] != "one" {
		t.Errorf("output changed: before %v, after %v", before, after)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Errorf("failed builds left files beside the output: %v", entries)
	}
}

// A fresh clone of a repository that tracked public/README.md, as earlier
// galleys wrote it, holds only that README; the build takes the directory
// over and leaves the README out of what it publishes.
func TestBuildTakesOverLegacyReadme(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	write(t, filepath.Join(out, "README.md"), string(legacyReadme))
	write(t, filepath.Join(out, ".git", "HEAD"), "ref")
	build(t, out, "index.html=site")
	if got := galleyFiles(t, out); len(got) != 1 || got["index.html"] != "site" {
		t.Errorf("output = %v, want the book alone", got)
	}
	if data, _ := os.ReadFile(filepath.Join(out, ".git", "HEAD")); string(data) != "ref" {
		t.Error("the build did not keep .git")
	}
}

// An output an earlier galley built lists its README.md in the marker: the
// next build replaces it with the book alone.
func TestBuildDropsListedReadme(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	build(t, out, "index.html=old", "README.md="+string(legacyReadme))
	build(t, out, "index.html=new")
	if got := galleyFiles(t, out); len(got) != 1 || got["index.html"] != "new" {
		t.Errorf("output = %v, want the book alone", got)
	}
}

func TestBuildRefusesForeignDirectory(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "thesis.tex"), []byte("years of work"), 0o644)
	if _, err := Build(context.Background(), &Book{}, BuildOptions{Out: out}); err == nil {
		t.Fatal("Build replaced a directory it did not make")
	}
	if data, _ := os.ReadFile(filepath.Join(out, "thesis.tex")); string(data) != "years of work" {
		t.Error("the foreign file was touched")
	}
}

// A build that refuses errors leaves the output as it was when the book's
// checks, still running while the parts write, find one, and stops the
// parts rather than wait for them.
func TestBuildRefusesErrorsFoundMeanwhile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	if _, err := Build(context.Background(), &Book{}, BuildOptions{Out: out, Parts: []Part{filePart("a.txt", "one", nil)}}); err != nil {
		t.Fatal(err)
	}
	before := readTree(t, out)
	checksDone := make(chan struct{})
	book := &Book{}
	book.checking = func() {
		<-checksDone
		book.Diagnostics = append(book.Diagnostics, &ast.Diagnostic{Severity: ast.SeverityError, Code: "table/qualification"})
	}
	// The part writes until it is stopped: were the build to wait for it,
	// the test would never end.
	waiting := Part{Name: "slow", Write: func(ctx context.Context, _ *Book, dir string) (Written, error) {
		if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("changed"), 0o644); err != nil {
			return Written{}, err
		}
		close(checksDone)
		<-ctx.Done()
		return Written{}, ctx.Err()
	}}
	if _, err := Build(context.Background(), book, BuildOptions{Out: out, Parts: []Part{waiting}, RefuseErrors: true}); !errors.Is(err, ErrBookHasErrors) {
		t.Fatalf("err = %v, want ErrBookHasErrors", err)
	}
	if after := readTree(t, out); !maps.Equal(after, before) {
		t.Errorf("the refused build changed the output: %v, was %v", after, before)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 1 {
		t.Errorf("the refused build left directories beside the output: %v", entries)
	}
	// An interrupted build says so, whatever the book holds.
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(cancelled, book, BuildOptions{Out: out, Parts: []Part{filePart("a.txt", "two", nil)}, RefuseErrors: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("an interrupted build of a book with errors: err = %v, want context.Canceled", err)
	}
	// Without errors, or allowing them, the same book is built.
	clean := &Book{}
	if _, err := Build(context.Background(), clean, BuildOptions{Out: out, Parts: []Part{filePart("a.txt", "two", nil)}, RefuseErrors: true}); err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, out)["a.txt"]; got != "two" {
		t.Errorf("a.txt = %q after a clean build, want two", got)
	}
}
