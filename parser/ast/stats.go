package ast

// Stats counts a book's nodes by kind, for `galley parse --stats`. CharSheet
// counts \charsheet placements; ClassData counts the classes' data blocks.
// Box counts every box, those drawn as a sheet's art (a Figure's Box) among
// them, which Figure counts as well.
type Stats struct {
	Heading int `json:"heading"`
	// Chapter counts the headings of level 1 among them.
	Chapter   int `json:"chapter"`
	Paragraph int `json:"paragraph"`
	List      int `json:"list"`
	Box       int `json:"box"`
	Table     int `json:"table"`
	Figure    int `json:"figure"`
	Formula   int `json:"formula"`
	Footnote  int `json:"footnote"`
	PageBreak int `json:"pagebreak"`
	CharSheet int `json:"charsheet"`
	TOC       int `json:"toc"`
	CoverPage int `json:"coverpage"`
	Verbatim  int `json:"verbatim"`
	Errors    int `json:"errors"`
	Warnings  int `json:"warnings"`
	Notes     int `json:"notes"`
	ClassData int `json:"classdata"`
	Ref       int `json:"ref"`
	Dice      int `json:"dice"`
	Files     int `json:"files"`
}

// Stats counts the document's nodes and the diagnostics' severities.
func (d *Document) Stats(diags DiagnosticList) Stats {
	s := Stats{Files: len(d.Files)}
	counters := map[NodeKind]*int{
		KindHeading: &s.Heading, KindParagraph: &s.Paragraph, KindList: &s.List,
		KindBox: &s.Box, KindTable: &s.Table, KindFigure: &s.Figure,
		KindFormula: &s.Formula, KindFootnote: &s.Footnote, KindPageBreak: &s.PageBreak,
		KindCharSheet: &s.CharSheet, KindTOC: &s.TOC, KindCoverPage: &s.CoverPage,
		KindVerbatim: &s.Verbatim, KindClassData: &s.ClassData, KindRef: &s.Ref,
		KindDice: &s.Dice,
	}
	Walk(d.Blocks, func(n Node) bool {
		if c := counters[n.Kind()]; c != nil {
			*c++
		}
		switch n := n.(type) {
		case *Heading:
			if n.Level == 1 {
				s.Chapter++
			}
		case *Figure:
			if n.Box != "" {
				s.Box++
			}
		}
		return true
	})
	s.Errors, s.Warnings = diags.Count()
	s.Notes = diags.Notes()
	return s
}
