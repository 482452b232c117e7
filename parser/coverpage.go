package parser

// CoverPage is the book's first page, \begin{coverpage}: framed art, kept as
// drawn.
type CoverPage struct {
	blockNode
	Lines []string `json:"lines"`
}

// Kind returns KindCoverPage.
func (*CoverPage) Kind() NodeKind { return KindCoverPage }

func newCoverPage(env *environment) *CoverPage {
	return &CoverPage{blockNode{env.begin.firstTextPos()}, rawLines(env.content)}
}

// rawLines returns the text of lines exactly as written.
func rawLines(lines []sourceLine) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.text
	}
	return out
}
