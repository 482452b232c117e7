package ast

// List is a bullet list ("* ") or a numbered list ("1. "). Blank lines may
// stand between items.
type List struct {
	BlockNode
	Ordered bool        `json:"ordered"`
	Items   []*ListItem `json:"items"`
}

// Kind returns KindList.
func (*List) Kind() NodeKind { return KindList }

// ListItem is one item; its content is blocks, so an item may hold several
// paragraphs or a nested list.
type ListItem struct {
	BlockNode
	// Number is the number as written, for a numbered list; checks warn
	// when a list skips one.
	Number int     `json:"number,omitempty"`
	Blocks []Block `json:"blocks"`
}

// Kind returns KindListItem.
func (*ListItem) Kind() NodeKind { return KindListItem }

// MarshalJSON encodes the list with its kind.
func (n *List) MarshalJSON() ([]byte, error) { type t List; return marshalWithKind(n.Kind(), (*t)(n)) }

// MarshalJSON encodes the item with its kind.
func (n *ListItem) MarshalJSON() ([]byte, error) {
	type t ListItem
	return marshalWithKind(n.Kind(), (*t)(n))
}
