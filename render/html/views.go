package html

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser"
)

// The templates in templates/blocks.html.tmpl draw a page's content from
// views: one struct per kind of node, with what the template needs already
// worked out (links resolved, ids given, headings levelled). A blockView or
// inlineView holds exactly one non-nil field, so the template can tell the
// kinds apart without a type switch, which html/template lacks.

// blockView is one block of a page.
type blockView struct {
	Heading  *headingView
	Para     *paraView
	List     *listView
	Box      *calloutView
	Table    *tableView
	Figure   *figureView
	Formula  *formulaView
	Notes    *notesView
	Art      *artView
	Sheet    *placementView
	Odds     *oddsView
	Contents *contentsView
}

type headingView struct {
	// Level is the HTML heading level: the page's own heading is h1, the
	// headings under it h2 and down.
	Level int
	ID    string
	Title string
}

type paraView struct {
	Inlines []inlineView
}

type listView struct {
	Ordered bool
	Items   []itemView
}

type itemView struct {
	// Number is a numbered item's number as written, 0 in a bullet list.
	Number int
	Blocks []blockView
}

type calloutView struct {
	ID string
	// Kind is the box's kind, for its class: rules-summary, example, note,
	// special-rule or other.
	Kind string
	// Label is the kind and number, "Rules Summary 7"; Subtitle the rest
	// of the title, "Qualification Roll".
	Label, Subtitle string
	Blocks          []blockView
}

type tableView struct {
	ID      string
	Caption *captionView
	// Check names the engine check the table is bound to; "" when none.
	Check  string
	Header []cellView
	Rows   []rowView
	// Roll is the die the roll button of a roll table throws; nil for
	// other tables.
	Roll *rollView
}

type cellView struct {
	Inlines []inlineView
}

type rowView struct {
	Cells []cellView
	// Lo and Hi are the faces a roll table's row covers.
	Lo, Hi string
}

// rollView is what a roll table's button throws: an expression in a system
// whose results are the faces the rows are numbered with.
type rollView struct {
	Die, Expr, System string
}

type captionView struct {
	// Label is "Table 2", "Figure 7".
	Label   string
	Inlines []inlineView
}

type figureView struct {
	ID      string
	Art     *artView
	Caption *captionView
}

// artView is monospace art kept as drawn: a figure, the cover, a verbatim
// block. Width is its widest line in characters, rounded up to a multiple of
// ten, for the stylesheet to size the font to fit narrow screens.
type artView struct {
	Class string
	Text  string
	Width int
	// Label names the art for screen readers, which would otherwise spell
	// out every box-drawing character.
	Label string
}

type formulaView struct {
	Entries []formulaEntryView
}

type formulaEntryView struct {
	Label, Value string
}

// notesView is a run of footnotes under their rule.
type notesView struct {
	Notes []noteView
}

type noteView struct {
	ID     string
	Number string
	// Back is the address of the mark that points at the note; "" when
	// none does.
	Back    string
	Inlines []inlineView
}

type placementView struct {
	ID, Class string
	Form      template.HTML
	// Page, PDF and Text are the sheet's other forms under sheets/.
	Page, PDF, Text string
}

type oddsView struct {
	Expr  string
	Chart template.HTML
	// Problem says why there is no chart, in a book built with errors.
	Problem string
}

// contentsView is the generated table of contents, nested by depth.
type contentsView struct {
	Entries []contentsEntry
}

type contentsEntry struct {
	Title, Href string
	Children    []contentsEntry
}

// inlineView is one piece of prose.
type inlineView struct {
	Text     string
	Em       *emView
	RunIn    string
	Dice     *diceView
	Link     *linkView
	Footnote *linkView
}

type emView struct {
	Strong  bool
	Inlines []inlineView
}

// diceView is dice notation the roller can throw; Expr is "" for notation
// the engine cannot read in the book's system, which is then plain text.
type diceView struct {
	Text, Expr string
}

// linkView is a link: a reference, a footnote mark (whose ID its note
// links back to), a page of the outline.
type linkView struct {
	Text, Href, ID string
}

// artWidth returns the widest line's length in characters, rounded up to
// a multiple of ten.
func artWidth(lines []string) int {
	widest := 0
	for _, l := range lines {
		widest = max(widest, len([]rune(strings.TrimRight(l, " "))))
	}
	return (widest + 9) / 10 * 10
}

// boxLabel splits a box's title into its label and subtitle.
func boxLabel(b *parser.Box) (label, subtitle string) {
	switch b.BoxKind {
	case parser.BoxRulesSummary:
		return "Rules Summary " + strconv.Itoa(b.Number), b.Subtitle
	case parser.BoxExample:
		return "Example " + strconv.Itoa(b.Number), b.Subtitle
	case parser.BoxNote:
		return "Note " + strconv.Itoa(b.Number), b.Subtitle
	case parser.BoxSpecialRule:
		return "Special Rule", b.Subtitle
	}
	return "", b.Title
}
