package markdown

import (
	"runtime"
	"strings"

	"github.com/galleyhq/galley/parser/prose"
)

// A long Markdown file is read as the markup's is (markup/chunks.go): cut into
// chunks that goldmark parses and the reader walks at once, on every core,
// joined in order. A chunk starts at an ATX heading, "#" at the line's
// start, after a blank line: no block of CommonMark runs across one (a
// list item's lines are indented, a quote's lines start ">", a paragraph
// ended at the blank line), so long as no fence, Homebrewery block or box
// is open, which the cut points are found by following. Footnotes, link
// reference definitions and raw HTML reach across the whole file, so a
// file with any of them is read in one pass. The tests hold the chunks'
// tree to be the whole file's (FuzzMarkdown).

// markdownChunkLines is the fewest lines a Markdown chunk has: goldmark
// costs more a line than the markup's line pass, so chunks pay sooner.
const markdownChunkLines = 1 << 10

// markdownCuts returns the lines at which a Markdown file is cut into
// chunks of at least chunkLines lines, as chunkCuts does the markup's; none
// when chunkLines is 0.
func markdownCuts(lines []prose.Line, chunkLines int) []int {
	if chunkLines <= 0 {
		return nil
	}
	n := min(len(lines)/chunkLines, 4*runtime.GOMAXPROCS(0))
	if n < 2 || reachesAcross(lines) {
		return nil
	}
	var cuts []int
	var open markdownOpen
	next := len(lines) / n
	for i := range lines {
		if i >= next && i > 0 && open.none() && lines[i-1].IsBlank() && isATXHeading(lines[i].Text) {
			cuts = append(cuts, i)
			next = i + len(lines)/n
		}
		open.pass(lines[i])
	}
	return cuts
}

// reachesAcross reports whether a line holds what reaches across the file
// (a footnote, a link reference definition, raw HTML), or a fence indented
// so far that it may be a code block's text.
func reachesAcross(lines []prose.Line) bool {
	for _, l := range lines {
		t := strings.TrimLeft(l.Text, " \t")
		if strings.Contains(l.Text, "[^") || strings.HasPrefix(t, "<") ||
			strings.HasPrefix(t, "[") && strings.Contains(t, "]:") ||
			isFenceOpener(t) && l.Indent() > 3 {
			return true
		}
	}
	return false
}

// isFenceOpener reports whether a trimmed line opens a fence: three "`"
// or "~" or more, and after backticks an info string without any.
func isFenceOpener(t string) bool {
	if !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "~~~") {
		return false
	}
	return t[0] == '~' || !strings.Contains(strings.TrimLeft(t, "`"), "`")
}

// isATXHeading reports whether a line is "#" to "######" at its start,
// then a space, a tab or nothing.
func isATXHeading(line string) bool {
	n := 0
	for n < len(line) && n < 7 && line[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (n == len(line) || line[n] == ' ' || line[n] == '\t')
}

// markdownOpen follows the fences and boxes open at a line, erring towards
// open: a line that may close one closes it only if it surely would.
type markdownOpen struct {
	fence      string // the open fence's run of "`" or "~", "" for none
	boxes      int    // Homebrewery blocks open
	boxesBegun int    // \begin{box} blocks open
}

func (o *markdownOpen) none() bool { return o.fence == "" && o.boxes == 0 && o.boxesBegun == 0 }

// pass follows the line l.
func (o *markdownOpen) pass(l prose.Line) {
	t := strings.TrimSpace(l.Text)
	if o.fence != "" {
		if strings.HasPrefix(t, o.fence) && strings.Trim(t, o.fence[:1]) == "" {
			o.fence = ""
		}
		return
	}
	switch {
	case isFenceOpener(t):
		o.fence = t[:len(t)-len(strings.TrimLeft(t, t[:1]))]
	case isHomebreweryOpener(t):
		o.boxes++
	case t == "}}":
		o.boxes = max(o.boxes-1, 0)
	case strings.HasPrefix(t, `\begin{box}`):
		o.boxesBegun++
	case t == `\end{box}`:
		o.boxesBegun = max(o.boxesBegun-1, 0)
	}
}
