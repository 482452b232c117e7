package ast

// CoverPage is the book's first page, \begin{coverpage}: framed art, kept as
// drawn.
type CoverPage struct {
	BlockNode
	Lines []string `json:"lines"`
}

// Kind returns KindCoverPage.
func (*CoverPage) Kind() NodeKind { return KindCoverPage }
