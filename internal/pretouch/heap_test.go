package pretouch

import (
	"os"
	"path/filepath"
	"testing"
)

func TestManuscriptSize(t *testing.T) {
	dir := t.TempDir()
	for name, size := range map[string]int{"a.txt": 300, "b.txt": 40, "notes.md": 5000} {
		if err := os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		path string
		want int
	}{
		{dir, 340},
		{filepath.Join(dir, "a.txt"), 300},
		{filepath.Join(dir, "missing.txt"), 0},
	} {
		if got := manuscriptSize(tt.path); got != tt.want {
			t.Errorf("manuscriptSize(%s) = %d, want %d", tt.path, got, tt.want)
		}
	}
}
