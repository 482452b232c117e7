package pdf

import (
	"encoding/xml"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/rules"
)

// The digital book is a tagged PDF, PDF/UA-1 (docs/pdfua.md): a structure
// tree says what each block is, in the order the manuscript gives it, and
// every mark on a page is either content of an element of the tree or an
// artifact (a running head, a folio, a rule, a frame). The tree is built as
// the layout meets each block, which knows what the block is; the drawing
// marks what it draws for it (see layouter.drawPages).

// artifactTag is the tag of an item that is no part of the text, such as
// the rule over a run of footnotes: what it draws is an artifact.
var artifactTag = fpdf.NewStructElem("Artifact")

// Structure types of galley's own, each role-mapped to the standard type
// PDF 1.7 has for it.
const (
	// tagBox is a box, a sidebar beside the text (PDF 2.0's Aside).
	tagBox = "Aside"
)

// roleMap maps galley's own structure types to PDF 1.7's.
var roleMap = map[string]string{tagBox: "Div"}

// tagger builds the book's structure tree, pass by pass of the layout, and
// marks what is drawn for it. A nil tagger, an untagged book's, does
// nothing.
type tagger struct {
	pdf *fpdf.Fpdf
	// root is the Document element, parent the element the block being
	// laid out goes in.
	root, parent *fpdf.StructElem
	// sections are the Sect elements open at the book's top level, each
	// with the depth of the heading that opened it, outermost first.
	sections []section
	// level is the level of the last heading tagged: a heading is tagged
	// at most one level deeper, so that no level is skipped.
	level int
	// notes are the footnotes' Note elements, adopted by the element
	// that first cites them.
	notes map[*paginate.Note]*fpdf.StructElem
	// resumed is the element marked before the last artifact.
	resumed *fpdf.StructElem
}

// section is a Sect element open at the book's top level.
type section struct {
	elem  *fpdf.StructElem
	depth int
}

// newTagger returns the tagger of a book drawn in pdf, and sets the
// document's language and metadata.
func newTagger(pdf *fpdf.Fpdf, cfg *ast.Config) *tagger {
	lang := cfg.Language
	if lang == "" {
		lang = ast.DefaultLanguage
	}
	pdf.SetLang(lang)
	pdf.SetXmpMetadata(xmpMetadata(cfg, lang))
	return &tagger{pdf: pdf}
}

// reset starts the tree again, for a pass of the layout.
func (t *tagger) reset() {
	if t == nil {
		return
	}
	t.root = fpdf.NewStructElem("Document")
	t.parent, t.sections, t.level = t.root, nil, 0
	t.notes = map[*paginate.Note]*fpdf.StructElem{}
}

// begin hands the pdf the tree of the last pass, to draw with.
func (t *tagger) begin() {
	if t == nil {
		return
	}
	t.pdf.SetStructTree(t.root)
	t.pdf.SetRoleMap(roleMap)
}

// enter adds the element of block b, which the layout is to set, and
// makes it the parent of the blocks inside it, until leave(outer). A
// heading of the book's top level closes the sections as deep as it or
// deeper and opens its own, which holds what follows it. It returns nil,
// and tags nothing, for a block drawn as nothing of its own.
func (t *tagger) enter(b ast.Block) (elem, outer *fpdf.StructElem) {
	if t == nil {
		return nil, nil
	}
	outer = t.parent
	typ := blockTag(b)
	if typ == "" {
		return nil, outer
	}
	if h, ok := b.(*ast.Heading); ok {
		if t.atTop() {
			for len(t.sections) > 0 && t.sections[len(t.sections)-1].depth >= h.Depth {
				t.sections = t.sections[:len(t.sections)-1]
			}
			sect := t.top().Add("Sect")
			t.sections = append(t.sections, section{sect, h.Depth})
			outer = sect
		}
		typ = t.headingTag(h.Depth)
	}
	elem = outer.Add(typ)
	t.parent = elem
	return elem, outer
}

// leave makes outer, which enter returned, the parent again.
func (t *tagger) leave(outer *fpdf.StructElem) {
	if t != nil && outer != nil {
		t.parent = outer
	}
}

// atTop reports whether the block being laid out is at the book's top
// level, in no box, list or table.
func (t *tagger) atTop() bool { return t.parent == t.top() }

// top is the innermost section open, or the document.
func (t *tagger) top() *fpdf.StructElem {
	if n := len(t.sections); n > 0 {
		return t.sections[n-1].elem
	}
	return t.root
}

// headingTag is the type of a heading at depth in the outline: H1 to H6,
// never more than one level below the heading before it.
func (t *tagger) headingTag(depth int) string {
	level := min(depth, t.level+1, 6)
	t.level = level
	return "H" + strconv.Itoa(level)
}

// open adds an element of type typ to the element being laid out and
// makes it the parent of what is laid out next, until leave(outer).
func (t *tagger) open(typ string) (elem, outer *fpdf.StructElem) {
	if t == nil {
		return nil, nil
	}
	outer = t.parent
	t.parent = outer.Add(typ)
	return t.parent, outer
}

// within makes e the parent of what is laid out next, until leave(outer).
func (t *tagger) within(e *fpdf.StructElem) (outer *fpdf.StructElem) {
	if t == nil {
		return nil
	}
	outer, t.parent = t.parent, e
	return outer
}

// addAfter adds an element of type typ after the element being laid out,
// to its parent: the list of a chapter's sections, after its title.
func (t *tagger) addAfter(typ string) *fpdf.StructElem {
	if t == nil {
		return nil
	}
	return t.parent.Parent().Add(typ)
}

// listItem adds an item of the list being laid out, an LI, and returns
// the tag of its label and its LBody, for its blocks. A label that says
// something, an ordered list's number or a rating's name, is an Lbl, read
// before the body; a bullet says nothing a reader does not hear from the
// list itself (it announces the list and each item) and is an artifact,
// which spares a book a thousand elements.
func (t *tagger) listItem(labelled bool) (label, body *fpdf.StructElem) {
	if t == nil {
		return nil, nil
	}
	li := t.parent.Add("LI")
	label = artifactTag
	if labelled {
		label = li.Add("Lbl")
	}
	return label, li.Add("LBody")
}

// tocEntry adds an entry of the table of contents being laid out, a TOCI
// holding the Link to its heading, and returns the Link.
func (t *tagger) tocEntry() *fpdf.StructElem {
	if t == nil {
		return nil
	}
	return t.parent.Add("TOCI").Add("Link")
}

// describe sets the alternate description of the element being laid out,
// a figure, which a reader hears in place of what it draws.
func (t *tagger) describe(alt string) {
	if t != nil {
		t.parent.SetAlt(alt)
	}
}

// figure adds a Figure element described by alt.
func (t *tagger) figure(alt string) *fpdf.StructElem {
	if t == nil {
		return nil
	}
	e := t.parent.Add("Figure")
	e.SetAlt(alt)
	return e
}

// add adds an element of type typ to the element being laid out, or to
// the one where blocks go when none is.
func (t *tagger) add(typ string) *fpdf.StructElem {
	if t == nil {
		return nil
	}
	return t.parent.Add(typ)
}

// cover adds the element of the book's cover: a figure, whose alternate
// text names the book its title and art stand for.
func (t *tagger) cover(cfg *ast.Config) *fpdf.StructElem {
	if t == nil {
		return nil
	}
	e := t.parent.Add("Figure")
	alt := "Cover"
	for _, s := range []string{cfg.Title, cfg.Subtitle} {
		if s := typo.String(s); s != "" {
			alt += ": " + s
		}
	}
	e.SetAlt(alt)
	return e
}

// textArt describes art drawn in characters that has no caption.
const textArt = "Art drawn in text characters"

// captionAlt is the alternate description of a figure with caption c,
// "Figure 3: A Nest in cross-section", or fallback when it has none.
func (l *layouter) captionAlt(c *ast.Caption, fallback string) string {
	if c == nil || l.tag == nil {
		return fallback
	}
	return c.Label + " " + strconv.Itoa(c.Number) + ": " + spanText(l.spans(c.Inlines, smallFont, inkText))
}

// oddsAlt is the alternate description of an odds chart: its title and
// the chance of every outcome, as its bars show them.
func oddsAlt(title string, t *rules.OddsTable) string {
	var b strings.Builder
	b.WriteString(title)
	b.WriteString(": ")
	for i, row := range t.Rows {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(row.Outcome)
		b.WriteString(" ")
		b.WriteString(strconv.FormatFloat(row.P*100, 'f', 1, 64))
		b.WriteString("% (")
		b.WriteString(row.Num)
		b.WriteString(" in ")
		b.WriteString(row.Den)
		b.WriteString(")")
	}
	return b.String()
}

// blockTag is the structure type of a block, "" for one that is no element
// of its own.
func blockTag(b ast.Block) string {
	switch b.(type) {
	case *ast.Heading:
		return "H"
	case *ast.Paragraph, *ast.Formula:
		return "P"
	case *ast.List:
		return "L"
	case *ast.Box, *ast.StatBlock:
		return tagBox
	case *ast.Table:
		return "Table"
	case *ast.Figure, *ast.Image:
		// The picture is a Figure in it, and its caption a Caption.
		return "Div"
	case *ast.OddsChart, *ast.CharSheet, *ast.Verbatim:
		// Verbatim is art drawn in characters, not code.
		return "Figure"
	case *ast.Footnote:
		return "Note"
	case *ast.TOC:
		return "TOC"
	}
	return ""
}

// note returns the Note element of a footnote set at the foot of a page.
func (t *tagger) note(n *paginate.Note) *fpdf.StructElem {
	if t == nil {
		return nil
	}
	e := t.notes[n]
	if e == nil {
		e = fpdf.NewStructElem("Note")
		// Notes are made in the book's order, and so numbered the
		// same on every run.
		e.SetID("note-" + strconv.Itoa(len(t.notes)+1))
		t.notes[n] = e
	}
	return e
}

// mark makes what is drawn next content of e: an artifact for
// artifactTag, nothing marked for nil.
func (t *tagger) mark(e *fpdf.StructElem) {
	switch {
	case t == nil:
	case e == artifactTag:
		t.pdf.MarkArtifact("Layout")
	case e == nil:
		t.pdf.EndMarkedContent()
	default:
		t.pdf.MarkContent(e)
	}
}

// link returns the Link element of a link that starts in a line drawn for
// block, and marks the link's text as its; for link 0, the text after a
// link, it marks block's again and returns nil.
func (t *tagger) link(block *fpdf.StructElem, link int) *fpdf.StructElem {
	if t == nil || block == nil {
		return nil
	}
	if link == 0 {
		t.pdf.MarkContent(block)
		return nil
	}
	e := block.Add("Link")
	t.pdf.MarkContent(e)
	return e
}

// cite makes a footnote's Note a child of block, which cites it, unless an
// element cited it before.
func (t *tagger) cite(block *fpdf.StructElem, n *paginate.Note) {
	if t != nil && block != nil {
		block.Adopt(t.note(n))
	}
}

// artifact makes what is drawn next an artifact of kind, "Pagination" for
// running heads and folios, "Layout" for rules and frames, until resume.
func (t *tagger) artifact(kind string) {
	if t != nil {
		if e := t.pdf.MarkedContent(); e != nil {
			t.resumed = e
		}
		t.pdf.MarkArtifact(kind)
	}
}

// resume marks what is drawn next for the element marked before the last
// artifact: the page number after a dot leader.
func (t *tagger) resume() {
	if t != nil && t.resumed != nil {
		t.pdf.MarkContent(t.resumed)
	}
}

// end closes the marked content open, before the graphics state it was
// opened in is restored.
func (t *tagger) end() {
	if t != nil {
		t.pdf.EndMarkedContent()
	}
}

// tagAs makes e the tag of the flow's items that draw and have none.
func (f *flow) tagAs(e *fpdf.StructElem) {
	if e == nil {
		return
	}
	for i := range f.pieces {
		if p := &f.pieces[i]; p.tag == nil && (p.draw != nil || p.marked().page != nil) {
			p.tag = e
		}
	}
}

// xmpMetadata is the book's XMP metadata: its title, authors and language,
// and the PDF/UA identification, part 1.
func xmpMetadata(cfg *ast.Config, lang string) []byte {
	var b strings.Builder
	b.WriteString(`<?xpacket begin="` + "\ufeff" + `" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<pdfuaid:part>1</pdfuaid:part>
<xmp:CreatorTool>galley</xmp:CreatorTool>
`)
	title := typo.String(cfg.Title)
	if title != "" {
		b.WriteString("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">")
		b.WriteString(xmlEscape(title))
		b.WriteString("</rdf:li></rdf:Alt></dc:title>\n")
	}
	if len(cfg.Authors) > 0 {
		b.WriteString("<dc:creator><rdf:Seq>")
		for _, a := range cfg.Authors {
			b.WriteString("<rdf:li>")
			b.WriteString(xmlEscape(a))
			b.WriteString("</rdf:li>")
		}
		b.WriteString("</rdf:Seq></dc:creator>\n")
	}
	b.WriteString("<dc:language><rdf:Bag><rdf:li>")
	b.WriteString(xmlEscape(lang))
	b.WriteString("</rdf:li></rdf:Bag></dc:language>\n")
	b.WriteString("</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>")
	return []byte(b.String())
}

// xmlEscape escapes text for XML, leaving out the control characters
// XML cannot hold.
func xmlEscape(s string) string {
	var b strings.Builder
	// A strings.Builder takes every write.
	_ = xml.EscapeText(&b, []byte(ast.WithoutControls(s)))
	return b.String()
}
