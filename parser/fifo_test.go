//go:build unix

package parser

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFOs reads a book with a named pipe where each kind of file it reads
// should be: a manuscript file found by its extension, one galley.toml
// names, a picture, a static file. Opening a FIFO to read waits for a
// writer, which kept galley waiting for ever; each is now an error at its
// place, and a FIFO named on the command line is one galley cannot read.
func TestFIFOs(t *testing.T) {
	dir := t.TempDir()
	writePictures(t, dir, 4, 4)
	files := map[string]string{
		"galley.toml": "files = [\"a.txt\", \"named.txt\", \"pipe.txt\"]\n",
		"a.txt":       "Pipes\n=====\n\n\\image{art/pipe.png}{A pipe}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "static", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, fifo := range []string{"named.txt", "pipe.txt", "art/pipe.png", "static/deep/pipe", "lone.txt"} {
		if err := syscall.Mkfifo(filepath.Join(dir, filepath.FromSlash(fifo)), 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
	}
	type parsed struct {
		codes []string
		err   error
	}
	done := make(chan parsed, 1)
	go func() {
		_, diags, err := ParseBook(dir)
		if err != nil {
			t.Error(err)
		}
		var codes []string
		for _, d := range diags {
			codes = append(codes, filepath.Base(d.Pos.File)+" "+d.Code)
		}
		_, _, loneErr := ParseBook(filepath.Join(dir, "lone.txt"))
		done <- parsed{codes, loneErr}
	}()
	select {
	case got := <-done:
		want := []string{"a.txt file/special", "galley.toml file/special", "galley.toml file/special", "pipe file/special"}
		if !slices.Equal(got.codes, want) {
			t.Errorf("diagnostics %v, want %v", got.codes, want)
		}
		if got.err == nil {
			t.Error("a FIFO named on the command line was read")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("reading a book with FIFOs in it waits for ever")
	}
}

// TestStaticLoops reads a static/ whose links lead back to themselves, or
// to a directory that holds them: each is an error naming the link, where
// one that leads to itself was an error naming nothing ("EvalSymlinks: too
// many links") that stopped galley.
func TestStaticLoops(t *testing.T) {
	dir := t.TempDir()
	static := filepath.Join(dir, "static")
	if err := os.MkdirAll(filepath.Join(static, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "book.txt"), []byte("Text.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"self": "self", "l1": "l2", "l2": "l1", "a/up": ".."} {
		if err := os.Symlink(target, filepath.Join(static, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	_, diags, err := ParseBook(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range diags {
		got = append(got, filepath.ToSlash(strings.TrimPrefix(d.Pos.File, dir))+" "+d.Code)
	}
	want := []string{"/static/a/up file/loop", "/static/l1 file/loop", "/static/l2 file/loop", "/static/self file/loop"}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
}
