//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckInterrupted interrupts galley check while it works: the check
// stops and says it was interrupted (or, on a fast machine, has finished),
// and leaves nothing in $TMPDIR, where it once wrote a copy of the site to
// weigh its pages and left it there for good. It weighs them without
// writing a site now; the test holds that nothing comes back.
func TestCheckInterrupted(t *testing.T) {
	galley := galleyBinary(t)
	tmp := t.TempDir()
	cmd := exec.Command(galley, "check", filepath.Join("..", "..", "manuscript"))
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // into the book's checks
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == exitCannotRun && !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("interrupted check: %v, %q; want it to say it was interrupted", err, stderr.String())
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("the interrupted check left %s in $TMPDIR", entries[0].Name())
	}
}
