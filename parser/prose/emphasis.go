package prose

import (
	gmast "github.com/yuin/goldmark/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
)

// starEmphasisParser is goldmark's emphasis parser restricted to "*": the
// markup uses "_" only for run-in labels, and rules text is full of
// underscores that must stay text (the sheet's "[____%]", footnote rules).
type starEmphasisParser struct{}

func (starEmphasisParser) Trigger() []byte { return []byte{'*'} }

func (starEmphasisParser) Parse(parent gmast.Node, block gmtext.Reader, pc gmparser.Context) gmast.Node {
	before := block.PrecendingCharacter()
	line, segment := block.PeekLine()
	node := gmparser.ScanDelimiter(line, before, 1, starDelimiters{})
	if node == nil {
		return nil
	}
	node.Segment = segment.WithStop(segment.Start + node.OriginalLength)
	block.Advance(node.OriginalLength)
	pc.PushDelimiter(node)
	return node
}

// starDelimiters pairs "*" delimiters into emphasis.
type starDelimiters struct{}

func (starDelimiters) IsDelimiter(b byte) bool { return b == '*' }

func (starDelimiters) CanOpenCloser(opener, closer *gmparser.Delimiter) bool {
	return opener.Char == closer.Char
}

func (starDelimiters) OnMatch(consumes int) gmast.Node { return gmast.NewEmphasis(consumes) }
