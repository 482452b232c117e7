package ast

// PageBreak is \newpage: a new page in the ASCII book, nothing in HTML.
// The PDF has a page flow of its own, laid out for its own page, so it
// breaks there only when the author asks for it too, with \newpage[all].
type PageBreak struct {
	BlockNode
	// All is \newpage[all]: the PDF breaks its page here as well.
	All bool `json:"all,omitempty"`
}

// Kind returns KindPageBreak.
func (*PageBreak) Kind() NodeKind { return KindPageBreak }

// MarshalJSON encodes the page break with its kind.
func (n *PageBreak) MarshalJSON() ([]byte, error) {
	type t PageBreak
	return marshalWithKind(n.Kind(), (*t)(n))
}
