package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// An interrupted build says so, not "context canceled", and writes nothing.
func TestBuildInterrupted(t *testing.T) {
	interrupted, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(t.TempDir(), "public")
	var stdout, stderr bytes.Buffer
	root := newRootCommand(&stdout, &stderr, &profiles{})
	root.SetArgs([]string{"build", "--only", "txt", "--out", out, filepath.Join("..", "..", "testdata", "books", "pool")})
	err := root.ExecuteContext(interrupted)
	if want := "interrupted: " + out + " is as it was"; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %q", err, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the interrupted build wrote %s (%v)", out, err)
	}
}

// TestServeTemplatesDefault keeps galley serve on the templates it embeds
// unless --templates names a directory: the default was the templates
// directory of the source tree galley was compiled in, whenever that path
// existed, as it does here.
func TestServeTemplatesDefault(t *testing.T) {
	if def := newServeCommand().Flags().Lookup("templates").DefValue; def != "" {
		t.Errorf("galley serve reads its templates from %s unless told otherwise", def)
	}
}
