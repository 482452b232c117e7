package markdown

import (
	"bytes"
	"slices"
	"strings"

	"github.com/galleyhq/galley/parser/prose"
	gmast "github.com/yuin/goldmark/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmtext "github.com/yuin/goldmark/text"
)

// galley's block constructs in Markdown are goldmark block parsers, so that
// goldmark's own blocks (lists, quotes, fences) stop where they start, as
// a heading stops a paragraph.

// markdownBox is a Homebrewery block, from a line "{{note" or
// "{{monster,frame" to a line "}}", or the markup's \begin{box}[Title] to
// \end{box}. Its content is Markdown. Boxes nest: a closing line closes
// the innermost box open.
type markdownBox struct {
	gmast.BaseBlock
	title  string
	closer string
	// monster is set for a Homebrewery stat block, "{{monster" with any
	// classes after it ("{{monster,frame,wide").
	monster bool
}

var kindMarkdownBox = gmast.NewNodeKind("GalleyBox")

func (*markdownBox) Kind() gmast.NodeKind { return kindMarkdownBox }

func (n *markdownBox) Dump(source []byte, level int) {
	gmast.DumpHelper(n, source, level, map[string]string{"Title": n.title}, nil)
}

// markdownBoxParser opens and closes markdownBoxes.
type markdownBoxParser struct{}

func (markdownBoxParser) Trigger() []byte { return []byte{'{', '\\'} }

func (markdownBoxParser) Open(parent gmast.Node, reader gmtext.Reader, pc gmparser.Context) (gmast.Node, gmparser.State) {
	line, _ := reader.PeekLine()
	t := string(bytes.TrimSpace(line))
	if openBoxes(pc) >= prose.MaxNesting {
		// Every line asks each open box whether it closes it, so boxes
		// nest only as deep as lists do: a line deeper is text.
		return nil, gmparser.NoChildren
	}
	box := &markdownBox{}
	switch {
	case isHomebreweryOpener(t):
		box.closer = "}}"
		box.monster = slices.Contains(strings.Split(t[len("{{"):], ","), "monster")
	case strings.HasPrefix(t, `\begin{box}`):
		env, problem := prose.ParseEnvLine(t, "begin")
		if problem != "" {
			return nil, gmparser.NoChildren
		}
		box.title, box.closer = strings.TrimSpace(env.Arg), `\end{box}`
	default:
		return nil, gmparser.NoChildren
	}
	reader.Advance(len(bytes.TrimRight(line, "\r\n")))
	return box, gmparser.HasChildren
}

// isHomebreweryOpener reports whether a trimmed line opens a Homebrewery
// block: "{{" and its classes, "{{note" or "{{monster,frame,wide", and
// nothing else; "{{" with text after the classes is an inline span.
func isHomebreweryOpener(t string) bool {
	classes, ok := strings.CutPrefix(t, "{{")
	return ok && !strings.ContainsAny(classes, " \t}")
}

func (markdownBoxParser) Continue(node gmast.Node, reader gmtext.Reader, pc gmparser.Context) gmparser.State {
	box := node.(*markdownBox)
	line, _ := reader.PeekLine()
	if string(bytes.TrimSpace(line)) != box.closer || innerBoxOpen(box, pc) {
		return gmparser.Continue | gmparser.HasChildren
	}
	reader.Advance(len(bytes.TrimRight(line, "\r\n")))
	return gmparser.Close
}

// openBoxes returns how many boxes are open.
func openBoxes(pc gmparser.Context) int {
	n := 0
	for _, b := range pc.OpenedBlocks() {
		if _, ok := b.Node.(*markdownBox); ok {
			n++
		}
	}
	return n
}

// innerBoxOpen reports whether a box that box holds is open, and so takes
// the closing line before it does.
func innerBoxOpen(box *markdownBox, pc gmparser.Context) bool {
	open := pc.OpenedBlocks()
	at := slices.IndexFunc(open, func(b gmparser.Block) bool { return b.Node == box })
	return slices.ContainsFunc(open[at+1:], func(b gmparser.Block) bool {
		inner, ok := b.Node.(*markdownBox)
		return ok && inner.closer == box.closer
	})
}

func (markdownBoxParser) Close(gmast.Node, gmtext.Reader, gmparser.Context) {}

func (markdownBoxParser) CanInterruptParagraph() bool { return true }

func (markdownBoxParser) CanAcceptIndentedLine() bool { return false }

// markdownCommand is a line of one of markdownCommands; its one line is
// the command as written.
type markdownCommand struct {
	gmast.BaseBlock
	name string
}

var kindMarkdownCommand = gmast.NewNodeKind("GalleyCommand")

func (*markdownCommand) Kind() gmast.NodeKind { return kindMarkdownCommand }

func (n *markdownCommand) Dump(source []byte, level int) {
	gmast.DumpHelper(n, source, level, map[string]string{"Name": n.name}, nil)
}

// markdownCommands are the commands a Markdown line may be: the markup's,
// and Homebrewery's page and column breaks. Any other backslash starting a
// line is text, as Markdown writers expect.
var markdownCommands = []string{"newpage", "charsheet", "odds", "page", "column"}

// markdownCommandParser reads command lines.
type markdownCommandParser struct{}

func (markdownCommandParser) Trigger() []byte { return []byte{'\\'} }

func (markdownCommandParser) Open(parent gmast.Node, reader gmtext.Reader, pc gmparser.Context) (gmast.Node, gmparser.State) {
	line, seg := reader.PeekLine()
	name := prose.CommandName(string(bytes.TrimSpace(line)))
	if !slices.Contains(markdownCommands, name) {
		return nil, gmparser.NoChildren
	}
	n := &markdownCommand{name: name}
	text := bytes.TrimRight(line, "\r\n")
	n.Lines().Append(gmtext.NewSegment(seg.Start, seg.Start+len(text)))
	reader.Advance(len(text))
	return n, gmparser.NoChildren
}

func (markdownCommandParser) Continue(gmast.Node, gmtext.Reader, gmparser.Context) gmparser.State {
	return gmparser.Close
}

func (markdownCommandParser) Close(gmast.Node, gmtext.Reader, gmparser.Context) {}

func (markdownCommandParser) CanInterruptParagraph() bool { return true }

func (markdownCommandParser) CanAcceptIndentedLine() bool { return false }
