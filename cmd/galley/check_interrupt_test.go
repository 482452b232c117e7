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

// TestCheckInterrupted interrupts galley check while it weighs the site's
// pages, which it writes into a temporary directory: the check stops,
// removes the site, and says it was interrupted, rather than leave a copy
// of the site in $TMPDIR for good.
func TestCheckInterrupted(t *testing.T) {
	galley, err := exec.LookPath("galley") // the test binary, as testscript installs it
	if err != nil {
		t.Skip("no galley command on PATH:", err)
	}
	tmp := t.TempDir()
	cmd := exec.Command(galley, "check", filepath.Join("..", "..", "manuscript"))
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		entries, _ := os.ReadDir(tmp)
		if len(entries) > 0 && strings.HasPrefix(entries[0].Name(), "galley-page-weight-") {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("galley check wrote no site to weigh within a minute")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitCannotRun || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("interrupted check: %v, %q; want exit 2, interrupted", err, stderr.String())
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("the interrupted check left %s in $TMPDIR", entries[0].Name())
	}
}
