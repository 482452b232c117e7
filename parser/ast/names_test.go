package ast

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNames(t *testing.T) {
	n := NewNames()
	n.Reserve("box")
	n.Reserve("box-3")
	var got []string
	for range 4 {
		got = append(got, n.Unique("box"))
	}
	got = append(got, n.UniqueWith("page", ".html"), n.UniqueWith("page", ".html"), n.Unique("page"))
	want := []string{"box-2", "box-4", "box-5", "box-6", "page.html", "page-2.html", "page"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("handed out %q, want %q", got, want)
		}
	}
	if !n.Taken("box-5") || n.Taken("box-7") {
		t.Error("Taken disagrees with what was handed out")
	}
}

// TestNamesReset checks that a Names reset hands out what it handed out
// before, however many names it had taken.
func TestNamesReset(t *testing.T) {
	n := NewNames()
	for _, taken := range []int{3, 5000, 3} {
		n.Reset()
		for range taken {
			n.Unique("box")
		}
		if n.Taken("box-" + strconv.Itoa(taken+1)) {
			t.Errorf("after %d names, box-%d is taken", taken, taken+1)
		}
		n.Reset()
		if got := n.Unique("box"); got != "box" {
			t.Errorf("after a reset from %d names, Unique gives %q", taken, got)
		}
	}
}

// TestFileStem checks that a long name is cut below the limit, at a
// character, and that names differing only past the cut stay apart.
func TestFileStem(t *testing.T) {
	if got := FileStem("rules"); got != "rules" {
		t.Errorf("FileStem cut a short name: %q", got)
	}
	long := strings.Repeat("é", 150)
	cut := FileStem(long + "-a")
	if len(cut) > maxFileStem || !utf8.ValidString(cut) || !strings.HasPrefix(cut, "éé") {
		t.Errorf("FileStem(%d bytes) = %q (%d bytes)", len(long), cut, len(cut))
	}
	if cut != FileStem(long+"-a") || cut == FileStem(long+"-b") {
		t.Error("FileStem is not stable, or not unique, for names that differ past the cut")
	}
}
