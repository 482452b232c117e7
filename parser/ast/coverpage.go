package ast

// CoverPage is the book's first page, \begin{coverpage}: framed art, kept as
// drawn.
type CoverPage struct {
	BlockNode
	Lines []string `json:"lines"`
}

// Kind returns KindCoverPage.
func (*CoverPage) Kind() NodeKind { return KindCoverPage }

// MarshalJSON encodes the cover page with its kind.
func (n *CoverPage) MarshalJSON() ([]byte, error) {
	type t CoverPage
	return marshalWithKind(n.Kind(), (*t)(n))
}
