package prose

import (
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	gmast "github.com/yuin/goldmark/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// proseParser is goldmark with nothing but paragraphs and "*" emphasis: no
// raw HTML, links, code spans or autolinks, since in a rulebook "<", "[" and
// "&" are text. It is safe for concurrent use.
var proseParser = sync.OnceValue(func() gmparser.Parser {
	return gmparser.NewParser(
		gmparser.WithBlockParsers(util.Prioritized(gmparser.NewParagraphParser(), 100)),
		gmparser.WithInlineParsers(util.Prioritized(starEmphasisParser{}, 100)),
	)
})

// appendInlines parses the prose of consecutive lines – a paragraph, a
// caption, a footnote – and appends its inlines to out. goldmark finds the
// emphasis; the text between is then scanned for dice, references and
// footnote marks (see scan.go), which may run across line ends ("Section
// \"Decile Dice\" in the\n\"System\" Chapter"). The claims found go to
// claims, unless it is nil.
func appendInlines(out []ast.Inline, lines []Line, claims *claimSink) []ast.Inline {
	starts := firstLineStart
	if len(lines) > 1 {
		starts = make([]int, len(lines))
	}
	plain := true // no emphasis or escapes, and no white space to fold
	size := len(lines) - 1
	for i, l := range lines {
		plain = plain && !mayEmphasize(l.Text) && !strings.Contains(l.Text, `\`) && len(strings.TrimSpace(l.Text)) == len(l.Text)
		if i > 0 {
			starts[i] = starts[i-1] + len(lines[i-1].Text) + 1
		}
		size += len(l.Text)
	}
	src := lines[0].Text
	if len(lines) > 1 {
		// In a plain paragraph the source doubles as the text, its line
		// ends already the spaces they stand for.
		lineEnd := byte('\n')
		if plain {
			lineEnd = ' '
		}
		var b strings.Builder
		b.Grow(size)
		for i, l := range lines {
			if i > 0 {
				b.WriteByte(lineEnd)
			}
			b.WriteString(l.Text)
		}
		src = b.String()
	}
	c := &Converter{src: src, pos: positioner{lines: lines, starts: starts}, claims: claims}
	if plain {
		// Nothing for goldmark to find, which is most paragraphs.
		return c.scan(out, &textRun{text: src})
	}
	doc := proseParser().Parse(gmtext.NewReader([]byte(src)))
	if doc.FirstChild() == nil {
		return out
	}
	return c.Inlines(out, doc.FirstChild())
}

// mayEmphasize reports whether a line has a run of "*" that could open or
// close emphasis: one with something other than white space beside it. A
// run with white space or the line's edge on both sides is neither left- nor
// right-flanking (CommonMark 6.2), so it is plain text, and goldmark need not
// be asked.
func mayEmphasize(line string) bool {
	for i := 0; i < len(line); {
		star := strings.IndexByte(line[i:], '*')
		if star < 0 {
			return false
		}
		start := i + star
		end := start
		for end < len(line) && line[end] == '*' {
			end++
		}
		if start > 0 && !isSpace(line[start-1]) || end < len(line) && !isSpace(line[end]) {
			return true
		}
		i = end
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// firstLineStart is the line-start table of a one-line text; it is only read.
var firstLineStart = []int{0}

// Converter turns goldmark's inline tree into galley's.
type Converter struct {
	src   string
	flat  string // src with line ends as spaces, for textRun
	pos   positioner
	depth int // how many emphases enclose the inlines being converted
	// claims receives the \claims found, when not nil.
	claims *claimSink
	// markdown is src as bytes when it is a whole Markdown file, whose
	// goldmark makes more kinds of inline (see markdownInline); nil for
	// the markup's prose.
	markdown []byte
	// diags receives a Markdown file's warnings of raw HTML, the last on
	// line htmlLine: one a line is enough.
	diags    *ast.DiagnosticList
	htmlLine int
}

// maxEmphasisDepth is how deep emphasis nests in galley's tree. Emphasis
// in emphasis in emphasis already sets nothing new; deeper levels are kept
// as their text alone. The bound keeps every walk of the tree, in the
// checker and in each writer, from recursing as deep as a hostile
// paragraph's stars go (a 200 MB one could nest thirty million levels).
const maxEmphasisDepth = 32

// Inlines appends the Inlines of parent's children to out.
func (c *Converter) Inlines(out []ast.Inline, parent gmast.Node) []ast.Inline {
	r := textRun{flat: c.flat}
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *gmast.Text:
			c.addText(&r, n)
		case *gmast.Emphasis:
			if c.depth == maxEmphasisDepth {
				c.addTextBelow(&r, n)
				continue
			}
			out = c.scan(out, &r)
			r = textRun{flat: c.flat}
			c.depth++
			inner := c.Inlines(nil, n)
			c.depth--
			out = append(out, &ast.Emphasis{
				InlineNode: ast.InlineNode{Pos: c.pos.at(c.src, n.Pos())},
				Level:      n.Level,
				Inlines:    inner,
			})
		default:
			if c.markdown != nil {
				var done bool
				if out, done = c.markdownInline(out, &r, n); done {
					continue
				}
			}
			// goldmark makes nothing else with the markup's parsers; keep
			// any text a future version might wrap in another node.
			out = c.scan(out, &r)
			r = textRun{flat: c.flat}
			out = c.Inlines(out, n)
		}
	}
	return c.scan(out, &r)
}

// MarkdownConverter returns the converter of a Markdown file's inlines:
// text is the file (or a chunk of it) and src the same as bytes, which
// goldmark reads; lines are its lines, starting at starts in text.
func (p *Parser) MarkdownConverter(text string, src []byte, lines []Line, starts []int) *Converter {
	return &Converter{
		src: text, markdown: src, pos: positioner{lines: lines, starts: starts}, claims: p.Prose.claims, diags: p.Diags,
		// The text of a paragraph is then a slice of flat, not pieces
		// joined, as the markup's is (see textRun).
		flat: strings.ReplaceAll(text, "\n", " "),
	}
}

// Pos returns the position of offset off of the converter's text.
func (c *Converter) Pos(off int) ast.Pos { return c.pos.at(c.src, off) }

// PlainText returns the text of n's inlines, without their markup.
func (c *Converter) PlainText(n gmast.Node) string {
	var run textRun
	c.addTextBelow(&run, n)
	return strings.TrimSpace(run.String())
}

// addText adds a text node, and the space its line end stands for, to r.
// A code span's text (goldmark makes it raw) is taken as written, its
// backslashes kept and its line end a space; Markdown's other text, as
// CommonMark means it, without the backslashes of escaped punctuation and
// with its entity and numeric character references resolved; the
// markup's, without those backslashes, since in a rulebook "&" is text.
func (c *Converter) addText(r *textRun, n *gmast.Text) {
	s, start := c.src[n.Segment.Start:n.Segment.Stop], n.Segment.Start
	if n.IsRaw() {
		if line, ok := strings.CutSuffix(s, "\n"); ok {
			r.add(strings.TrimSuffix(line, "\r"), start)
			r.add(" ", n.Segment.Stop-1)
			return
		}
		r.add(s, start)
		return
	}
	r.addUnescaped(s, start, c.markdown != nil)
	if n.SoftLineBreak() || n.HardLineBreak() {
		r.add(" ", n.Segment.Stop)
	}
}

// addTextBelow adds the text of every node below top to r, in order,
// without recursing: top may hold emphasis nested millions deep.
func (c *Converter) addTextBelow(r *textRun, top gmast.Node) {
	for n := top.FirstChild(); n != nil; {
		switch t := n.(type) {
		case *gmast.Text:
			c.addText(r, t)
		case *gmast.String:
			r.add(string(t.Value), c.offsetOf(t, r))
		}
		if n.FirstChild() != nil {
			n = n.FirstChild()
			continue
		}
		for n != top && n.NextSibling() == nil {
			n = n.Parent()
		}
		if n == top {
			return
		}
		n = n.NextSibling()
	}
}

// textRun is text gathered from several source stretches, with the map back
// to the source: piece i of the run starts at runStart[i] and comes from
// srcStart[i], byte for byte. A run made of the source itself has no pieces
// and maps each offset to itself.
type textRun struct {
	text     string
	runStart []int
	srcStart []int
	pieces   []string
	// flat is the paragraph's source with line ends as spaces. While the
	// pieces follow one another in it, the run is flat[start:end], and
	// neither the pieces nor their map are kept: the common case, a
	// paragraph with emphasis in it.
	flat       string
	contiguous bool
	start, end int
}

func (r *textRun) add(s string, srcStart int) {
	if s == "" {
		return
	}
	end := srcStart + len(s)
	// A piece may differ from the source under it (a line end's space,
	// the Markdown typographer's dash), and may even run past its end.
	inFlat := srcStart >= 0 && end <= len(r.flat) && r.flat[srcStart:end] == s
	switch {
	case r.runStart == nil && !r.contiguous && inFlat:
		r.contiguous, r.start, r.end = true, srcStart, end
		return
	case r.contiguous && srcStart == r.end && inFlat:
		r.end = end
		return
	case r.contiguous:
		r.contiguous = false
		r.runStart = append(r.runStart, 0)
		r.srcStart = append(r.srcStart, r.start)
		r.pieces = append(r.pieces, r.flat[r.start:r.end])
	}
	r.runStart = append(r.runStart, r.len())
	r.srcStart = append(r.srcStart, srcStart)
	r.pieces = append(r.pieces, s)
}

// len returns the length of the run so far.
func (r *textRun) len() int {
	if r.contiguous {
		return r.end - r.start
	}
	if len(r.pieces) == 0 {
		return 0
	}
	last := len(r.pieces) - 1
	return r.runStart[last] + len(r.pieces[last])
}

// String returns the run's text.
func (r *textRun) String() string {
	switch {
	case r.contiguous:
		return r.flat[r.start:r.end]
	case r.runStart == nil:
		return r.text
	}
	return strings.Join(r.pieces, "")
}

// addUnescaped adds s without the backslashes of escaped punctuation, and
// when references is set with its character references resolved (see
// characterReference); a backslash or "&" that starts neither is text,
// and the search goes on after it. An escaped "&" starts no reference:
// "\\&copy;" is "&copy;".
func (r *textRun) addUnescaped(s string, srcStart int, references bool) {
	special := "\\"
	if references {
		special = "\\&"
	}
	from := 0
	for {
		i := strings.IndexAny(s[from:], special)
		if i < 0 {
			r.add(s, srcStart)
			return
		}
		i += from
		if s[i] == '&' {
			chars, n := characterReference(s[i:])
			if n == 0 {
				from = i + 1
				continue
			}
			r.add(s[:i], srcStart)
			r.add(chars, srcStart+i)
			s, srcStart, from = s[i+n:], srcStart+i+n, 0
			continue
		}
		if i+1 >= len(s) || !isASCIIPunct(s[i+1]) {
			from = i + 1
			continue
		}
		r.add(s[:i], srcStart)
		r.add(s[i+1:i+2], srcStart+i+1)
		s, srcStart, from = s[i+2:], srcStart+i+2, 0
	}
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// srcOffset maps an offset in the run to an offset in the source.
func (r *textRun) srcOffset(off int) int {
	switch {
	case r.contiguous:
		return r.start + off
	case r.runStart == nil:
		return off
	}
	i := sort.Search(len(r.runStart), func(i int) bool { return r.runStart[i] > off }) - 1
	if i < 0 {
		return 0
	}
	return r.srcStart[i] + off - r.runStart[i]
}

// positioner maps source offsets to file positions. Offsets asked for in
// increasing order cost only the distance between them, so positioning every
// node of a megabyte-long line stays linear.
type positioner struct {
	lines  []Line
	starts []int
	line   int // cursor: the line, byte offset and column last returned
	off    int
	col    int
}

func (p *positioner) at(src string, off int) ast.Pos {
	line := sort.Search(len(p.starts), func(i int) bool { return p.starts[i] > off }) - 1
	line = max(line, 0)
	if line != p.line || off < p.off || p.col == 0 {
		p.line, p.off, p.col = line, p.starts[line], int(p.lines[line].Col)
	}
	p.col += utf8.RuneCountInString(src[p.off:off])
	p.off = off
	pos := p.lines[line].Pos()
	pos.Col = p.col
	return pos
}
