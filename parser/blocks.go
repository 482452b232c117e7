package parser

// maxListDepth bounds list nesting. Each level re-slices its lines once, so
// without a bound a staircase of indented markers would cost time quadratic
// in its height; no rulebook nests lists this deep.
const maxListDepth = 16

// blockParser turns lines into blocks for one file.
type blockParser struct {
	diags *DiagnosticList
}

// segmentBlocks builds the blocks of a container's segments: environments
// become their nodes, plain stretches go to lineBlocks. A table's caption is
// the first paragraph after its \end, so it is taken from the next stretch.
func (p *blockParser) segmentBlocks(segs []segment) []Block {
	out := make([]Block, 0, len(segs))
	var uncaptioned *Table
	for _, s := range segs {
		if s.env != nil {
			b := p.environmentBlock(s.env)
			if b == nil {
				continue
			}
			out = append(out, b)
			uncaptioned, _ = b.(*Table)
			continue
		}
		lines := s.lines
		if uncaptioned != nil {
			var next int
			uncaptioned.Caption, next = p.caption(lines, 0, tableCaptionLabels)
			lines = lines[next:]
			uncaptioned = nil
		}
		out = append(out, p.lineBlocks(lines, 0)...)
	}
	return out
}

// environmentBlock builds the node of one environment.
func (p *blockParser) environmentBlock(env *environment) Block {
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

// lineBlocks reads plain lines into blocks. listDepth counts the list items
// the lines sit in.
func (p *blockParser) lineBlocks(lines []sourceLine, listDepth int) []Block {
	var out []Block
	for i := 0; i < len(lines); {
		l := lines[i]
		if l.isBlank() {
			i++
			continue
		}
		if command := commandName(l.trimmed()); command != "" {
			if b := p.command(l, command); b != nil {
				out = append(out, b)
			}
			i++
			continue
		}
		var b Block
		switch {
		case isHeadingAt(lines, i):
			b, i = newHeading(l, lines[i+1]), i+2
		case isArtLine(l):
			b, i = p.figure(lines, i)
		case isFootnoteRule(l) && startsFootnote(lines, i+1):
			var notes []Block
			notes, i = p.footnotes(lines, i+1)
			out = append(out, notes...)
			continue
		case listDepth < maxListDepth && parseListMarker(l).ok:
			b, i = p.list(lines, i, listDepth)
		case isFormulaLine(l):
			b, i = p.formula(lines, i)
		default:
			var para []sourceLine
			para, i = paragraphLines(lines, i, listDepth)
			b = p.paragraph(para)
		}
		out = append(out, b)
	}
	return out
}

// interruptsParagraph reports whether lines[i] starts a new block even
// without a blank line before it.
func interruptsParagraph(lines []sourceLine, i, listDepth int) bool {
	l := lines[i]
	return l.isBlank() ||
		commandName(l.trimmed()) != "" ||
		isHeadingAt(lines, i) ||
		isArtLine(l) ||
		listDepth < maxListDepth && parseListMarker(l).ok
}

// paragraphLines returns the lines of the paragraph starting at lines[i]
// and the index after it.
func paragraphLines(lines []sourceLine, i, listDepth int) ([]sourceLine, int) {
	start := i
	for i++; i < len(lines) && !interruptsParagraph(lines, i, listDepth); i++ {
	}
	return lines[start:i], i
}
