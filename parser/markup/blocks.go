package markup

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// blockParser turns a file's lines into blocks: the markup's reader, with
// the state every reader of a book shares.
type blockParser struct{ *prose.Parser }

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
		b.blocks = prose.AppendDoubling(b.blocks, block)
		b.uncaptioned, _ = block.(*ast.Table)
		return
	}
	lines := s.lines
	if b.uncaptioned != nil {
		var next int
		b.uncaptioned.Caption, next = b.p.caption(lines, 0, prose.TableCaptionLabels)
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
		return p.ClassData(env.begin.FirstTextPos(), env.arg, env.content)
	default: // nolayout
		return newVerbatim(env)
	}
}

// lineBlocks reads plain lines into blocks and appends them to out.
// listDepth counts the list items the lines sit in.
func (p *blockParser) lineBlocks(out []ast.Block, lines []prose.Line, listDepth int) []ast.Block {
	for i := 0; i < len(lines); {
		l := lines[i]
		if l.IsBlank() {
			i++
			continue
		}
		if command := prose.CommandName(l.Trimmed()); command != "" {
			var b ast.Block
			switch command {
			case "image":
				b, i = p.image(lines, i)
			case "alt":
				b, i = p.altFigure(lines, i)
			default:
				b, i = p.command(l, command), i+1
			}
			if b != nil {
				out = prose.AppendDoubling(out, b)
			}
			continue
		}
		var b ast.Block
		switch {
		case isHeadingAt(lines, i):
			b, i = newHeading(l, lines[i+1]), i+2
		case isArtLine(l):
			b, i = p.figure(lines, i, "")
		case isFootnoteRule(l) && startsFootnote(lines, i+1):
			out, i = p.footnotes(out, lines, i+1)
			continue
		case listDepth < prose.MaxNesting && parseListMarker(l).ok:
			b, i = p.list(lines, i, listDepth)
		case isFormulaLine(l):
			b, i = p.formula(lines, i)
		default:
			var para []prose.Line
			para, i = paragraphLines(lines, i, listDepth)
			b = p.Paragraph(para)
		}
		out = prose.AppendDoubling(out, b)
	}
	return out
}

// interruptsParagraph reports whether lines[i] starts a new block even
// without a blank line before it.
func interruptsParagraph(lines []prose.Line, i, listDepth int) bool {
	l := lines[i]
	return l.IsBlank() ||
		prose.CommandName(l.Trimmed()) != "" ||
		isHeadingAt(lines, i) ||
		isArtLine(l) ||
		listDepth < prose.MaxNesting && parseListMarker(l).ok
}

// paragraphLines returns the lines of the paragraph starting at lines[i]
// and the index after it.
func paragraphLines(lines []prose.Line, i, listDepth int) ([]prose.Line, int) {
	start := i
	for i++; i < len(lines) && !interruptsParagraph(lines, i, listDepth); i++ {
	}
	return lines[start:i], i
}
