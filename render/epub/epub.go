// Package epub writes a book as an EPUB 3 publication: one XHTML document
// per chapter, the navigation document from the book's outline, the fonts
// the PDF is set in, the pictures, and the package document with the
// book's metadata and its accessibility.
//
// The package is galley's own, on archive/zip: go-shiori/go-epub, the
// maintained EPUB library for Go, stages the files in a temporary
// directory named by a random UUID, lists its media in a map's order,
// another on each run, fetches media through an HTTP client and logs some
// write errors rather than return them; an EPUB's own files are fewer
// lines than bending it to write the same bytes for the same book.
package epub

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/sfnt"
	"github.com/galleyhq/galley/render/xhtml"
	"github.com/galleyhq/galley/rules"
)

// Inside the container, the publication's files sit in one directory, so
// that every link between them is a bare file name.
const (
	oebps     = "OEBPS/"
	styleFile = "style.css"
	navFile   = "nav.xhtml"
	coverFile = "cover.xhtml"
	titleFile = "title.xhtml"
	frontFile = "front.xhtml"
	// indexFile is the book index's document, which no chapter's name
	// ("chapter-NN.xhtml") can take.
	indexFile = "book-index.xhtml"
)

// indexTitle is the title of the book's index.
const indexTitle = "Index"

// earliestZipTime is the earliest time a zip's MS-DOS timestamps hold; a
// book parsed from memory, which has no date, is stamped with it.
var earliestZipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Write writes doc as an EPUB 3 file, with the character sheets of sheets
// (nil for none). The same book gives the same bytes:
// every timestamp, in the package's metadata and in the zip, is the book's
// date (SOURCE_DATE_EPOCH or the manuscript's, see ast.Document.Date),
// and the files are written in one order.
func Write(ctx context.Context, w io.Writer, doc *ast.Document, sheets *sheet.Book) error {
	b := newBook(doc, sheets)
	date := doc.Date.UTC().Truncate(time.Second)
	if date.Before(earliestZipTime) {
		date = earliestZipTime
	}
	// The documents are drawn first: the manifest says which of them
	// hold an SVG.
	bodies := make([][]byte, len(b.docs))
	for i, d := range b.docs {
		if err := ctx.Err(); err != nil {
			return err
		}
		bodies[i] = b.xhtml(ctx, d)
	}
	resources := b.resources()
	z := zip.NewWriter(w)
	// The mimetype comes first and stored, so that a reader can identify
	// the file from its first bytes.
	if err := b.add(z, "mimetype", []byte("application/epub+zip"), date, zip.Store); err != nil {
		return err
	}
	files := []struct {
		name string
		data []byte
	}{
		{"META-INF/container.xml", []byte(containerXML)},
		{oebps + "content.opf", b.packageDocument(date, resources)},
		{oebps + navFile, b.navDocument()},
		{oebps + styleFile, styleSheet},
	}
	for _, f := range files {
		if err := b.add(z, f.name, f.data, date, zip.Deflate); err != nil {
			return err
		}
	}
	for i, d := range b.docs {
		if err := b.add(z, oebps+d.name, bodies[i], date, zip.Deflate); err != nil {
			return err
		}
	}
	for _, f := range resources {
		if err := b.add(z, oebps+f.name, f.data, date, zip.Deflate); err != nil {
			return err
		}
	}
	return z.Close()
}

// add writes one file into the zip, stamped with date. The stamp is the
// zip's MS-DOS date and time alone, without the extra field of a Unix
// time, which EPUB forbids on the mimetype.
func (b *book) add(z *zip.Writer, name string, data []byte, date time.Time, method uint16) error {
	f, err := z.CreateHeader(&zip.FileHeader{
		Name:         name,
		Method:       method,
		ModifiedDate: uint16((date.Year()-1980)<<9 | int(date.Month())<<5 | date.Day()),
		ModifiedTime: uint16(date.Hour()<<11 | date.Minute()<<5 | date.Second()/2),
	})
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return err
}

const containerXML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`

// book is the publication being made: the book cut into its documents,
// and where in them each target of a link is.
type book struct {
	doc    *ast.Document
	system string
	// title is the book's name in a reading system's library (see
	// bookTitle).
	title string
	// docs are the content documents in reading order: the cover, the
	// front matter, then one per chapter.
	docs []*document
	// at is where each heading, numbered block, footnote and footnote
	// mark is: its document and its id there.
	at map[any]place
	// noteOf and markOf pair each footnote mark with its note, and each
	// note with the first mark that points at it.
	noteOf map[*ast.FootnoteRef]*ast.Footnote
	markOf map[*ast.Footnote]*ast.FootnoteRef
	// pictures names each picture's file in the publication.
	pictures map[*ast.Image]string
	// mono holds the runes of the monospace text, the art and the
	// sheets, which the monospace font is subset to; it is filled as the
	// documents are drawn.
	mono   map[rune]bool
	sheets *sheet.Book
	toc    *ast.TOC
}

// place is a link's target: a document and an element's id in it.
type place struct {
	doc *document
	id  string
}

// href returns the address of p from document d.
func (p place) href(from *document) string {
	if p.doc == from {
		return "#" + p.id
	}
	return p.doc.name + "#" + p.id
}

// document is one XHTML content document of the publication.
type document struct {
	name  string
	title string
	// heading is the chapter's heading, nil for the cover and the front
	// matter.
	heading *ast.Heading
	blocks  []ast.Block
	// cover is set on the cover picture's document, titlePage on the
	// title page's.
	cover, titlePage bool
	// svg is set when the document draws an odds chart, an SVG in the
	// page, which the manifest declares.
	svg bool
	// bookIndex is set on the book index's document, the last.
	bookIndex bool
}

// newBook cuts the book into its documents at its chapters (its outline's
// first level) and places every target of a link.
func newBook(doc *ast.Document, sheets *sheet.Book) *book {
	b := &book{
		doc:      doc,
		sheets:   sheets,
		system:   doc.Config.System,
		title:    bookTitle(doc),
		at:       map[any]place{},
		noteOf:   map[*ast.FootnoteRef]*ast.Footnote{},
		markOf:   map[*ast.Footnote]*ast.FootnoteRef{},
		pictures: map[*ast.Image]string{},
		mono:     map[rune]bool{},
		toc:      doc.TOC(),
	}
	if _, err := rules.ParseSystem(b.system); err != nil {
		b.system = "generic"
	}
	add := func(img *ast.Image) {
		if img == nil || img.Data == nil || mediaTypes[img.Format] == "" {
			return
		}
		sum := sha256.Sum256(img.Data)
		b.pictures[img] = "images/" + hex.EncodeToString(sum[:8]) + pictureExts[img.Format]
	}
	add(doc.Cover)
	ast.WalkBlocks(doc.Blocks, func(blk ast.Block) {
		if img, ok := blk.(*ast.Image); ok {
			add(img)
		}
	})
	// The cover is the cover picture, followed by the title page, or the
	// title page alone; a book with neither a picture nor anything for a
	// title page opens at its front matter, as its PDF does.
	titlePage := doc.Config.HasTitlePage()
	switch {
	case b.pictures[doc.Cover] != "":
		b.docs = append(b.docs, &document{name: coverFile, title: b.title, cover: true})
		if titlePage {
			b.docs = append(b.docs, &document{name: titleFile, title: b.title, titlePage: true})
		}
	case titlePage:
		b.docs = append(b.docs, &document{name: coverFile, title: b.title, titlePage: true})
	}
	opening := len(b.docs)
	front := &document{name: frontFile, title: b.title}
	cur := front
	chapters := 0
	for _, blk := range doc.Blocks {
		if h, ok := blk.(*ast.Heading); ok && h.Depth == 1 {
			chapters++
			cur = &document{name: "chapter-" + twoDigits(chapters) + ".xhtml", title: h.Title, heading: h}
			b.docs = append(b.docs, cur)
		}
		cur.blocks = append(cur.blocks, blk)
	}
	if slices.ContainsFunc(front.blocks, b.draws) {
		b.docs = slices.Insert(b.docs, opening, front)
	}
	if doc.Index != nil {
		b.docs = append(b.docs, &document{name: indexFile, title: indexTitle, bookIndex: true})
	}
	for _, d := range b.docs {
		b.place(d)
	}
	return b
}

// bookTitle is the book's name for a reading system's library, which
// must have one: galley.toml's title (or the one its manuscript's name
// gives, see ast.Config.Title); else its level-1 heading when it has only
// one, as a Markdown book that opens with "# Name" over its chapters does;
// else "Untitled". The first of several chapters' titles ("Foreword")
// would name the book wrongly, where "Untitled" is honest.
func bookTitle(doc *ast.Document) string {
	if doc.Config.Title != "" {
		return doc.Config.Title
	}
	var title string
	for _, h := range doc.Headings() {
		if h.Depth == 1 {
			if title != "" {
				return untitled
			}
			title = h.Title
		}
	}
	if title == "" {
		return untitled
	}
	return title
}

// untitled is the title of a book bookTitle finds none for.
const untitled = "Untitled"

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// place gives the targets in one document their ids, unique in it, and
// pairs its footnote marks with its notes: a mark with the next note of
// its number, or else the document's first, as a reader of the printed
// page looks for it.
func (b *book) place(d *document) {
	ids := ast.NewNames()
	ast.WalkBlocks(d.blocks, func(blk ast.Block) {
		if h, ok := blk.(*ast.Heading); ok {
			ids.Reserve(h.ID)
			b.at[h] = place{d, h.ID}
		}
	})
	claim := func(node any, id string) {
		b.at[node] = place{d, ids.Unique(id)}
	}
	if slices.Contains(d.blocks, ast.Block(b.toc)) {
		claim(b.toc, "contents")
	}
	var marks []*ast.FootnoteRef
	// waiting are the marks, by number, that no note has followed yet:
	// looked up by number, not found among all the marks before each
	// note, which took the square of the footnotes (issue 25).
	waiting := map[int][]*ast.FootnoteRef{}
	notes := map[int][]*ast.Footnote{}
	ast.Walk(d.blocks, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Table:
			if c := n.Caption; c != nil {
				claim(n, string(c.RefKind())+"-"+strconv.Itoa(c.Number))
			}
		case *ast.Figure:
			if c := n.Caption; c != nil {
				claim(n, string(c.RefKind())+"-"+strconv.Itoa(c.Number))
			}
		case *ast.Image:
			if c := n.Caption; c != nil {
				claim(n, string(c.RefKind())+"-"+strconv.Itoa(c.Number))
			}
		case *ast.Box:
			if kind, ok := n.BoxKind.RefKind(); ok {
				claim(n, string(kind)+"-"+strconv.Itoa(n.Number))
			}
		case *ast.CharSheet:
			claim(n, "sheet-"+ast.Slug(n.Class))
		case *ast.Footnote:
			claim(n, "fn-"+strconv.Itoa(n.Number))
			// The marks before it that still wait for a note of its
			// number get this one.
			for _, m := range waiting[n.Number] {
				b.noteOf[m] = n
			}
			delete(waiting, n.Number)
			notes[n.Number] = append(notes[n.Number], n)
		case *ast.FootnoteRef:
			claim(n, "fnref-"+strconv.Itoa(n.Number))
			marks = append(marks, n)
			waiting[n.Number] = append(waiting[n.Number], n)
		}
		return true
	})
	for _, m := range marks {
		if b.noteOf[m] == nil && len(notes[m.Number]) > 0 {
			b.noteOf[m] = notes[m.Number][0]
		}
		if n := b.noteOf[m]; n != nil && b.markOf[n] == nil {
			b.markOf[n] = m
		}
	}
}

// ref returns where a reference in the text points, if it resolves.
func (b *book) ref(r *ast.Ref) (place, bool) {
	targets := b.doc.Targets()
	var target any
	switch r.RefKind {
	case ast.RefSection, ast.RefChapter:
		if h := targets.Heading(r); h != nil {
			target = h
		}
	default:
		if blk := targets.Block(r.RefKind, r.From); blk != nil {
			target = blk
		}
	}
	p, ok := b.at[target]
	return p, ok
}

// mediaTypes and pictureExts are the pictures' media types and files'
// extensions by format.
var (
	mediaTypes  = map[string]string{"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}
	pictureExts = map[string]string{"png": ".png", "jpeg": ".jpg", "svg": ".svg"}
)

// resource is a file of the publication besides its documents: a font or a
// picture.
type resource struct {
	name, mediaType string
	data            []byte
	cover           bool
}

// resources lists the fonts and the pictures, each picture once, by name.
// It is called once the documents are drawn, which say what the monospace
// font is subset to.
func (b *book) resources() []resource {
	var rs []resource
	runes := slices.Sorted(maps.Keys(b.mono))
	for _, f := range fonts {
		data := f.ttf
		if f.subset {
			// A font galley cannot read is embedded whole.
			if subset, err := sfnt.Subset(f.ttf, runes); err == nil {
				data = subset
			}
		}
		rs = append(rs, resource{name: f.file, mediaType: "font/ttf", data: data})
	}
	seen := map[string]bool{}
	var pictures []resource
	for img, name := range b.pictures {
		if seen[name] {
			continue
		}
		seen[name] = true
		pictures = append(pictures, resource{name: name, mediaType: mediaTypes[img.Format], data: img.Data})
	}
	if c := b.doc.Cover; c != nil {
		for i := range pictures {
			pictures[i].cover = pictures[i].name == b.pictures[c]
		}
	}
	slices.SortFunc(pictures, func(x, y resource) int { return cmp.Compare(x.name, y.name) })
	return append(rs, pictures...)
}

// packageDocument writes content.opf: the metadata, the manifest of every
// file and the spine, the documents in reading order.
func (b *book) packageDocument(date time.Time, resources []resource) []byte {
	cfg := b.doc.Config
	var out bytes.Buffer
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="`)
	xhtml.EscapeXML(&out, cfg.Language)
	out.WriteString(`">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">`)
	xhtml.EscapeXML(&out, cfg.BookIdentifier())
	out.WriteString("</dc:identifier>\n")
	element(&out, `<dc:title id="title">`, b.title, "</dc:title>\n")
	out.WriteString(`<meta refines="#title" property="title-type">main</meta>` + "\n")
	if cfg.Subtitle != "" {
		element(&out, `<dc:title id="subtitle">`, cfg.Subtitle, "</dc:title>\n")
		out.WriteString(`<meta refines="#subtitle" property="title-type">subtitle</meta>` + "\n")
	}
	for i, a := range cfg.Authors {
		id := "author-" + strconv.Itoa(i+1)
		element(&out, `<dc:creator id="`+id+`">`, a, "</dc:creator>\n")
		out.WriteString(`<meta refines="#` + id + `" property="role" scheme="marc:relators">aut</meta>` + "\n")
	}
	element(&out, "<dc:language>", cfg.Language, "</dc:language>\n")
	if cfg.License != "" {
		element(&out, "<dc:rights>", cfg.License, "</dc:rights>\n")
	}
	if cfg.Version != "" {
		element(&out, `<meta property="schema:version">`, cfg.Version, "</meta>\n")
	}
	stamp := date.Format("2006-01-02T15:04:05Z")
	out.WriteString("<dc:date>" + stamp + "</dc:date>\n")
	out.WriteString(`<meta property="dcterms:modified">` + stamp + "</meta>\n")
	b.accessibility(&out)
	out.WriteString("</metadata>\n<manifest>\n")
	out.WriteString(`<item id="nav" href="` + navFile + `" media-type="application/xhtml+xml" properties="nav"/>` + "\n")
	out.WriteString(`<item id="style" href="` + styleFile + `" media-type="text/css"/>` + "\n")
	for i, d := range b.docs {
		out.WriteString(`<item id="doc-` + strconv.Itoa(i+1) + `" href="` + d.name + `" media-type="application/xhtml+xml"`)
		switch {
		case d.svg:
			out.WriteString(` properties="svg"`)
		case d.bookIndex:
			// EPUB Indexes 1.0 marks the index document in the manifest.
			out.WriteString(` properties="index"`)
		}
		out.WriteString("/>\n")
	}
	for i, r := range resources {
		out.WriteString(`<item id="res-` + strconv.Itoa(i+1) + `" href="` + r.name + `" media-type="` + r.mediaType + `"`)
		if r.cover {
			out.WriteString(` properties="cover-image"`)
		}
		out.WriteString("/>\n")
	}
	out.WriteString("</manifest>\n<spine>\n")
	for i := range b.docs {
		out.WriteString(`<itemref idref="doc-` + strconv.Itoa(i+1) + `"/>` + "\n")
	}
	out.WriteString("</spine>\n</package>\n")
	return out.Bytes()
}

// accessibility writes the schema.org accessibility metadata of EPUB
// Accessibility 1.1: what the book is read by, what it does for a reader
// with a disability, and a summary in words.
func (b *book) accessibility(out *bytes.Buffer) {
	pictures, charts := len(b.pictures) > 0, false
	ast.WalkBlocks(b.doc.Blocks, func(blk ast.Block) {
		if _, ok := blk.(*ast.OddsChart); ok {
			charts = true
		}
	})
	meta := func(property, value string) {
		out.WriteString(`<meta property="schema:` + property + `">` + value + "</meta>\n")
	}
	meta("accessMode", "textual")
	if pictures || charts {
		meta("accessMode", "visual")
	}
	meta("accessModeSufficient", "textual")
	for _, f := range []string{"structuralNavigation", "tableOfContents", "readingOrder", "displayTransformability"} {
		meta("accessibilityFeature", f)
	}
	if pictures || charts {
		meta("accessibilityFeature", "alternativeText")
	}
	meta("accessibilityHazard", "none")
	summary := "A reflowable book in its reading order, with headings for every chapter and section, a table of contents, " +
		"tables with header cells, footnotes linked both ways, and text that the reader may restyle."
	if pictures || charts {
		summary += " Every picture has a text alternative, and each odds chart a title and a label for each bar."
	}
	meta("accessibilitySummary", summary)
}

// bodyStart returns the document the book's body starts with: its first
// chapter, else the first that is neither the cover nor the title page;
// nil for a book with no document but those.
func (b *book) bodyStart() *document {
	var first *document
	for _, d := range b.docs {
		if d.heading != nil {
			return d
		}
		if first == nil && !d.cover && !d.titlePage {
			first = d
		}
	}
	return first
}

// navDocument writes the navigation document: the contents, from the
// book's outline to galley.toml's toc_depth, and the landmarks.
func (b *book) navDocument() []byte {
	var out bytes.Buffer
	nav := &document{name: navFile, title: "Contents"}
	b.head(&out, nav)
	out.WriteString(`<nav epub:type="toc" id="toc" role="doc-toc" aria-labelledby="toc-title">` + "\n" + `<h1 id="toc-title">Contents</h1>` + "\n")
	b.contents(&out, nav)
	out.WriteString("\n</nav>\n" + `<nav epub:type="landmarks" id="landmarks" hidden="hidden">` + "\n<h2>Landmarks</h2>\n<ol>\n")
	if len(b.docs) > 0 && b.docs[0].name == coverFile {
		out.WriteString(`<li><a epub:type="cover" href="` + coverFile + `">Cover</a></li>` + "\n")
	}
	if p, ok := b.at[b.toc]; ok {
		out.WriteString(`<li><a epub:type="toc" href="`)
		xhtml.EscapeXML(&out, p.href(nav))
		out.WriteString(`">Contents</a></li>` + "\n")
	}
	// The body starts at the first chapter; in a book without one (an
	// untitled book of sections), at its first document, so that the
	// landmarks, which may not be empty, always list where reading starts.
	if start := b.bodyStart(); start != nil {
		out.WriteString(`<li><a epub:type="bodymatter" href="` + start.name + `">`)
		xhtml.EscapeXML(&out, cmp.Or(start.title, untitled))
		out.WriteString("</a></li>\n")
	}
	if n := len(b.docs); n > 0 && b.docs[n-1].bookIndex {
		last := b.docs[n-1]
		out.WriteString(`<li><a epub:type="index" href="` + last.name + `">` + indexTitle + "</a></li>\n")
	}
	out.WriteString("</ol>\n</nav>\n</body>\n</html>\n")
	return out.Bytes()
}

// element writes open, text escaped as XML, and close.
func element(out *bytes.Buffer, open, text, close string) {
	out.WriteString(open)
	xhtml.EscapeXML(out, text)
	out.WriteString(close)
}
