package markdown

import (
	"bytes"
	"regexp"
	"strconv"

	"github.com/galleyhq/galley/parser/prose"
	gmast "github.com/yuin/goldmark/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
)

// goldmark's time grows with the square of two things no book has: the
// containers opened on one line (">>>>…" or "- > - > …": each marker
// counts its column from the line's start) and brackets nested in one
// block ("[[[[…a]]]]…" or "[a]([a]([a](…": each "]" reads its label or
// destination to the block's end). The Markdown reader bounds both, as
// CommonMark implementations and browsers bound nesting, and warns where
// it did: the reader stays linear whatever the file.

// maxMarkdownNesting is how many block quotes and list items one line may
// open, and how deep a block's brackets and parentheses may nest before
// they are all text.
const maxMarkdownNesting = 32

// limitNesting makes the first container marker past maxMarkdownNesting
// on each line of src a backslash, so that goldmark reads it and the
// markers after it as text (the reader takes the text itself from r.text,
// where the marker stands as written), and warns at each. src holds the
// lines, which start at starts in it; lines in a fence are code, and left
// alone.
func (r *markdownReader) limitNesting(src []byte, lines []prose.Line, starts []int) {
	var open markdownOpen
	for i, l := range lines {
		if open.fence == "" {
			if at := excessMarker(l.Text); at >= 0 {
				src[starts[i]+at] = '\\'
				r.p.Diags.Warnf(r.inlines.Pos(starts[i]+at), "markdown/nesting", "block quotes and lists nest at most "+strconv.Itoa(maxMarkdownNesting)+" deep on a line: the markers from here on are text")
			}
		}
		open.pass(l)
	}
}

// excessMarker returns the offset of the first block-quote or list marker
// past maxMarkdownNesting at the start of line, or -1.
func excessMarker(line string) int {
	markers := 0
	for i := 0; ; {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		end := containerMarkerEnd(line, i)
		if end < 0 {
			return -1
		}
		if markers++; markers > maxMarkdownNesting {
			return i
		}
		i = end
	}
}

// containerMarkerEnd returns where the container marker at line[i] ends:
// ">", or a bullet or an ordered list's number followed by white space;
// -1 when none starts there.
func containerMarkerEnd(line string, i int) int {
	if i >= len(line) {
		return -1
	}
	end := i
	switch c := line[i]; {
	case c == '>':
		return i + 1
	case c == '-' || c == '+' || c == '*':
		end = i + 1
	case isDigit(c):
		for end < len(line) && end-i < 9 && isDigit(line[end]) {
			end++
		}
		if end == len(line) || line[end] != '.' && line[end] != ')' {
			return -1
		}
		end++
	default:
		return -1
	}
	if end < len(line) && (line[end] == ' ' || line[end] == '\t') {
		return end
	}
	return -1
}

// markdownBracketGuard, asked before goldmark's link and footnote parsers
// at each bracket, makes every bracket of a block whose brackets or
// parentheses nest deeper than maxMarkdownNesting text.
type markdownBracketGuard struct{}

func (markdownBracketGuard) Trigger() []byte { return []byte{'[', ']', '!'} }

// bracketGuardKey holds the guard's bracketBlocks in a parse's context.
var bracketGuardKey = gmparser.NewContextKey()

// bracketBlocks is what the guard knows of a parse: the block it last
// measured, whether that nests too deep, and where each block that does
// starts.
type bracketBlocks struct {
	block gmast.Node
	deep  bool
	at    []int
}

func (markdownBracketGuard) Parse(parent gmast.Node, block gmtext.Reader, pc gmparser.Context) gmast.Node {
	seen, _ := pc.Get(bracketGuardKey).(*bracketBlocks)
	if seen == nil {
		seen = &bracketBlocks{}
		pc.Set(bracketGuardKey, seen)
	}
	if seen.block != parent {
		seen.block, seen.deep = parent, nestsTooDeep(parent.Lines(), block.Source())
		if seen.deep {
			seen.at = append(seen.at, parent.Lines().At(0).Start)
		}
	}
	if !seen.deep {
		return nil
	}
	_, seg := block.PeekLine()
	block.Advance(1)
	return gmast.NewTextSegment(gmtext.NewSegment(seg.Start, seg.Start+1))
}

// nestsTooDeep reports whether the brackets or the parentheses of lines
// nest deeper than maxMarkdownNesting.
func nestsTooDeep(lines *gmtext.Segments, source []byte) bool {
	brackets, parens := 0, 0
	for i := range lines.Len() {
		s := lines.At(i)
		for j := s.Start; j < s.Stop; j++ {
			switch source[j] {
			case '\\':
				j++
			case '[':
				brackets++
			case ']':
				brackets = max(brackets-1, 0)
			case '(':
				parens++
			case ')':
				parens = max(parens-1, 0)
			}
			if brackets > maxMarkdownNesting || parens > maxMarkdownNesting {
				return true
			}
		}
	}
	return false
}

// warnDeepBrackets warns at each block markdownBracketGuard made text of.
func (r *markdownReader) warnDeepBrackets(pc gmparser.Context) {
	seen, _ := pc.Get(bracketGuardKey).(*bracketBlocks)
	if seen == nil {
		return
	}
	for _, at := range seen.at {
		r.p.Diags.Warnf(r.inlines.Pos(at), "markdown/brackets", "brackets or parentheses nest more than "+strconv.Itoa(maxMarkdownNesting)+" deep in this block: its links, pictures and footnote marks are read as text")
	}
}

// goldmark takes the link reference definitions out of a paragraph's
// start by copying the lines after each, so a paragraph of thousands of
// definitions, a glossary's link targets, costs the square of their
// number. markdownLinkRefWindows hands goldmark's own transformer such a
// paragraph's definitions a window of linkRefWindow at a time, where each
// line of the window is one whole definition on its line and the line
// after the window starts another: goldmark reads each window's lines as
// it would the whole paragraph's, since nothing on a line starting with
// "[" can end a definition before it. Where the windows stop, goldmark
// reads the rest of the paragraph as ever.
type markdownLinkRefWindows struct{}

// linkRefWindow is how many lines goldmark's transformer is handed at
// once; a paragraph of fewer than two windows' lines is left to it.
const linkRefWindow = 64

// oneLineLinkRef matches a link reference definition whole on its line:
// a label, a destination and perhaps a title closed on the line.
var oneLineLinkRef = regexp.MustCompile(`^ {0,3}\[[^\[\]\\]+\]:[ \t]*[^ \t<>"'()\\]+(?:[ \t]+(?:"[^"\\]*"|'[^'\\]*'|\([^()\\]*\)))?[ \t]*\r?\n?$`)

// startsLabel reports whether a line starts "[" after at most three
// spaces.
func startsLabel(line []byte) bool {
	trimmed := bytes.TrimLeft(line, " ")
	return len(line)-len(trimmed) <= 3 && len(trimmed) > 0 && trimmed[0] == '['
}

func (markdownLinkRefWindows) Transform(node *gmast.Paragraph, reader gmtext.Reader, pc gmparser.Context) {
	lines := node.Lines()
	if lines.Len() < 2*linkRefWindow {
		return
	}
	source := reader.Source()
	// taken counts the paragraph's lines goldmark took as definitions.
	taken := 0
	for taken+linkRefWindow < lines.Len() {
		end := taken
		line := func(i int) []byte {
			s := lines.At(i)
			return s.Value(source)
		}
		for end < taken+linkRefWindow && oneLineLinkRef.Match(line(end)) {
			end++
		}
		// The window must end before a line that starts a label.
		for end > taken && !startsLabel(line(end)) {
			end--
		}
		if end == taken {
			break
		}
		window := gmast.NewParagraph()
		window.Lines().AppendAll(lines.Sliced(taken, end))
		node.Parent().InsertBefore(node.Parent(), node, window)
		gmparser.LinkReferenceParagraphTransformer.Transform(window, reader, pc)
		if window.Parent() != nil {
			// Not all of it was definitions after all: goldmark reads
			// the window's rest with the paragraph's.
			window.Parent().RemoveChild(window.Parent(), window)
			taken = end - window.Lines().Len()
			break
		}
		taken = end
	}
	if taken > 0 {
		node.Lines().SetSliced(taken, lines.Len())
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
