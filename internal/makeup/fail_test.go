package makeup

import (
	"context"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser/ast"
)

// TestMeasuresFail shows that each measure can fail: it lays out a small
// book, then breaks its read-back pages as a faulty layout would, one
// fault at a time, and wants the measure that looks for the fault to find
// it, more often than in the book as laid out.
func TestMeasuresFail(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed (apt install poppler-utils)")
	}
	loaded, err := pipeline.Load(context.Background(), pipeline.Options{Path: filepath.Join(testBooks, "lantern")})
	if err != nil {
		t.Fatal(err)
	}
	sound := layOut(t, loaded, "a5")
	measures := func(b *book) map[string][]string {
		return map[string][]string{
			"lostWords": b.lostWords(), "smallType": b.smallType(),
			"shortColumns": b.shortColumns(), "splitReferences": b.splitReferences(),
		}
	}
	before := measures(sound)
	// prose returns a page of text in the middle of a chapter and two
	// lines of prose on it, one under the other: the first ends in a word
	// of letters, and both are long enough, and free enough of numbers
	// and marks, to be prose, not a heading or a chapter's contents.
	prose := func(b *book) (n int, a, c *readLine) {
		for n, f := range b.frames {
			if !f.Text || f.EndsRun {
				continue
			}
			lines := b.pages[n].lines
			for i := 0; i+1 < len(lines); i++ {
				a, c := &lines[i], &lines[i+1]
				end := a.words[len(a.words)-1]
				if len(a.words) >= 8 && len(c.words) >= 3 && plain(a) && plain(c) && len(words(end)) == 1 && words(end)[0] == end && len(end) >= 4 {
					return n, a, c
				}
			}
		}
		t.Fatal("the book has no two lines of prose on a page in the middle of a chapter")
		return 0, nil, nil
	}
	for _, tc := range []struct {
		fault, measure, want string
		breakIt              func(b *book)
	}{
		{"a line left out", "lostWords", "is printed", func(b *book) {
			_, a, _ := prose(b)
			a.words = a.words[:1]
		}},
		{"a word cut without a hyphen", "lostWords", "cut without a hyphen", func(b *book) {
			_, a, c := prose(b)
			end := a.words[len(a.words)-1]
			a.words[len(a.words)-1] = end[:len(end)-1]
			c.words = append([]string{end[len(end)-1:]}, c.words...)
		}},
		{"text at 5 pt", "smallType", "text at 5.00 pt", func(b *book) {
			n, _, _ := prose(b)
			b.pages[n].runs[len(b.pages[n].runs)/2].size = 5
		}},
		{"a column stopped short", "shortColumns", "short of its foot", func(b *book) {
			// The page's lines from the prose down, but the page number.
			n, a, _ := prose(b)
			lines := b.pages[n].lines
			for i := range lines {
				if &lines[i] == a {
					b.pages[n].lines = append(lines[:i:i], lines[len(lines)-1])
					break
				}
			}
		}},
		{"a label parted from its number", "splitReferences", "a label parted from its number", func(b *book) {
			_, a, c := prose(b)
			a.words = append(a.words, "Table")
			c.words = append([]string{"5"}, c.words...)
		}},
		{"a label hyphenated", "splitReferences", "a label hyphenated", func(b *book) {
			_, a, c := prose(b)
			a.words = append(a.words, "Sec-")
			c.words = append([]string{"tion"}, c.words...)
		}},
		{"a roll split", "splitReferences", "a roll split", func(b *book) {
			_, a, c := prose(b)
			a.words = append(a.words, "2d6")
			c.words = append([]string{"+1"}, c.words...)
		}},
	} {
		t.Run(tc.fault, func(t *testing.T) {
			broken := *sound
			broken.pages = slices.Clone(sound.pages)
			for i, p := range broken.pages {
				broken.pages[i].lines = slices.Clone(p.lines)
				for j, l := range p.lines {
					broken.pages[i].lines[j].words = slices.Clone(l.words)
				}
				broken.pages[i].runs = slices.Clone(p.runs)
			}
			tc.breakIt(&broken)
			found := func(problems []string) int {
				n := 0
				for _, p := range problems {
					if strings.Contains(p, tc.want) {
						n++
					}
				}
				return n
			}
			if problems := measures(&broken)[tc.measure]; found(problems) <= found(before[tc.measure]) {
				t.Errorf("%s finds no more %q than in the book as laid out: %q", tc.measure, tc.want, problems)
			}
		})
	}
}

// plain reports whether a line is words of letters and punctuation: no
// number, no mark of a chapter's contents.
func plain(l *readLine) bool {
	return !strings.ContainsFunc(l.text(), func(r rune) bool { return unicode.IsDigit(r) || r == '·' })
}

// TestWarned checks that a warning excuses the pages it names, and only
// those, however it lists them.
func TestWarned(t *testing.T) {
	b := &book{}
	b.warnings.Warnf(ast.Pos{}, "sheet/small-type", "the sheets are set at 5.6 pt on this paper (in the book, on PDF pages 12, 28, 31–33 and 40), under the 7 pt a sheet is read at")
	b.warnings.Warnf(ast.Pos{}, "layout/small-type", "this art is set at 5.0 pt on PDF page 13, below the 6.5 pt a reader can read")
	for _, tt := range []struct {
		page int
		code string
		want bool
	}{
		{12, "sheet/small-type", true},
		{28, "sheet/small-type", true},
		{32, "sheet/small-type", true},
		{40, "sheet/small-type", true},
		{13, "sheet/small-type", false},
		{34, "sheet/small-type", false},
		{13, "layout/small-type", true},
		{13, "layout/", true},
		{12, "layout/small-type", false},
		{7, "sheet/small-type", false},
	} {
		if got := b.warned(tt.page, tt.code); got != tt.want {
			t.Errorf("warned(%d, %q) = %v, want %v", tt.page, tt.code, got, tt.want)
		}
	}
}
