package ast

// CharSheet is a \charsheet[CLASS] placement: the filled sheet of that class
// goes here.
type CharSheet struct {
	BlockNode
	Class string `json:"class"`
}

// Kind returns KindCharSheet.
func (*CharSheet) Kind() NodeKind { return KindCharSheet }
