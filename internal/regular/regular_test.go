//go:build unix

package regular

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestFIFO opens a named pipe nobody writes to, which os.Open waits on for
// ever: each function refuses it at once, as it does a directory unless
// asked, and opens a regular file.
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("text"), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	done := make(chan struct{})
	go func() {
		defer close(done)
		var notRegular *NotRegularError
		if _, err := Open(fifo, true); !errors.As(err, &notRegular) || err.Error() != `"`+fifo+`" is a named pipe (FIFO), not a file: galley reads only regular files` {
			t.Errorf("Open(FIFO): %v", err)
		}
		if _, err := OpenInRoot(root, "pipe", false); !errors.As(err, &notRegular) {
			t.Errorf("OpenInRoot(FIFO): %v", err)
		}
		if _, err := ReadFile(fifo); !errors.As(err, &notRegular) {
			t.Errorf("ReadFile(FIFO): %v", err)
		}
		if _, err := Open(dir, false); !errors.As(err, &notRegular) {
			t.Errorf("Open(directory) without dirs: %v", err)
		}
		if f, err := Open(dir, true); err != nil {
			t.Errorf("Open(directory): %v", err)
		} else {
			f.Close()
		}
		if data, err := ReadFile(file); err != nil || string(data) != "text" {
			t.Errorf("ReadFile(file) = %q, %v", data, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("opening a FIFO waited for a writer")
	}
}
