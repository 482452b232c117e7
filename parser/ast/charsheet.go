package ast

// CharSheet is a \charsheet[CLASS] placement: the filled sheet of that class
// goes here.
type CharSheet struct {
	BlockNode
	Class string `json:"class"`
}

// Kind returns KindCharSheet.
func (*CharSheet) Kind() NodeKind { return KindCharSheet }

// MarshalJSON encodes the sheet placement with its kind.
func (n *CharSheet) MarshalJSON() ([]byte, error) {
	type t CharSheet
	return marshalWithKind(n.Kind(), (*t)(n))
}
