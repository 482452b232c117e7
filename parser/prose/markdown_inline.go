package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	gmast "github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
)

// markdownInline converts an inline node that only the Markdown reader's
// goldmark makes, and reports whether n was one. Its text joins the run r,
// to be scanned with the text around it; a footnote link ends the run.
func (c *Converter) markdownInline(out []ast.Inline, r *textRun, n gmast.Node) ([]ast.Inline, bool) {
	switch n := n.(type) {
	case *gmast.String: // the typographer's dashes and ellipses
		r.add(string(n.Value), c.offsetOf(n, r))
	case *gmast.AutoLink:
		r.add(string(n.Label(c.markdown)), c.offsetOf(n, r))
	case *gmast.RawHTML:
		// Left out, as raw HTML blocks are, with the same warning: no
		// part can print it. An HTML comment says nothing.
		if n.Segments.Len() > 0 && !strings.HasPrefix(c.src[n.Segments.At(0).Start:], "<!--") {
			at := c.pos.at(c.src, n.Segments.At(0).Start)
			if at.Line != c.htmlLine {
				c.htmlLine = at.Line
				c.diags.Warnf(at, "markdown/html", RawHTMLWarning)
			}
		}
	case *extast.FootnoteLink:
		at := c.offsetOf(n, r)
		out = c.scan(out, r)
		*r = textRun{flat: c.flat}
		out = append(out, &ast.FootnoteRef{InlineNode: ast.InlineNode{Pos: c.pos.at(c.src, at)}, Number: n.Index})
	default:
		return out, false
	}
	return out, true
}

// RawHTMLWarning is the warning of Markdown's raw HTML, a block or inline.
const RawHTMLWarning = "raw HTML is left out of every part: galley writes a site, a PDF and an ASCII book from the same text, so write it in Markdown"

// offsetOf returns where n starts in the source. goldmark does not place
// the typographer's quotes; one stands where the text before it ends, or
// first after the node before it (a code span: "`6`\""), or where the node
// holding it starts.
func (c *Converter) offsetOf(n gmast.Node, r *textRun) int {
	if at := n.Pos(); at >= 0 && at <= len(c.src) {
		return at
	}
	if len(r.pieces) > 0 || r.contiguous {
		return min(r.srcEnd(), len(c.src))
	}
	if s, ok := n.(*gmast.String); ok {
		if from := c.endBefore(n); from >= 0 {
			if i := strings.Index(c.src[from:], typographerSpelling(string(s.Value))); i >= 0 {
				return from + i
			}
		}
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == gmast.TypeBlock && p.Lines().Len() > 0 {
			return p.Lines().At(0).Start
		}
		if at := p.Pos(); at >= 0 && at <= len(c.src) {
			return at
		}
	}
	return 0
}

// srcEnd returns where the run's last piece ends in the source.
func (r *textRun) srcEnd() int {
	if r.contiguous || len(r.pieces) == 0 {
		return r.end
	}
	last := len(r.pieces) - 1
	return r.srcStart[last] + len(r.pieces[last])
}

// endBefore returns where the text of the nearest node before n, in n's
// parent, ends in the source, or -1 when no node before it holds text
// goldmark placed.
func (c *Converter) endBefore(n gmast.Node) int {
	for p := n.PreviousSibling(); p != nil; p = p.PreviousSibling() {
		// The last text below p, found without recursing.
		for last := p; last != nil; last = last.LastChild() {
			if t, ok := last.(*gmast.Text); ok && t.Segment.Stop <= len(c.src) {
				return t.Segment.Stop
			}
		}
	}
	return -1
}

// typographerSpelling returns what the typographer replaced by value: the
// quotes are kept as written (see the Markdown reader's substitutions),
// the dashes, the ellipsis and the angle quotes are spelled out.
func typographerSpelling(value string) string {
	switch value {
	case "–":
		return "--"
	case "—":
		return "---"
	case "…":
		return "..."
	case "«":
		return "<<"
	case "»":
		return ">>"
	}
	return value
}
