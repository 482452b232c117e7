package parser

// PageBreak is \newpage: a new page in the ASCII and PDF books, nothing in
// HTML.
type PageBreak struct {
	blockNode
}

// Kind returns KindPageBreak.
func (*PageBreak) Kind() NodeKind { return KindPageBreak }

func (p *blockParser) pageBreak(l sourceLine) Block {
	if l.trimmed() != `\newpage` {
		p.diags.Errorf(l.firstTextPos(), "command/malformed", `\newpage stands alone on its line`)
	}
	return &PageBreak{blockNode{l.firstTextPos()}}
}
