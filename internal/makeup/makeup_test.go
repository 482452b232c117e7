// Package makeup reads back every PDF book galley makes of the books it
// ships and tests with, and of the designers' seed manuscripts, on every
// paper a book is commonly printed on, and holds each page to what a
// reader of a printed book expects of its make-up: no word of the
// manuscript lost or cut without a hyphen, no column left short in the
// middle of a chapter unless galley check says why, no reference split
// from its number, no text too small to read.
//
// It is a package of its own, with only tests, so that its layouts, many
// and slow, run beside the other packages' tests rather than after the
// PDF writer's own. It reads each book as galley build does (see
// pipeline.Load), its generated tables filled.
package makeup

import (
	"bytes"
	"cmp"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/pdf"
)

// papers are the papers every book is measured on under -long: the two
// office sheets, whose pages are set in two columns, and the two trims of
// a printed book, set in one. go test ./... measures the widest of each
// kind, A4 and 6×9, whose layouts differ the most (see measuredPapers).
var papers = []string{"a4", "letter", "6x9", "a5"}

// long measures every book on every paper; .ci/run passes it.
var long = flag.Bool("long", false, "measure every book on every paper, and the twins laid out as another book is, not on A4 and 6×9 alone")

// sameLayout names the test books laid out as another is, which only -long
// measures: twin-markup reads to twin-markdown's tree (parser's
// TestMarkdownTwin holds them to it) under the same galley.toml, and
// twin-markdown-wrong is twin-markdown with four digits changed.
var sameLayout = map[string]string{
	"twin-markup":         "twin-markdown",
	"twin-markdown-wrong": "twin-markdown",
}

// measuredPapers are the papers this run measures the books on.
func measuredPapers() []string {
	if *long {
		return papers
	}
	return []string{"a4", "6x9"}
}

// Where the books are, from this package's directory.
var (
	bundledBook = filepath.Join("..", "..", "manuscript")
	testBooks   = filepath.Join("..", "..", "testdata", "books")
	seeds       = filepath.Join("..", "..", "..", "shared", "seeds")
)

// Thresholds, in points.
const (
	// smallest is the least size text is set at: below it a reader needs
	// a glass.
	smallest = 6.5
	// line is a line of the body's text, the most a column may stop
	// short of its foot; slack what a line's box stands inside its line.
	line  = 13.5
	slack = 4.0
	// floatLines is the most lines a float stands between the two lines
	// of a word hyphenated across it: a column's.
	floatLines = 80
)

// books returns the directories and files of every book measured.
func books(t *testing.T) []string {
	out := []string{bundledBook}
	dirs, err := os.ReadDir(testBooks)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if _, same := sameLayout[d.Name()]; d.IsDir() && (*long || !same) {
			out = append(out, filepath.Join(testBooks, d.Name()))
		}
	}
	files, err := os.ReadDir(seeds)
	if err != nil {
		t.Logf("the seed manuscripts are not beside the repository (%v): measuring galley's own books only", err)
		return out
	}
	for _, f := range files {
		if strings.HasSuffix(f.Name(), ".txt") || strings.HasSuffix(f.Name(), ".md") {
			out = append(out, filepath.Join(seeds, f.Name()))
		}
	}
	return out
}

// TestMakeup lays out every book on every paper (A4 and 6×9 without -long,
// and without the twins laid out as another book is, see sameLayout),
// writes its PDF, reads it back and measures it (see the package's doc).
// The books are laid out, written and read in parallel.
func TestMakeup(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed (apt install poppler-utils)")
	}
	for _, path := range books(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			loaded, err := pipeline.Load(context.Background(), pipeline.Options{Path: path})
			if err != nil {
				t.Fatal(err)
			}
			for _, paper := range measuredPapers() {
				t.Run(paper, func(t *testing.T) {
					t.Parallel()
					b := layOut(t, loaded, paper)
					b.check(t)
				})
			}
		})
	}
}

// book is a book's PDF on one paper, laid out, written and read back.
type book struct {
	doc      *ast.Document
	pages    []readPage
	frames   []pdf.PageFrame
	warnings ast.DiagnosticList
}

// layOut lays a book out on paper, as galley build does, writes it and
// reads it back.
func layOut(t *testing.T, loaded *pipeline.Book, paper string) *book {
	t.Helper()
	ctx := context.Background()
	doc := loaded.Doc
	// Untagged: the tagged book packs its structure into object streams,
	// which pdfpatch, the reader below, does not read; the tags move no
	// word (render/pdf's TestTaggedBooks reads the tagged book).
	b, err := pdf.LayOut(ctx, doc, loaded.Sheets, pdf.Options{Paper: paper, Untagged: true})
	if err != nil {
		t.Fatal(err)
	}
	frames := b.Frames()
	var out bytes.Buffer
	if err := b.Write(ctx, &out); err != nil {
		t.Fatal(err)
	}
	pages, err := readPDF(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != len(frames) {
		t.Fatalf("the PDF has %d pages, the layout %d", len(pages), len(frames))
	}
	return &book{doc: doc, pages: pages, frames: frames, warnings: b.Warnings()}
}

// check runs every measure and fails on what each finds.
func (b *book) check(t *testing.T) {
	for _, measure := range []func() []string{b.lostWords, b.smallType, b.splitReferences, b.shortColumns} {
		for _, problem := range measure() {
			t.Error(problem)
		}
	}
}

// textLines returns the lines of the book's pages in the order they are
// read, the running heads and page numbers left out, each with its page's
// number: on a page of text, band by band down the page, each band column
// by column, each column from its top; then the footnotes. pdftotext's own
// order is not that where text across the page parts the columns.
func (b *book) textLines() []numberedLine {
	var out []numberedLine
	for n, p := range b.pages {
		f := b.frames[n]
		if !f.Text {
			for _, l := range p.lines {
				out = append(out, numberedLine{l, n + 1, 0})
			}
			continue
		}
		var page []numberedLine
		for _, l := range p.lines {
			if l.yMax < f.Top-slack || l.yMin > f.Bottom+slack {
				continue // the running head, the page number
			}
			middle := (l.yMin + l.yMax) / 2
			key := len(f.Bands) * len(f.Columns) // the footnotes, last
			for k, band := range f.Bands {
				if middle < band.Top-slack || middle > band.Bottom+slack {
					continue
				}
				c := 0
				for !band.Across && c+1 < len(f.Columns) && l.xMin > f.Columns[c][1] {
					c++
				}
				key = k*len(f.Columns) + c
				break
			}
			page = append(page, numberedLine{l, n + 1, key})
		}
		slices.SortStableFunc(page, func(a, b numberedLine) int {
			if a.stretch != b.stretch {
				return a.stretch - b.stretch
			}
			return cmp.Compare(a.yMin, b.yMin)
		})
		out = append(out, page...)
	}
	return out
}

// numberedLine is a line of a page, with the page's number and the
// stretch of text it stands in, in reading order.
type numberedLine struct {
	readLine
	page, stretch int
}

// lastWord and firstWord are the words a line ends and starts with.
func lastWord(l readLine) string  { return l.words[len(l.words)-1] }
func firstWord(l readLine) string { return l.words[0] }

// hyphenated reports whether a word ends in a hyphen after a letter: the
// break of a word set across two lines.
func hyphenated(w string) bool {
	r := []rune(w)
	return len(r) > 1 && r[len(r)-1] == '-' && isWordRune(r[len(r)-2])
}

// nextTextLine returns the index of the line of text that follows
// lines[i]: the next on a page of text, past a page of its own (a sheet)
// and, for a line of the body, past the footnotes at its page's foot;
// len(lines) if none.
func (b *book) nextTextLine(lines []numberedLine, i int) int {
	note := b.isNote(lines[i])
	for i++; i < len(lines) && (!b.frames[lines[i].page-1].Text || !note && b.isNote(lines[i])); i++ {
	}
	return i
}

// isNote reports whether l is a line of a footnote (see textLines).
func (b *book) isNote(l numberedLine) bool {
	f := b.frames[l.page-1]
	return f.Text && l.stretch == len(f.Bands)*len(f.Columns)
}

// under reports whether l is the line under a on its page, as a table's
// cell sets its lines: starting or ending where a does, the next line
// down.
func (l numberedLine) under(a numberedLine) bool {
	aligned := math.Abs(l.xMin-a.xMin) < slack || math.Abs(l.xMax-a.xMax) < slack
	return l.page == a.page && aligned && l.yMin > a.yMin && l.yMin-a.yMax < a.yMax-a.yMin
}

// lostWords finds a word of the manuscript the PDF does not print,
// whole or hyphenated across a line's end: lost, or cut where a line ends
// without a hyphen, but on a page a layout/overfull warning names, where
// no hyphenation point fit the word in its column and galley check says
// so.
func (b *book) lostWords() []string {
	var out []string
	need := manuscriptWords(b.doc)
	have := map[string]int{}
	lines := b.textLines()
	joined := map[int]bool{} // lines whose first word a line before took
	for i, l := range lines {
		ws := []string{}
		for _, w := range l.words {
			ws = append(ws, words(w)...)
		}
		if joined[i] && len(ws) > 0 {
			ws = ws[1:]
		}
		if len(l.words) > 0 && hyphenated(lastWord(l.readLine)) && len(ws) > 0 {
			// The rest of the word starts the next line of text, past
			// a page of its own (a sheet) between, or, in a table's
			// cell, the line under this one; or, where a float opens
			// the next column between the two, the first line after
			// it that the rest starts.
			next := b.nextTextLine(lines, i)
			for j := range lines {
				float := j > next && j <= next+floatLines
				if j != next && !float && !lines[j].under(l) || len(lines[j].words) == 0 || joined[j] {
					continue
				}
				if w, chain := b.joinRest(lines, j, ws[len(ws)-1], need); w != "" {
					ws[len(ws)-1] = w
					for _, k := range chain {
						joined[k] = true
					}
					break
				}
			}
		}
		for _, w := range ws {
			have[w]++
		}
	}
	var lost []string
	for w, n := range need {
		if have[w] < n && !strings.ContainsRune(w, '\uFFFD') {
			lost = append(lost, w)
		}
	}
	slices.Sort(lost)
	// cut finds where a lost word is cut at a line's end: across two
	// lines read one after the other, or one under the other in a
	// table's cell.
	cut := func(w string) (string, int) {
		for i, a := range lines {
			if len(a.words) == 0 || hyphenated(lastWord(a.readLine)) {
				continue
			}
			aw := words(lastWord(a.readLine))
			next := b.nextTextLine(lines, i)
			for j, c := range lines {
				if len(c.words) == 0 || j != next && !c.under(a) {
					continue
				}
				if cw := words(firstWord(c.readLine)); len(aw) > 0 && len(cw) > 0 && aw[len(aw)-1]+cw[0] == w {
					return fmt.Sprintf(" (cut without a hyphen on page %d: %q / %q)", a.page, a.text(), c.text()), a.page
				}
			}
		}
		return "", 0
	}
	for _, w := range lost {
		where, page := cut(w)
		if page > 0 && b.warned(page, "layout/overfull") {
			continue // cut where no hyphenation point fits, and said
		}
		if len(out) == 20 {
			out = append(out, "… and more")
			break
		}
		out = append(out, fmt.Sprintf("%q is printed %d times, the manuscript has it %d%s", w, have[w], need[w], where))
	}
	return out
}

// joinRest returns the word of the manuscript that head, the start of a
// word hyphenated at a line's end, makes with the first word of lines[j],
// and the lines whose first word it took; "" if none. In a narrow table
// cell a word may break more than once, each piece alone on its line
// ("Re-", "mark-", "able"): the rest goes on down the cell.
func (b *book) joinRest(lines []numberedLine, j int, head string, need map[string]int) (string, []int) {
	var chain []int
	for {
		rest := words(firstWord(lines[j].readLine))
		if len(rest) == 0 {
			return "", nil
		}
		head += rest[0]
		chain = append(chain, j)
		if need[head] > 0 {
			return head, chain
		}
		if len(lines[j].words) != 1 || !hyphenated(lines[j].words[0]) {
			return "", nil
		}
		under := -1
		for k := range lines {
			if len(lines[k].words) > 0 && lines[k].under(lines[j]) {
				under = k
				break
			}
		}
		if under < 0 {
			return "", nil
		}
		j = under
	}
}

// smallType finds text set below smallest, but on the cover, whose
// art is a picture drawn in type, and on a page a small-type warning
// names, which galley check says: art the measure holds only smaller
// (layout/small-type), a sheet the page holds only smaller
// (sheet/small-type).
func (b *book) smallType() []string {
	var out []string
	small := 0
	for n, p := range b.pages {
		if n == 0 || b.warned(n+1, "layout/small-type") || b.warned(n+1, "sheet/small-type") {
			continue
		}
		for _, r := range p.runs {
			if r.size >= smallest-0.01 {
				continue
			}
			if small++; small <= 5 {
				out = append(out, fmt.Sprintf("page %d: text at %.2f pt: %q", n+1, r.size, p.textAt(r.x, r.y)))
			}
		}
	}
	if small > 5 {
		out = append(out, fmt.Sprintf("… %d strings in all set below %.1f pt", small, smallest))
	}
	return out
}

// textAt returns the line of text whose box holds a point.
func (p readPage) textAt(x, y float64) string {
	for _, l := range p.lines {
		if x >= l.xMin-slack && x <= l.xMax+slack && y >= l.yMin-slack && y <= l.yMax+slack {
			return l.text()
		}
	}
	return ""
}

// shortColumns finds a column that stops more than a line short of its
// foot on a page in the middle of a chapter's text (not the last before
// the chapter's last floats), unless a layout warning names its page: the foot of the text area for the page's last band of
// columns, the top of what follows it across the measure for one above.
func (b *book) shortColumns() []string {
	var out []string
	for n, f := range b.frames {
		if !f.Text || f.EndsRun || f.EndsText {
			continue
		}
		warned := b.warned(n+1, "layout/")
		for k, band := range f.Bands {
			columns := f.Columns
			if band.Across {
				columns = [][2]float64{{f.Columns[0][0], f.Columns[len(f.Columns)-1][1]}}
			}
			for c, col := range columns {
				bottom := band.Top
				for _, l := range b.pages[n].lines {
					middle := (l.yMin + l.yMax) / 2
					if middle < band.Top || middle > band.Bottom || l.xMin < col[0]-slack || l.xMin > col[1] {
						continue
					}
					bottom = max(bottom, l.yMax)
				}
				foot := band.Bottom
				if k < len(f.Bands)-1 {
					// The space between two bands is less than a line.
					foot -= line
				}
				if short := foot - bottom; short > line+slack && !warned {
					where := fmt.Sprintf("column %d", c+1)
					if band.Across {
						where = "the text across the page"
					}
					out = append(out, fmt.Sprintf("page %d: %s stops %.0f pt short of its foot, and no layout warning says why", n+1, where, short))
				}
			}
		}
	}
	return out
}

// warned reports whether a warning whose code starts with code names PDF
// page n: "PDF page 12", "PDF pages 11–12", "PDF pages 12, 14–15 and 30".
func (b *book) warned(n int, code string) bool {
	for _, d := range b.warnings {
		if !strings.HasPrefix(d.Code, code) {
			continue
		}
		for _, list := range pageLists.FindAllStringSubmatch(d.Message, -1) {
			for _, span := range pageSpan.FindAllStringSubmatch(list[1], -1) {
				first, _ := strconv.Atoi(span[1])
				last := first
				if span[2] != "" {
					last, _ = strconv.Atoi(span[2])
				}
				if first <= n && n <= last {
					return true
				}
			}
		}
	}
	return false
}

// pageLists finds the pages a warning names; pageSpan each number or
// span of numbers among them.
var (
	pageLists = regexp.MustCompile(`\bPDF pages? (\d+(?:–\d+)?(?:(?:, | and )\d+(?:–\d+)?)*)`)
	pageSpan  = regexp.MustCompile(`(\d+)(?:–(\d+))?`)
)

// Where a reference, a quantity or a roll is split, read across a line's
// end: a label and its number, a number and its unit, dice notation.
var (
	referenceLabel = regexp.MustCompile(`^(Table|Figure|Example|Section|Chapter|Note|Summary|Page|p\.|pp\.|§)$`)
	numberStart    = regexp.MustCompile(`^\(?\d`)
	number         = regexp.MustCompile(`^\(?[+\-−]?\d+([.,]\d+)*$`)
	unit           = regexp.MustCompile(`^(%|ft|feet|foot|inches|m|metres|meters|cm|mm|km|mi|miles|kg|g|lb|lbs|s|sec|seconds|min|minutes|hours?|days?|weeks?|rounds?|turns?|squares?|hexes|yards?|yd|gp|sp|cp)\b`)
	diceEnd        = regexp.MustCompile(`^\(?\d*d(\d+|%)$`)
	diceStart      = regexp.MustCompile(`^[+\-−×x]\d`)
	dice           = regexp.MustCompile(`^\(?\d*d(\d+|%)`)
)

// splitReferences finds a line that ends where a reference, a quantity
// or a roll should hold together: "Table" and its number, a number and its
// unit or "%", dice notation, parted or hyphenated.
func (b *book) splitReferences() []string {
	var out []string
	lines := b.textLines()
	for i := 0; i+1 < len(lines); i++ {
		a, c := lines[i], lines[i+1]
		if len(a.words) == 0 || len(c.words) == 0 {
			continue
		}
		end, start := lastWord(a.readLine), firstWord(c.readLine)
		var what string
		switch {
		case referenceLabel.MatchString(end) && numberStart.MatchString(start):
			what = "a label parted from its number"
		case hyphenated(end) && referenceLabel.MatchString(strings.TrimSuffix(end, "-")+start):
			what = "a label hyphenated"
		case number.MatchString(end) && unit.MatchString(start):
			what = "a number parted from its unit"
		case diceEnd.MatchString(end) && diceStart.MatchString(start):
			what = "a roll split"
		case strings.HasSuffix(end, "-") && dice.MatchString(strings.TrimSuffix(end, "-")+start) && !dice.MatchString(end):
			what = "a roll hyphenated"
		}
		if what != "" {
			out = append(out, fmt.Sprintf("page %d: %s: %q / %q", a.page, what, a.text(), c.text()))
		}
	}
	return out
}
