package markdown

import (
	"bytes"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
	gmast "github.com/yuin/goldmark/ast"
)

// image returns the picture of a paragraph that is one Markdown image and
// nothing else, ![ALT](PATH "TITLE"), with a width after it in Pandoc's
// attribute syntax if the author gives one, {width=50%}; nil for any other
// paragraph, whose images stay in its text as their alt text.
func (r *markdownReader) image(para *gmast.Paragraph) *ast.Image {
	n, ok := para.FirstChild().(*gmast.Image)
	if !ok {
		return nil
	}
	width := ""
	if rest := n.NextSibling(); rest != nil {
		t, ok := rest.(*gmast.Text)
		if !ok || rest.NextSibling() != nil {
			return nil
		}
		attr := strings.TrimSpace(string(t.Segment.Value(r.src)))
		if width, ok = cutWidthAttribute(attr); !ok {
			return nil
		}
	}
	img := &ast.Image{BlockNode: ast.BlockNode{Pos: r.pos(n.Pos())}, Path: string(n.Destination), Title: string(n.Title), Alt: r.plainText(n)}
	img.PathPos = r.pos(r.destinationAt(n))
	if width != "" {
		if img.Width, ok = prose.ParseImageWidth(width); !ok {
			r.p.Diags.Errorf(img.Pos, "image/width", `image width "`+width+`" is neither a share of the column up to 100% ("50%") nor millimetres ("60mm")`)
		}
	}
	return img
}

// cutWidthAttribute reads "{width=50%}", and reports whether attr is one.
func cutWidthAttribute(attr string) (string, bool) {
	inner, ok := strings.CutPrefix(attr, "{width=")
	if !ok || !strings.HasSuffix(inner, "}") {
		return "", false
	}
	return strings.TrimSpace(strings.TrimSuffix(inner, "}")), true
}

// destinationAt returns where the image's path is written: after the "]("
// that follows its alt text, or at the image itself when goldmark's text
// is not found there (a path written through a reference definition).
func (r *markdownReader) destinationAt(n *gmast.Image) int {
	start := n.Pos()
	if start < 0 {
		return start
	}
	open := strings.Index(r.text[start:], "](")
	if open < 0 {
		return start
	}
	at := start + open + 2
	at += len(r.text[at:]) - len(strings.TrimLeft(r.text[at:], " \t<"))
	if !bytes.HasPrefix(r.src[at:], n.Destination) {
		return start
	}
	return at
}
