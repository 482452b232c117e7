package render

import "context"

// Parts are the parts of a book galley writes, in the order they are built.
// galley build --only names one of them.
var Parts = []Part{
	{Name: "sheets", Write: func(_ context.Context, book *Book, dir string) error {
		return WriteSheets(book.Doc, dir, book.Doc.Config.Paper)
	}},
}

// PartNames lists the parts' names, for messages.
func PartNames() []string {
	names := make([]string, len(Parts))
	for i, p := range Parts {
		names[i] = p.Name
	}
	return names
}
