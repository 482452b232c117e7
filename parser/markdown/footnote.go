package markdown

import (
	"cmp"
	"slices"

	"github.com/yuin/goldmark"
	gmast "github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Footnotes are read as goldmark's footnote extension reads them ("[^1]"
// cites the note "[^1]: …", numbered by its first citation, uncited notes
// left out), into the same nodes, but in time linear in the notes. The
// extension looks each citation's label up by walking every note before
// it, and sorts the notes by number with an insertion sort, which walks
// the sorted notes for each: two squares of the notes, 32 s for a book of
// 30,000. Here a citation looks its label up in a map, and the notes are
// sorted once, as the reader bounds goldmark's nesting and link
// definitions (see limits.go).

// footnoteLabelLimit is the longest label a note may have, a link label's
// as CommonMark bounds it, and goldmark's.
const footnoteLabelLimit = 999

var (
	// footnoteListKey holds the file's *extast.FootnoteList, made with its
	// first note.
	footnoteListKey = gmparser.NewContextKey()
	// footnoteLabelsKey holds the notes by label, made at the first
	// citation, once every note has been read: goldmark reads a file's
	// blocks before any of their inlines.
	footnoteLabelsKey = gmparser.NewContextKey()
)

// markdownFootnotes is the extension that reads footnotes.
type markdownFootnotes struct{}

func (markdownFootnotes) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		gmparser.WithBlockParsers(util.Prioritized(footnoteBlockParser{}, 999)),
		gmparser.WithInlineParsers(util.Prioritized(footnoteCiteParser{}, 101)),
		gmparser.WithASTTransformers(util.Prioritized(footnoteListTransformer{}, 999)),
	)
}

// footnoteBlockParser reads a note, "[^LABEL]: text", with the indented
// lines that continue it, into the file's list of notes.
type footnoteBlockParser struct{}

func (footnoteBlockParser) Trigger() []byte { return []byte{'['} }

func (footnoteBlockParser) Open(parent gmast.Node, reader gmtext.Reader, pc gmparser.Context) (gmast.Node, gmparser.State) {
	line, segment := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || pos+1 >= len(line) || line[pos] != '[' || line[pos+1] != '^' {
		return nil, gmparser.NoChildren
	}
	pos++
	label := line[pos+1 : min(len(line), pos+1+footnoteLabelLimit)]
	closure := util.FindClosure(label, '[', ']', false, false) //nolint:staticcheck // as goldmark finds it
	if closure < 0 {
		return nil, gmparser.NoChildren
	}
	closes := pos + 1 + closure
	if next := closes + 1; next >= len(line) || line[next] != ':' {
		return nil, gmparser.NoChildren
	}
	padding := segment.Padding
	ref := reader.Value(gmtext.NewSegment(segment.Start+pos+1-padding, segment.Start+closes-padding))
	if util.IsBlank(ref) {
		return nil, gmparser.NoChildren
	}
	note := extast.NewFootnote(ref)
	pos = closes + 2 - padding
	if pos >= len(line) {
		reader.Advance(pos)
		return note, gmparser.NoChildren
	}
	reader.AdvanceAndSetPadding(pos, padding)
	return note, gmparser.HasChildren
}

func (footnoteBlockParser) Continue(node gmast.Node, reader gmtext.Reader, pc gmparser.Context) gmparser.State {
	line, _ := reader.PeekLine()
	if util.IsBlank(line) {
		return gmparser.Continue | gmparser.HasChildren
	}
	childpos, padding := util.IndentPosition(line, reader.LineOffset(), 4)
	if childpos < 0 {
		return gmparser.Close
	}
	reader.AdvanceAndSetPadding(childpos, padding)
	return gmparser.Continue | gmparser.HasChildren
}

// Close moves the note into the file's list, which stands where the first
// note was written until the transformer moves it to the file's end.
func (footnoteBlockParser) Close(node gmast.Node, reader gmtext.Reader, pc gmparser.Context) {
	list, _ := pc.Get(footnoteListKey).(*extast.FootnoteList)
	if list == nil {
		list = extast.NewFootnoteList()
		pc.Set(footnoteListKey, list)
		node.Parent().InsertBefore(node.Parent(), node, list)
	}
	node.Parent().RemoveChild(node.Parent(), node)
	list.AppendChild(list, node)
}

func (footnoteBlockParser) CanInterruptParagraph() bool { return true }

func (footnoteBlockParser) CanAcceptIndentedLine() bool { return false }

// footnoteCiteParser reads a citation, "[^LABEL]", of a note the file
// has: the first note of that label, numbered when first cited.
type footnoteCiteParser struct{}

// Trigger is "[", and "!", which goldmark's image parser would otherwise
// take "![^1]" from.
func (footnoteCiteParser) Trigger() []byte { return []byte{'!', '['} }

func (footnoteCiteParser) Parse(parent gmast.Node, block gmtext.Reader, pc gmparser.Context) gmast.Node {
	line, segment := block.PeekLine()
	pos := 1
	if len(line) > 0 && line[0] == '!' {
		pos++
	}
	if pos+1 >= len(line) || line[pos] != '^' {
		return nil
	}
	pos++
	closure := util.FindClosure(line[pos:min(len(line), pos+footnoteLabelLimit)], '[', ']', false, false) //nolint:staticcheck // as goldmark finds it
	if closure < 0 {
		return nil
	}
	closes := pos + closure
	ref := block.Value(gmtext.NewSegment(segment.Start+pos, segment.Start+closes))
	block.Advance(closes + 1)
	list, _ := pc.Get(footnoteListKey).(*extast.FootnoteList)
	if list == nil {
		return nil
	}
	labels, _ := pc.Get(footnoteLabelsKey).(map[string]*extast.Footnote)
	if labels == nil {
		labels = map[string]*extast.Footnote{}
		for n := list.FirstChild(); n != nil; n = n.NextSibling() {
			note := n.(*extast.Footnote)
			if _, ok := labels[string(note.Ref)]; !ok {
				labels[string(note.Ref)] = note
			}
		}
		pc.Set(footnoteLabelsKey, labels)
	}
	note := labels[string(ref)]
	if note == nil {
		return nil
	}
	if note.Index < 0 {
		list.Count++
		note.Index = list.Count
	}
	if line[0] == '!' {
		parent.AppendChild(parent, gmast.NewTextSegment(gmtext.NewSegment(segment.Start, segment.Start+1)))
	}
	return extast.NewFootnoteLink(note.Index)
}

// footnoteListTransformer moves the list of notes to the file's end, the
// notes no citation numbered left out and the others in their numbers'
// order, or takes it away when no note is cited.
type footnoteListTransformer struct{}

func (footnoteListTransformer) Transform(doc *gmast.Document, reader gmtext.Reader, pc gmparser.Context) {
	list, _ := pc.Get(footnoteListKey).(*extast.FootnoteList)
	pc.Set(footnoteListKey, nil)
	pc.Set(footnoteLabelsKey, nil)
	if list == nil {
		return
	}
	var cited []*extast.Footnote
	for n := list.FirstChild(); n != nil; n = n.NextSibling() {
		if note := n.(*extast.Footnote); note.Index >= 0 {
			cited = append(cited, note)
		}
	}
	list.Parent().RemoveChild(list.Parent(), list)
	if len(cited) == 0 {
		return
	}
	slices.SortStableFunc(cited, func(a, b *extast.Footnote) int { return cmp.Compare(a.Index, b.Index) })
	sorted := extast.NewFootnoteList()
	sorted.Count = list.Count
	for _, note := range cited {
		sorted.AppendChild(sorted, note)
	}
	doc.AppendChild(doc, sorted)
}
