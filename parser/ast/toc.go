package ast

// TOC is the author's outline, \begin{toc}: indented entries with dot
// leaders and a page number or TODO. galley generates the real table of
// contents; the outline gives every heading its depth and is checked for
// drift against the headings and, in the paginated books, the pages.
type TOC struct {
	BlockNode
	Title   string      `json:"title,omitempty"`
	Entries []*TOCEntry `json:"entries"`
}

// Kind returns KindTOC.
func (*TOC) Kind() NodeKind { return KindTOC }

// TOCEntry is one line of the outline.
type TOCEntry struct {
	Pos
	Title string `json:"title"`
	// Depth is 1 for an entry at the left margin, one more for every two
	// spaces of indentation.
	Depth int `json:"depth"`
	// Page is the page the author wrote, 0 for TODO.
	Page int `json:"page,omitempty"`
	// PagePos is where the page number is written.
	PagePos Pos `json:"-"`
	// Heading is the heading the entry matched, nil if none did.
	Heading *Heading `json:"-"`
}

// MarshalJSON encodes the outline with its kind.
func (n *TOC) MarshalJSON() ([]byte, error) { type t TOC; return marshalWithKind(n.Kind(), (*t)(n)) }
