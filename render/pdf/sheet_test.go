package pdf

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
)

func render(t *testing.T, f *parser.FilledSheet, paper string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteSheet(&b, f, paper, time.Time{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var pageObject = regexp.MustCompile(`/Type /Page\b[^s]`)

// TestSheetPDF checks every sheet on both papers: one page, the same bytes on
// a second run, and, with poppler's tools installed, every font embedded and
// the class, labels and values in the text.
func TestSheetPDF(t *testing.T) {
	book := testbook.Sheets(t)
	for _, paper := range []string{"a4", "letter"} {
		for _, f := range book.All() {
			t.Run(paper+"/"+f.Name, func(t *testing.T) {
				data := render(t, f, paper)
				if n := len(pageObject.FindAll(data, -1)); n != 1 {
					t.Errorf("%d pages, want 1", n)
				}
				if again := render(t, f, paper); !bytes.Equal(data, again) {
					t.Error("a second run gives different bytes")
				}
				file := filepath.Join(t.TempDir(), f.Name+".pdf")
				if err := os.WriteFile(file, data, 0o644); err != nil {
					t.Fatal(err)
				}
				checkFonts(t, file)
				want := []string{"Character Sheet", "Attributes", "Signalling", "Wounds/Max", "Base Attack", "Hit (Crit)", "Edible"}
				if f.Name == "wasp" {
					want = append(want, "Wasp", "68%", "Dive-Bomb Sting", "Nectar drop", "Attacker Immobilised d20")
				}
				checkText(t, file, want)
			})
		}
	}
}

// checkFonts requires pdffonts to list every font as embedded.
func checkFonts(t *testing.T, file string) {
	t.Helper()
	out, err := exec.Command("pdffonts", file).Output()
	if err != nil {
		t.Log("pdffonts not available (apt install poppler-utils):", err)
		return
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 3 {
		t.Fatalf("pdffonts lists no fonts:\n%s", out)
	}
	for _, l := range lines[2:] {
		if fields := strings.Fields(l); len(fields) < 5 || !slicesContains(fields, "yes") {
			t.Errorf("a font is not embedded: %s", l)
		}
	}
}

// slicesContains reports whether the pdffonts columns after the name say
// "yes" for emb.
func slicesContains(fields []string, s string) bool {
	for _, f := range fields[1:] {
		if f == s {
			return true
		}
	}
	return false
}

// checkText requires pdftotext to find every string in the PDF.
func checkText(t *testing.T, file string, want []string) {
	t.Helper()
	out, err := exec.Command("pdftotext", "-layout", file, "-").Output()
	if err != nil {
		t.Log("pdftotext not available (apt install poppler-utils):", err)
		return
	}
	for _, w := range want {
		if !strings.Contains(string(out), w) {
			t.Errorf("pdftotext does not find %q", w)
		}
	}
}

// TestPaper checks the paper names.
func TestPaper(t *testing.T) {
	tests := []struct {
		paper   string
		wantErr bool
	}{
		{"", false}, {"a4", false}, {"A4", false}, {"letter", false}, {"legal", true},
	}
	for _, tt := range tests {
		if _, err := New(tt.paper, time.Time{}); (err != nil) != tt.wantErr {
			t.Errorf("New(%q): error %v, want error %v", tt.paper, err, tt.wantErr)
		}
	}
}
