package makeup

import (
	"strings"
	"unicode"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

// words splits text into the words a reader would look for: the runs of
// its letters and digits. Punctuation, which the PDF sets typographically
// (curly quotes, dashes, the ellipsis), and the signs of art are left out.
func words(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) })
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// manuscriptWords counts the words of the text the PDF book prints of a
// book's tree: every block's but those drawn otherwise than as the
// manuscript writes them (the character sheets, drawn from their model;
// the contents, made from the headings; an odds chart's figures, computed)
// and the class data, which fills the sheets.
func manuscriptWords(doc *ast.Document) map[string]int {
	count := map[string]int{}
	add := func(text string) {
		for _, w := range words(text) {
			count[w]++
		}
	}
	template := sheet.Template(doc)
	// A word may run from one inline into the next ("d10" and "s" make
	// "d10s"): a run of inlines is read as the one text it prints.
	var printed func(*strings.Builder, []ast.Inline)
	printed = func(b *strings.Builder, in []ast.Inline) {
		for _, n := range in {
			switch n := n.(type) {
			case *ast.Text:
				b.WriteString(n.Text)
			case *ast.Emphasis:
				printed(b, n.Inlines)
			case *ast.RunIn:
				b.WriteString(n.Label + " ")
			case *ast.Dice:
				b.WriteString(n.Expr)
			case *ast.Ref:
				b.WriteString(n.Text)
			case *ast.FootnoteRef:
				b.WriteString(" ")
			}
		}
	}
	inlines := func(in []ast.Inline) {
		var b strings.Builder
		printed(&b, in)
		add(b.String())
	}
	caption := func(c *ast.Caption) {
		if c != nil {
			inlines(c.Inlines)
		}
	}
	var blocks func([]ast.Block)
	blocks = func(bs []ast.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *ast.Heading:
				add(b.Title)
			case *ast.Paragraph:
				inlines(b.Inlines)
			case *ast.List:
				for _, item := range b.Items {
					blocks(item.Blocks)
				}
			case *ast.Box:
				add(b.Title)
				blocks(b.Blocks)
			case *ast.Table:
				if len(b.Header) == 0 {
					continue
				}
				for _, c := range b.Header {
					inlines(c.Inlines())
				}
				for _, row := range b.Rows {
					for i, c := range row {
						if i < len(b.Header) {
							inlines(c.InlinesInWords()) // as the PDF sets a cell
						}
					}
				}
				caption(b.Caption)
			case *ast.Figure:
				for _, line := range b.Art {
					add(line)
				}
				caption(b.Caption)
			case *ast.Image:
				caption(b.Caption)
			case *ast.Formula:
				for _, e := range b.Entries {
					add(e.Label)
					add(e.Value)
				}
			case *ast.Footnote:
				// A cited note is printed at the foot of every page that
				// cites it, an uncited one where it stands: once at least.
				inlines(b.Inlines)
			case *ast.Verbatim:
				if b == template {
					continue
				}
				for _, line := range b.Lines {
					add(line)
				}
			}
		}
	}
	blocks(doc.Blocks)
	return count
}
