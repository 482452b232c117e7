package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMarkdownTwinChecks checks the sample book written in both markups:
// galley check must say the same of each, every table bound and checked.
// (TestSampleBooks holds the Markdown twin's wrong twin to its errors.)
func TestMarkdownTwinChecks(t *testing.T) {
	var said []string
	for _, book := range []string{"twin-markup", "twin-markdown"} {
		var out, errs bytes.Buffer
		if code := run([]string{"check", filepath.Join("..", "..", "testdata", "books", book)}, &out, &errs); code != exitClean {
			t.Fatalf("galley check %s exited %d:\n%s%s", book, code, out.String(), errs.String())
		}
		said = append(said, out.String())
	}
	if said[0] != said[1] || !strings.Contains(said[0], "tables: 2 checked, 0 unchecked") {
		t.Errorf("galley check said of the markup twin %q, of the Markdown twin %q; want the same, both tables checked", said[0], said[1])
	}
}

// TestBuildBrew builds the Homebrewery brew, every part, with no errors,
// its picture among the site's.
func TestBuildBrew(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--out", out, filepath.Join("..", "..", "testdata", "books", "brew")}, &stdout, &stderr); code != exitClean {
		t.Fatalf("galley build exited %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "0 errors, 0 warnings") {
		t.Errorf("galley build said %q", stdout.String())
	}
	for _, part := range []string{"index.html", "the-hollow-under-the-mill.pdf", "the-hollow-under-the-mill.txt"} {
		if _, err := os.Stat(filepath.Join(out, part)); err != nil {
			t.Error(err)
		}
	}
	if pictures, _ := filepath.Glob(filepath.Join(out, "assets", "pictures", "*.png")); len(pictures) != 1 {
		t.Errorf("the site has pictures %v, want the brew's one", pictures)
	}
}

// TestFromMarkdown reads a Markdown file named .txt: as the markup without
// --from, as Markdown with --from markdown; --from takes only the markups
// galley has.
func TestFromMarkdown(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("..", "..", "testdata", "books", "twin-markdown", "book.md"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "book.txt")
	if err := os.WriteFile(file, md, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"parse", "--stats", file}, `"heading":0,`},
		{[]string{"parse", "--stats", "--from", "markdown", file}, `"heading":2,"chapter":1,"paragraph":8,"list":2,"box":1,"table":2,`},
		{[]string{"parse", "--stats", "--from", "galley", file}, `"heading":0,`},
	} {
		var out, errs bytes.Buffer
		run(tc.args, &out, &errs)
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("galley %s printed %q, want %s", strings.Join(tc.args, " "), out.String(), tc.want)
		}
	}
	var out, errs bytes.Buffer
	if code := run([]string{"check", "--from", "rst", file}, &out, &errs); code != exitCannotRun || !strings.Contains(errs.String(), `"galley", "markdown" or "outline"`) {
		t.Errorf("--from rst exited %d, said %q", code, errs.String())
	}
}
