package parser

import (
	"slices"

	"github.com/galleyhq/galley/parser/ast"
)

// MaxNesting bounds list nesting. Each level re-slices its lines once, so
// without a bound a staircase of indented markers would cost time quadratic
// in its height; no rulebook nests lists this deep.
const MaxNesting = 16

// blockParser turns lines into blocks, file after file of a book.
type blockParser struct {
	Diags *ast.DiagnosticList
	// Prose parses the inlines of the blocks' text; see Prose.go.
	Prose Queue
	// ChunkLines is the fewest lines a chunk of a file's line pass has,
	// 0 for a pass that is never cut (see chunkBlocks).
	ChunkLines int
}

// newBlockParser returns the parser of a book's files, reporting to diags;
// chunkLines is as in blockParser.
func newBlockParser(diags *ast.DiagnosticList, chunkLines int) *blockParser {
	p := &blockParser{Diags: diags, ChunkLines: chunkLines}
	p.Prose.claims = &claimSink{}
	return p
}

// segmentBlocks builds the blocks of a box's segments.
func (p *blockParser) segmentBlocks(segs []segment) []ast.Block {
	b := blockBuilder{p: p, blocks: make([]ast.Block, 0, len(segs))}
	for _, s := range segs {
		b.add(s)
	}
	return b.blocks
}

// blockBuilder builds a container's blocks from its segments, one at a
// time: environments become their nodes, plain stretches go to lineBlocks.
type blockBuilder struct {
	p      *blockParser
	blocks []ast.Block
	// uncaptioned is the table just built: its caption is the first
	// paragraph after its \end, so it is taken from the next stretch.
	uncaptioned *ast.Table
}

func (b *blockBuilder) add(s segment) {
	if s.env != nil {
		block := b.p.environmentBlock(s.env)
		b.blocks = AppendDoubling(b.blocks, block)
		b.uncaptioned, _ = block.(*ast.Table)
		return
	}
	lines := s.lines
	if b.uncaptioned != nil {
		var next int
		b.uncaptioned.Caption, next = b.p.caption(lines, 0, TableCaptionLabels)
		lines = lines[next:]
		b.uncaptioned = nil
	}
	b.blocks = b.p.lineBlocks(b.blocks, lines, 0)
}

// environmentBlock builds the node of one environment.
func (p *blockParser) environmentBlock(env *environment) ast.Block {
	if !env.known {
		return newVerbatim(env)
	}
	switch env.name {
	case "box":
		return p.box(env)
	case "table":
		return p.table(env)
	case "toc":
		return p.toc(env)
	case "coverpage":
		return newCoverPage(env)
	case "charsheet":
		return p.classData(env)
	default: // nolayout
		return newVerbatim(env)
	}
}

// lineBlocks reads plain lines into blocks and appends them to out.
// listDepth counts the list items the lines sit in.
func (p *blockParser) lineBlocks(out []ast.Block, lines []Line, listDepth int) []ast.Block {
	for i := 0; i < len(lines); {
		l := lines[i]
		if l.IsBlank() {
			i++
			continue
		}
		if command := commandName(l.Trimmed()); command != "" {
			var b ast.Block
			if command == "image" {
				b, i = p.image(lines, i)
			} else {
				b, i = p.command(l, command), i+1
			}
			if b != nil {
				out = AppendDoubling(out, b)
			}
			continue
		}
		var b ast.Block
		switch {
		case isHeadingAt(lines, i):
			b, i = newHeading(l, lines[i+1]), i+2
		case isArtLine(l):
			b, i = p.figure(lines, i)
		case isFootnoteRule(l) && startsFootnote(lines, i+1):
			out, i = p.footnotes(out, lines, i+1)
			continue
		case listDepth < MaxNesting && parseListMarker(l).ok:
			b, i = p.list(lines, i, listDepth)
		case isFormulaLine(l):
			b, i = p.formula(lines, i)
		default:
			var para []Line
			para, i = paragraphLines(lines, i, listDepth)
			b = p.paragraph(para)
		}
		out = AppendDoubling(out, b)
	}
	return out
}

// interruptsParagraph reports whether lines[i] starts a new block even
// without a blank line before it.
func interruptsParagraph(lines []Line, i, listDepth int) bool {
	l := lines[i]
	return l.IsBlank() ||
		commandName(l.Trimmed()) != "" ||
		isHeadingAt(lines, i) ||
		isArtLine(l) ||
		listDepth < MaxNesting && parseListMarker(l).ok
}

// paragraphLines returns the lines of the paragraph starting at lines[i]
// and the index after it.
func paragraphLines(lines []Line, i, listDepth int) ([]Line, int) {
	start := i
	for i++; i < len(lines) && !interruptsParagraph(lines, i, listDepth); i++ {
	}
	return lines[start:i], i
}

// AppendDoubling appends v to s, doubling the room in s when it runs out.
// append alone grows a long slice by a quarter at a time, and so allocates
// five times the final size of the longest lists of a book: its blocks, a
// long list's items, a broken book's diagnostics.
func AppendDoubling[S ~[]E, E any](s S, v E) S {
	if len(s) == cap(s) {
		s = slices.Grow(s, len(s)+1)
	}
	return append(s, v)
}
