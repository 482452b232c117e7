package pdf

import (
	"strconv"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
)

// A fillable sheet (WriteSheet) is a tagged PDF of its own, as the book
// is: a Document element whose children, in drawing order, are a P for
// each label and reminder the sheet prints, and a Form element for each
// field, which holds the field's widget annotations (a radio group's
// buttons, one each) by /OBJR; the sheet's title is its H1, each area a
// Sect headed by its title, an H2, and each box a Sect in it headed by an
// H3 (a sub-box's, H4), so that a reader goes from box to box by heading; the frame, the bands, the boxes' rules and
// the slots' brackets are artifacts. The widgets are written by the form's
// update (writeForm) into the objects fpdf reserves for them (see
// fpdf.ReserveAnnot), so the tree, the parent tree and the page's /Annots
// are fpdf's own. A field's label is its /TU, which a screen reader says
// when the field has the focus. The sheet drawn in a book is the book's
// one Figure with alternate text instead (sheetpage.go).

// sheetTags is the structure tree of a fillable sheet as it is drawn.
type sheetTags struct {
	pdf  *fpdf.Fpdf
	root *fpdf.StructElem
	// parent holds what is drawn now: the root, an area's Sect or a
	// box's; level is its heading's level, 1 for the root.
	parent *fpdf.StructElem
	level  int
	// heading is the type of the next text drawn, a heading's, "" for a
	// P.
	heading string
}

// newSheetTags makes pdf a tagged PDF in lang, titled title, and returns
// the tree its sheet is drawn into.
func newSheetTags(pdf *fpdf.Fpdf, title, lang string) *sheetTags {
	if lang == "" {
		lang = ast.DefaultLanguage
	}
	pdf.SetLang(lang)
	pdf.SetXmpMetadata(xmpMetadata(&ast.Config{Title: title}, lang))
	root := fpdf.NewStructElem("Document")
	pdf.SetStructTree(root)
	return &sheetTags{pdf: pdf, root: root, parent: root, level: 1}
}

// text marks what is drawn next as an element of its own: a label's P,
// or the heading asked for.
func (t *sheetTags) text() {
	if t == nil {
		return
	}
	typ := "P"
	if t.heading != "" {
		typ, t.heading = t.heading, ""
	}
	t.pdf.MarkContent(t.parent.Add(typ))
}

// title makes the next text drawn the heading of what holds it: the
// sheet's, an area's or a box's.
func (t *sheetTags) title() {
	if t != nil {
		t.heading = "H" + strconv.Itoa(t.level)
	}
}

// area starts an area's Sect, after the one before.
func (t *sheetTags) area() {
	if t != nil {
		t.parent, t.level = t.root.Add("Sect"), 2
	}
}

// box starts a box's Sect in the area's, or in its box's, and returns
// what leave needs to end it.
func (t *sheetTags) box() (outer *fpdf.StructElem) {
	if t == nil {
		return nil
	}
	outer = t.parent
	t.parent = t.parent.Add("Sect")
	t.level++
	return outer
}

// leave ends a box's Sect, back in outer.
func (t *sheetTags) leave(outer *fpdf.StructElem) {
	if t != nil {
		t.parent = outer
		t.level--
	}
}

// art marks what is drawn next as an artifact: a rule, a frame, a band.
func (t *sheetTags) art() {
	if t != nil {
		t.pdf.MarkArtifact("")
	}
}

// field adds a Form element for a field of the form, with a widget
// annotation reserved for each of its widgets.
func (t *sheetTags) field(f *formField) {
	if t == nil {
		return
	}
	e := t.parent.Add("Form")
	for range f.widgets {
		t.pdf.ReserveAnnot(e)
	}
}
