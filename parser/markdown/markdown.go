// Package markdown is galley's Markdown reader: goldmark with the
// extensions designers' Markdown uses (GFM tables, strikethrough and
// autolinks, footnotes, definition lists, the typographer), galley's own
// line constructs and Homebrewery's blocks, and a walk that maps goldmark's
// tree onto galley's: the same nodes the markup makes, positioned in the
// file, so that the checker and every writer read a Markdown book as they
// read one in the markup. The text runs of its prose go through the
// readers' own scanner (package prose), so dice, references, footnote
// marks and claims are found as in the markup.
package markdown

import (
	"cmp"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	gmast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// typographicSubstitutions are the typographer's replacements. Quotes and
// apostrophes stay straight: references are written with straight quotes
// (`Section "Decile dice"`), and the writers curl them, as they do the
// markup's (render/typo).
var typographicSubstitutions = map[extension.TypographicPunctuation]string{
	extension.LeftSingleQuote:  "'",
	extension.RightSingleQuote: "'",
	extension.LeftDoubleQuote:  `"`,
	extension.RightDoubleQuote: `"`,
	extension.Apostrophe:       "'",
	extension.EnDash:           "–",
	extension.EmDash:           "—",
	extension.Ellipsis:         "…",
	extension.LeftAngleQuote:   "«",
	extension.RightAngleQuote:  "»",
}

// markdownExtensions are the extensions of galley's Markdown; the
// benchmark parses with goldmark and these alone, for comparison.
func markdownExtensions() []goldmark.Extender {
	return append(markdownSyntax(), extension.NewTypographer(extension.WithTypographicSubstitutions(typographicSubstitutions)))
}

// markdownSyntax are the extensions that read Markdown's constructs, all
// of markdownExtensions but the typographer.
func markdownSyntax() []goldmark.Extender {
	return []goldmark.Extender{
		extension.Table, extension.Strikethrough, extension.Linkify,
		markdownFootnotes{}, extension.DefinitionList,
	}
}

// markdownParser is goldmark as the Markdown reader configures it. It is
// safe for concurrent use.
var markdownParser = sync.OnceValue(func() gmparser.Parser {
	return newMarkdownParser(markdownExtensions(), readerOptions()...)
})

// readerOptions are the reader's own inline parsers and paragraph
// transformers, which come before goldmark's.
func readerOptions() []gmparser.Option {
	return []gmparser.Option{
		gmparser.WithInlineParsers(util.Prioritized(markdownPlainParser{}, 0), util.Prioritized(markdownBracketGuard{}, 0)),
		// Before goldmark's link reference definitions, at 100.
		gmparser.WithParagraphTransformers(util.Prioritized(markdownLinkRefWindows{}, 50)),
	}
}

// newMarkdownParser returns goldmark with the extensions given, the
// reader's block parsers and the options given.
func newMarkdownParser(extensions []goldmark.Extender, opts ...gmparser.Option) gmparser.Parser {
	blocks := gmparser.WithBlockParsers(
		util.Prioritized(markdownBoxParser{}, 50),
		util.Prioritized(markdownCommandParser{}, 50),
	)
	return goldmark.New(
		goldmark.WithExtensions(extensions...),
		goldmark.WithParserOptions(append([]gmparser.Option{blocks}, opts...)...),
	).Parser()
}

// markdownReader maps one Markdown file's goldmark tree onto galley's.
type markdownReader struct {
	p    *prose.Parser
	file *string
	// src is text as bytes, which goldmark reads.
	src  []byte
	text string
	// blocks are the blocks read.
	blocks []ast.Block
	// inlines converts prose; its positioner maps offsets in text to
	// positions.
	inlines *prose.Converter
	// headings are the file's headings with their Markdown levels: once
	// all are read, those of the shallowest level the file uses are
	// chapters, deeper ones sections.
	headings []markdownHeading
	// last is the position of the last node placed, for the few nodes
	// goldmark gives no offset.
	last ast.Pos
	// capitals are the top-level paragraphs that are one line in
	// capitals, with their text: an outline's headings, in a file without
	// any other (see readOutline).
	capitals map[ast.Block]string
}

// Read reads the Markdown file f, named name, into blocks; their inlines
// are parsed by p's prose queue. A long file is read in chunks, at once,
// on every core (see markdownCuts).
func Read(p *prose.Parser, name string, f *prose.File) []ast.Block {
	lines := make([]prose.Line, len(f.Ends))
	starts := make([]int, len(f.Ends)+1)
	for i := range f.Ends {
		if i > 0 {
			starts[i] = f.Ends[i-1] + 1
		}
		lines[i] = prose.Line{Text: strings.TrimSuffix(f.Text[starts[i]:f.Ends[i]], "\r"), File: &name, Num: int32(i + 1), Col: 1}
	}
	starts[len(f.Ends)] = len(f.Text)
	if len(lines) == 0 {
		return []ast.Block{}
	}
	bounds := append(append([]int{0}, markdownCuts(lines, min(p.ChunkLines, markdownChunkLines))...), len(lines))
	chunks := make([]*markdownReader, len(bounds)-1)
	diags := make([]ast.DiagnosticList, len(chunks))
	parallel.For(len(chunks), func(i int) {
		cp := p.Chunk(&diags[i])
		from, to := bounds[i], bounds[i+1]
		chunks[i] = readMarkdown(cp, f.Text[starts[from]:starts[to]], lines[from:to], starts[from:to])
		cp.Prose.Wait()
	})
	// Never nil, so that an empty file's tree says so: "blocks": [].
	blocks := make([]ast.Block, 0, len(chunks[0].blocks))
	chapterLevel := 6
	for i, r := range chunks {
		blocks = append(blocks, r.blocks...)
		*p.Diags = append(*p.Diags, diags[i]...)
		for _, h := range r.headings {
			chapterLevel = min(chapterLevel, h.level)
		}
	}
	headings := 0
	for _, r := range chunks {
		for _, h := range r.headings {
			if h.level == chapterLevel {
				h.Level = 1
			}
		}
		headings += len(r.headings)
	}
	// A file without headings is cut nowhere: its one chunk has all of
	// its capitals.
	if headings == 0 && len(chunks[0].capitals) > 0 {
		readOutline(blocks, chunks[0].capitals)
	}
	return blocks
}

// readMarkdown reads text, whose lines are lines and start at starts in
// the file, and returns the reader with its blocks.
func readMarkdown(p *prose.Parser, text string, lines []prose.Line, starts []int) *markdownReader {
	r := &markdownReader{p: p, file: lines[0].File, text: text, last: lines[0].Pos()}
	// Offsets are the text's own: each line's start less the text's.
	local := make([]int, len(starts))
	for i, s := range starts {
		local[i] = s - starts[0]
	}
	r.src = []byte(text)
	r.inlines = p.MarkdownConverter(text, r.src, lines, local)
	r.limitNesting(r.src, lines, local)
	pc := gmparser.NewContext()
	doc := markdownParser().Parse(gmtext.NewReader(r.src), gmparser.WithContext(pc))
	r.warnDeepBrackets(pc)
	r.blocks = r.readBlocks(make([]ast.Block, 0, doc.ChildCount()), doc.FirstChild(), 0)
	return r
}

// markdownHeading is a heading and its Markdown level, 1 for "#".
type markdownHeading struct {
	*ast.Heading
	level int
}

// pos returns the position of offset off of the file, or the last one
// placed when off is -1 (a node goldmark did not place).
func (r *markdownReader) pos(off int) ast.Pos {
	if off >= 0 && off <= len(r.text) {
		r.last = r.inlines.Pos(off)
	}
	return r.last
}

// nodePos returns the position of a block, at its first line's text when
// it has lines.
func (r *markdownReader) nodePos(n gmast.Node) ast.Pos {
	if n.Type() == gmast.TypeBlock && n.Lines().Len() > 0 {
		return r.pos(n.Lines().At(0).Start)
	}
	return r.pos(n.Pos())
}

// line returns the file's text of seg, which lies on one line, as a line
// of the markup's readers.
func (r *markdownReader) line(seg gmtext.Segment) prose.Line {
	at := r.pos(seg.Start)
	text := strings.TrimRight(r.text[seg.Start:seg.Stop], "\r\n")
	return prose.Line{Text: text, File: r.file, Num: int32(at.Line), Col: int32(at.Col)}
}

// segmentLines returns the lines of a block as the markup's readers take
// them.
func (r *markdownReader) segmentLines(n gmast.Node) []prose.Line {
	lines := make([]prose.Line, n.Lines().Len())
	for i := range lines {
		lines[i] = r.line(n.Lines().At(i))
	}
	return lines
}

// blocks appends the blocks of first and the nodes after it to out. depth
// counts the containers they sit in; past MaxNesting a container's
// blocks join its parent's, so that no walk of the tree recurses as deep
// as a hostile file nests block quotes.
func (r *markdownReader) readBlocks(out []ast.Block, first gmast.Node, depth int) []ast.Block {
	// uncaptioned is the caption of the table or picture just read, which
	// the next paragraph may be, and labels the labels it may have.
	var uncaptioned **ast.Caption
	var labels []string
	for n := first; n != nil; n = n.NextSibling() {
		if depth >= prose.MaxNesting && isContainer(n) {
			out = r.readBlocks(out, n.FirstChild(), depth)
			continue
		}
		if uncaptioned != nil {
			caption := uncaptioned
			uncaptioned = nil
			if _, ok := n.(*gmast.Paragraph); ok {
				if *caption = r.p.Caption(r.segmentLines(n), labels); *caption != nil {
					continue
				}
			}
		}
		var b ast.Block
		switch n := n.(type) {
		case *gmast.Heading:
			if h := r.heading(n); h != nil {
				b = h
			}
		case *gmast.Paragraph:
			if img := r.image(n); img != nil {
				b, uncaptioned, labels = img, &img.Caption, prose.FigureCaptionLabels
				break
			}
			b = r.paragraph(n)
			if depth == 0 && b != nil && n.Lines().Len() == 1 {
				r.noteCapitals(b, n.Lines().At(0))
			}
		case *gmast.TextBlock:
			b = r.paragraph(n)
		case *gmast.List:
			b = r.list(n, depth)
		case *gmast.Blockquote:
			b = r.box(n, "", depth)
		case *markdownBox:
			if n.monster {
				b = r.statBlock(n, depth)
			} else {
				b = r.box(n, n.title, depth)
			}
		case *markdownCommand:
			b = r.command(n)
		case *gmast.FencedCodeBlock:
			b = r.fencedCode(n)
		case *gmast.CodeBlock:
			b = r.verbatim(n, "code")
		case *extast.Table:
			t := r.table(n)
			b, uncaptioned, labels = t, &t.Caption, prose.TableCaptionLabels
		case *extast.FootnoteList:
			out = r.footnotes(out, n)
			continue
		case *extast.DefinitionList:
			out = r.definitions(out, n, depth)
			continue
		case *gmast.HTMLBlock:
			if n.HTMLBlockType != gmast.HTMLBlockType2 { // a comment says nothing
				r.p.Diags.Warnf(r.pos(n.Pos()), "markdown/html", prose.RawHTMLWarning)
			}
			continue
		case *gmast.ThematicBreak:
			continue
		default: // a list item out of its list
			out = r.readBlocks(out, n.FirstChild(), depth)
			continue
		}
		if b != nil {
			out = prose.AppendDoubling(out, b)
		}
	}
	return out
}

// isContainer reports whether n is a block that holds blocks.
func isContainer(n gmast.Node) bool {
	return n.Type() == gmast.TypeBlock && n.FirstChild() != nil && n.FirstChild().Type() == gmast.TypeBlock
}

// heading returns a heading, or nil for one with no text ("#", or raw HTML
// alone), which is an error and left out: every part titles a page, a
// contents entry or a bookmark with a heading, and none can with nothing
// (an EPUB with an empty one is invalid).
func (r *markdownReader) heading(n *gmast.Heading) *ast.Heading {
	h := &ast.Heading{BlockNode: ast.BlockNode{Pos: r.nodePos(n)}, Level: 2, Title: r.plainText(n)}
	if h.Title == "" {
		r.p.Diags.Errorf(r.pos(n.Pos()), "heading/empty", "a heading with no text: write its title, or delete the line")
		return nil
	}
	r.headings = append(r.headings, markdownHeading{h, n.Level})
	return h
}

// plainText returns the text of n's inlines, without their markup.
func (r *markdownReader) plainText(n gmast.Node) string {
	return r.inlines.PlainText(n)
}

// paragraph returns the paragraph of n's inlines, or nil when it has none
// (a line of raw HTML).
func (r *markdownReader) paragraph(n gmast.Node) ast.Block {
	para := &ast.Paragraph{BlockNode: ast.BlockNode{Pos: r.nodePos(n)}}
	para.Inlines = r.inlines.Inlines(nil, n)
	if len(para.Inlines) == 0 {
		return nil
	}
	return para
}

func (r *markdownReader) list(n *gmast.List, depth int) *ast.List {
	list := &ast.List{BlockNode: ast.BlockNode{Pos: r.pos(n.Pos())}, Ordered: n.IsOrdered()}
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		li := &ast.ListItem{BlockNode: ast.BlockNode{Pos: r.pos(item.Pos())}}
		if list.Ordered {
			li.Number = r.writtenNumber(item.Pos())
		}
		li.Blocks = r.readBlocks(nil, item.FirstChild(), depth+1)
		list.Items = prose.AppendDoubling(list.Items, li)
	}
	return list
}

// writtenNumber returns the number of the ordered list marker at offset
// off: the checks warn of a list that skips one, which goldmark's start
// number alone would hide.
func (r *markdownReader) writtenNumber(off int) int {
	if off < 0 {
		return 0
	}
	s := strings.TrimLeft(r.text[off:min(off+16, len(r.text))], " \t")
	n := 0
	for i := 0; i < len(s) && i < 9 && isDigit(s[i]); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// box returns the box of a Homebrewery block, a \begin{box} block or a
// block quote. A box whose title is not written takes the heading it
// starts with, as a Homebrewery note or stat block starts with its name.
func (r *markdownReader) box(n gmast.Node, title string, depth int) ast.Block {
	b := &ast.Box{BlockNode: ast.BlockNode{Pos: r.pos(n.Pos())}, Title: title}
	titlePos := b.Pos
	first := n.FirstChild()
	if h, ok := first.(*gmast.Heading); ok && title == "" {
		b.Title, titlePos = r.plainText(h), r.nodePos(h)
		first = first.NextSibling()
	}
	prose.ClassifyBox(b, titlePos)
	b.Blocks = r.readBlocks(nil, first, depth+1)
	return b
}

// statBlock returns a Homebrewery {{monster}} block as a stat block
// titled by its first heading. Its rating lines are told from its prose
// once their inlines are read (see prose.Parser.Finish).
func (r *markdownReader) statBlock(n *markdownBox, depth int) ast.Block {
	s := &ast.StatBlock{BlockNode: ast.BlockNode{Pos: r.pos(n.Pos())}}
	first := n.FirstChild()
	if h, ok := first.(*gmast.Heading); ok {
		s.Title = r.plainText(h)
		first = first.NextSibling()
	}
	s.Blocks = r.readBlocks(nil, first, depth+1)
	return s
}

// fencedCode returns the class data of a ```charsheet CLASS block, and the
// verbatim text of any other.
func (r *markdownReader) fencedCode(n *gmast.FencedCodeBlock) ast.Block {
	info := ""
	if n.Info != nil {
		info = strings.TrimSpace(string(n.Info.Segment.Value(r.src)))
	}
	name, arg, _ := strings.Cut(info, " ")
	if name != "charsheet" {
		v := r.verbatim(n, cmp.Or(name, "code"))
		v.Language = name
		return v
	}
	// The fence's line, from its start, is the markup's \begin line: the
	// class is at the end of it.
	infoEnd := n.Info.Segment.Stop
	lineStart := strings.LastIndexByte(r.text[:infoEnd], '\n') + 1
	arg = strings.TrimSpace(arg)
	begin := r.line(gmtext.NewSegment(lineStart, infoEnd))
	return r.p.ClassData(begin.FirstTextPos(), arg, r.segmentLines(n))
}

// verbatim returns a code block's lines as verbatim text named name.
func (r *markdownReader) verbatim(n gmast.Node, name string) *ast.Verbatim {
	v := &ast.Verbatim{BlockNode: ast.BlockNode{Pos: r.pos(n.Pos())}, Name: name, Lines: make([]string, n.Lines().Len())}
	for i := range v.Lines {
		seg := n.Lines().At(i)
		v.Lines[i] = strings.TrimRight(r.text[seg.Start:seg.Stop], "\r\n")
	}
	if len(v.Lines) > 0 {
		v.Start = r.pos(n.Lines().At(0).Start)
	}
	return v
}

// command returns the block of a command line: the markup's commands, and
// Homebrewery's \page, a page break in every part. Homebrewery's \column
// makes nothing: galley balances its own columns.
func (r *markdownReader) command(n *markdownCommand) ast.Block {
	l := r.line(n.Lines().At(0))
	switch n.name {
	case "page":
		return &ast.PageBreak{BlockNode: ast.BlockNode{Pos: l.FirstTextPos()}, All: true}
	case "column":
		return nil
	}
	return r.p.LineCommand(l, n.name)
}

// table returns a pipe table, whose cells are written as in the file, "\|"
// as "|".
func (r *markdownReader) table(n *extast.Table) *ast.Table {
	t := &ast.Table{BlockNode: ast.BlockNode{Pos: r.pos(n.Pos())}, Gap: prose.DefaultTableGap, ParseCell: prose.ParseCell}
	t.OptionsPos = t.Pos
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		cells := make([]ast.Cell, row.ChildCount())
		pointers := make([]*ast.Cell, len(cells))
		i := 0
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			cell := &cells[i]
			cell.Table = t
			if c.Lines().Len() > 0 {
				seg := c.Lines().At(0)
				cell.Pos = r.pos(seg.Start)
				cell.Text = prose.ResolveReferences(strings.ReplaceAll(r.text[seg.Start:seg.Stop], `\|`, "|"))
			} else {
				cell.Pos = r.pos(c.Pos())
			}
			pointers[i] = cell
			i++
		}
		if _, ok := row.(*extast.TableHeader); ok {
			t.Header = pointers
			continue
		}
		t.Rows = append(t.Rows, pointers)
	}
	return t
}

// footnotes appends the footnotes goldmark gathered at the file's end, each
// numbered by its first reference's place, as its marks are.
func (r *markdownReader) footnotes(out []ast.Block, list *extast.FootnoteList) []ast.Block {
	for n := list.FirstChild(); n != nil; n = n.NextSibling() {
		fn, ok := n.(*extast.Footnote)
		if !ok {
			continue
		}
		note := &ast.Footnote{BlockNode: ast.BlockNode{Pos: r.pos(fn.Pos())}, Number: fn.Index}
		for para := fn.FirstChild(); para != nil; para = para.NextSibling() {
			note.Inlines = r.inlines.Inlines(note.Inlines, para)
		}
		out = append(out, note)
	}
	return out
}

// definitions appends a definition list as paragraphs: each term in bold,
// then its definitions' blocks.
func (r *markdownReader) definitions(out []ast.Block, list *extast.DefinitionList, depth int) []ast.Block {
	for n := list.FirstChild(); n != nil; n = n.NextSibling() {
		if term, ok := n.(*extast.DefinitionTerm); ok {
			at := r.nodePos(term)
			strong := &ast.Emphasis{InlineNode: ast.InlineNode{Pos: at}, Level: 2, Inlines: r.inlines.Inlines(nil, term)}
			var para ast.Block = &ast.Paragraph{BlockNode: ast.BlockNode{Pos: at}, Inlines: []ast.Inline{strong}}
			out = prose.AppendDoubling(out, para)
			continue
		}
		out = r.readBlocks(out, n.FirstChild(), depth+1)
	}
	return out
}
