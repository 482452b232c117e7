package pdf

import (
	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
)

// A fillable sheet (WriteSheet) is a tagged PDF of its own, as the book
// is: a Document element whose children, in drawing order, are a P for
// each label, title and reminder the sheet prints, and a Form element for
// each field, which holds the field's widget annotations (a radio group's
// buttons, one each) by /OBJR; the frame, the bands, the boxes' rules and
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
	return &sheetTags{pdf: pdf, root: root}
}

// text marks what is drawn next as a paragraph of its own: a label.
func (t *sheetTags) text() {
	if t != nil {
		t.pdf.MarkContent(t.root.Add("P"))
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
	e := t.root.Add("Form")
	for range f.widgets {
		t.pdf.ReserveAnnot(e)
	}
}
