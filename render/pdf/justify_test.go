package pdf

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/ast"
)

// TestBodyIsSerif checks that a paragraph is set in Liberation Serif, and
// that pdffonts finds the face embedded in the PDF.
func TestBodyIsSerif(t *testing.T) {
	l := layouterOf(t, "A colony digs *forty* chambers.")
	for _, sp := range l.spans(l.doc.Blocks[0].(*ast.Paragraph).Inlines, bodyFont, inkText) {
		for _, r := range runs(sp.text, sp.font) {
			if r.face.family != fontSerif {
				t.Errorf("%q is set in %s%s", r.text, r.face.family, r.face.style)
			}
		}
	}
	file := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(file, writeBook(t, l.doc, ""), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdffonts", file).Output()
	if err != nil {
		t.Skip("pdffonts not available (apt install poppler-utils):", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if fields := strings.Fields(line); len(fields) > 4 && fields[0] == "utf8liberationserif" {
			if !slicesContains(fields, "yes") {
				t.Errorf("Liberation Serif is not embedded: %s", line)
			}
			return
		}
	}
	t.Errorf("pdffonts does not list Liberation Serif:\n%s", out)
}

// TestJustifiedWithinTolerance sets every paragraph of the bundled book,
// and one with a word longer than a line, and checks each line: none runs
// past the measure, a justified line fills it, and no word space is
// stretched or shrunk past what the tolerance allows. A line the breaker
// could only set looser is set ragged, at the natural space, instead.
func TestJustifiedWithinTolerance(t *testing.T) {
	doc := testbook.Book(t)
	pdf, err := New("", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	l := newLayouter(context.Background(), pdf, doc, testbook.SheetsOf(doc))
	body := l.body()
	space := l.set.width(" ", bodyFont)
	var paragraphs [][]span
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		if p, ok := n.(*ast.Paragraph); ok {
			paragraphs = append(paragraphs, l.spans(p.Inlines, bodyFont, inkText))
		}
		return true
	})
	paragraphs = append(paragraphs, []span{{text: "A " + strings.Repeat("tunnel", 60) + " ends.", font: bodyFont}})
	loosest, justified := space, 0
	for pi, spans := range paragraphs {
		lines := l.set.justify(l.set.words(spans, nil), body.width, space, bodyFont, false, nil)
		for i, line := range lines {
			set := 0.0
			for _, w := range line.words {
				set += w.width
			}
			set += line.gap * float64(max(len(line.words)-1, 0))
			if set > body.width+1e-6 {
				t.Errorf("paragraph %d, line %d runs %.2f mm past the measure", pi, i, set-body.width)
			}
			if line.gap == space {
				continue
			}
			justified++
			loosest = max(loosest, line.gap)
			// A last line is set at its natural width, or shrunk to fit.
			if !line.last && set < body.width-1e-6 {
				t.Errorf("paragraph %d, line %d: justified, but %.2f mm short of the measure", pi, i, body.width-set)
			}
			if line.gap > space*(1+tolerance*spaceStretch)+1e-9 || line.gap < space*(1-spaceShrink)-1e-9 {
				t.Errorf("paragraph %d, line %d: word space %.3f mm, the natural %.3f", pi, i, line.gap, space)
			}
		}
	}
	if justified < 100 {
		t.Errorf("only %d lines are justified", justified)
	}
	t.Logf("%d paragraphs, %d lines justified; the loosest space is %.2f times the natural", len(paragraphs), justified, loosest/space)
}

// lineEndHyphen is a line that ends in a word broken by a hyphen, and the
// first word of the next line.
var lineEndHyphen = regexp.MustCompile(`(\pL+)-\n\s*(\pL+)`)

// TestBookHyphenated checks with pdftotext that the bundled book's lines
// end in hyphens the manuscript does not have: words the setter
// hyphenated.
func TestBookHyphenated(t *testing.T) {
	t.Parallel()
	doc := testbook.Book(t)
	data, _ := bundledPDF(t)
	out := pdftotext(t, data, "-layout")
	var source strings.Builder
	for _, f := range doc.Files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		source.Write(b)
	}
	hyphenated := 0
	for _, m := range lineEndHyphen.FindAllStringSubmatch(out, -1) {
		if strings.Contains(source.String(), m[1]+m[2]) && !strings.Contains(source.String(), m[1]+"-"+m[2]) {
			hyphenated++
		}
	}
	if hyphenated < 5 {
		t.Errorf("%d lines end in a hyphen the setter put there, want at least 5", hyphenated)
	}
}

// TestJustifyStopsWhenCancelled checks that a paragraph of many thousand
// words, which the breaker sets a window at a time, is set only as far as
// the first window once the layout's context is cancelled, so that a build
// stops within moments even in the middle of such a paragraph.
func TestJustifyStopsWhenCancelled(t *testing.T) {
	pdf, err := New("", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	doc := testbook.Book(t)
	l := newLayouter(context.Background(), pdf, doc, testbook.SheetsOf(doc))
	body := l.body()
	space := l.set.width(" ", bodyFont)
	words := l.set.words([]span{{text: strings.Repeat("a tunnel of the nest ", 5000), font: bodyFont}}, nil)
	whole := len(l.set.justify(words, body.width, space, bodyFont, false, nil))
	ctx, cancel := context.WithCancel(context.Background())
	l.ctx = ctx
	cancel()
	if cut := len(l.set.justify(words, body.width, space, bodyFont, false, nil)); cut == 0 || cut >= whole/2 {
		t.Errorf("cancelled, the paragraph was set in %d lines of %d", cut, whole)
	}
}
