package fpdf

// [galley] Tagged PDF (ISO 32000-1 §14.7–14.8) for PDF/UA-1 (ISO 14289-1).
//
// fpdf draws content but says nothing of what the content is, and a reader
// who listens to a book, or reflows it on a phone, needs to know: which
// text is a heading, a paragraph, a table cell, in what order it is read,
// and which marks on the page (running heads, folios, rules) are no part of
// it. This file adds what fpdf lacks for that, and nothing else, so that
// the rest of the package stays as released:
//
//   - a structure tree of StructElem, built by the caller in reading order;
//   - marked content: MarkContent opens "/Tag <</MCID n>> BDC" for an
//     element, MarkArtifact "/Artifact BMC", each closing what was open,
//     so that a run of drawing for one element is one sequence however
//     many calls draw it; a page's open sequence is closed as it ends;
//   - link annotations that belong to an element (LinkIn), written as
//     objects of their own with /StructParent, and the element's /OBJR;
//   - at Output, the StructTreeRoot with its ParentTree and RoleMap, each
//     page's /StructParents and /Tabs /S, and the catalog's /MarkInfo and
//     /ViewerPreferences <</DisplayDocTitle true>>.
//
// The changes to fpdf.go that call into this file are marked [galley].

import (
	"bytes"
	"compress/zlib"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// StructElem is an element of a tagged PDF's structure tree: its type (a
// standard structure type, or one of the document's own that SetRoleMap
// maps to one), its attributes, and its children in reading order, which
// are other elements, marked content drawn on a page, and annotations.
type StructElem struct {
	typ    string
	parent *StructElem
	kids   []structKid
	// more holds what few elements have (a book has one a line of
	// text): an ID, an alternate text, attributes; nil for none.
	more *structMore
	// obj is the element's object number, given as the tree is written;
	// content tells whether it or an element under it holds any.
	obj     int
	content bool
	// into is the element this one was folded into as the tree was
	// written (see foldInto), whose object stands for it.
	into *StructElem
}

// structMore is what few elements have besides their type and children.
type structMore struct {
	id, alt, attrs string
}

// setMore returns e's structMore, to set.
func (e *StructElem) setMore() *structMore {
	if e.more == nil {
		e.more = &structMore{}
	}
	return e.more
}

// has returns e's structMore: nothing, for most.
func (e *StructElem) has() structMore {
	if e.more == nil {
		return structMore{}
	}
	return *e.more
}

// structKid is one child of an element: another element, or marked
// content (mcid ≥ 0) on page, or the annotation annot (> 0, 1-based).
// Its numbers are 32 bits: a book has a kid a line of text.
type structKid struct {
	elem  *StructElem
	page  int32
	mcid  int32
	annot int32
	// reserved (> 0, 1-based) is an annotation ReserveAnnot reserved on
	// page (see taggedannots.go).
	reserved int32
}

// NewStructElem returns an element of type typ with no parent: the root
// of a tree (see SetStructTree), or one to Adopt later.
func NewStructElem(typ string) *StructElem {
	return &StructElem{typ: typ}
}

// Add appends a new element of type typ to e's children and returns it.
func (e *StructElem) Add(typ string) *StructElem {
	child := &StructElem{typ: typ, parent: e}
	e.kids = append(e.kids, structKid{elem: child, mcid: -1})
	return child
}

// Adopt appends child, an element made by NewStructElem, to e's children,
// if it has no parent yet: a footnote is read where it is first cited,
// whichever element cites it.
func (e *StructElem) Adopt(child *StructElem) {
	if child.parent != nil || child == e {
		return
	}
	child.parent = e
	e.kids = append(e.kids, structKid{elem: child, mcid: -1})
}

// Type returns the element's structure type.
func (e *StructElem) Type() string { return e.typ }

// Parent returns the element's parent, nil for a root.
func (e *StructElem) Parent() *StructElem { return e.parent }

// SetType changes the element's structure type.
func (e *StructElem) SetType(typ string) { e.typ = typ }

// SetAlt sets the element's alternate description (/Alt), what a reader
// hears in place of a figure.
func (e *StructElem) SetAlt(alt string) { e.setMore().alt = alt }

// SetID sets the element's ID (/ID), unique in the document, by which a
// Note is referred to.
func (e *StructElem) SetID(id string) { e.setMore().id = id }

// SetAttributes sets the element's attribute dictionary (/A), given as
// its keys and values in PDF syntax, such as "/O /Table /Scope /Column".
func (e *StructElem) SetAttributes(dict string) { e.setMore().attrs = dict }

// tagging is a document's tagged-PDF state: nil until SetStructTree.
type tagging struct {
	root    *StructElem
	roleMap map[string]string
	// open is the element whose marked content is open on the current
	// page, or artifact the kind of artifact open ("" for none); at
	// most one is.
	open     *StructElem
	artifact string
	// begun and body are where the page's content was before the open
	// sequence began and after its BDC: a sequence closed with nothing
	// drawn in it is taken back.
	begun, body int
	// kid is the open element's child that is the open sequence.
	kid int
	// pageStart is what each page begun is marked for from its start.
	pageStart *StructElem
	// marks are, page by page (1-based), the element of each MCID.
	marks [][]*StructElem
	// links are the elements of the link annotations LinkIn added, by
	// page and index in the page's links, and contents their text.
	links    map[[2]int]*StructElem
	contents map[[2]int]string
	// pageObjs are the pages' object numbers and annotObjs the link
	// annotations', as Output writes them.
	pageObjs  []int
	annotObjs map[[2]int]int
	// reserved are the elements of the annotations ReserveAnnot
	// reserved, by page, and reservedOut those annotations as written.
	reserved    map[int][]*StructElem
	reservedOut []ReservedAnnot
	// packed are the objects written into object streams.
	packed packed
	// elem and kids are where putStructElem writes an element, kept
	// from element to element: a book has hundreds of thousands.
	elem, kids bytes.Buffer
}

// SetStructTree makes the document a tagged PDF whose structure tree has
// root as its one child of the StructTreeRoot (usually a Document
// element). It must be called before content is marked.
func (f *Fpdf) SetStructTree(root *StructElem) {
	if f.tagged == nil {
		f.tagged = &tagging{links: map[[2]int]*StructElem{}, contents: map[[2]int]string{}}
	}
	f.tagged.root = root
	f.pdfVersion = max(f.pdfVersion, pdfVersionFrom(1, 7))
}

// Tagged reports whether the document is a tagged PDF.
func (f *Fpdf) Tagged() bool { return f.tagged != nil }

// SetRoleMap maps the document's own structure types to standard ones
// (the StructTreeRoot's /RoleMap), as PDF/UA-1 requires of every type
// that is not standard.
func (f *Fpdf) SetRoleMap(roles map[string]string) {
	if f.tagged != nil {
		f.tagged.roleMap = roles
	}
}

// SetPageStartMark marks the content of every page begun from now on for
// e from its start, until it is marked otherwise: for a page drawn whole
// by code that adds the page itself. Nil marks nothing.
func (f *Fpdf) SetPageStartMark(e *StructElem) {
	if f.tagged != nil {
		f.tagged.pageStart = e
	}
}

// MarkContent makes what is drawn next on the page marked content of e,
// closing the sequence open before it unless that is e's already.
func (f *Fpdf) MarkContent(e *StructElem) {
	t := f.tagged
	if t == nil || f.state != 2 || (t.open == e && t.artifact == "") {
		return
	}
	f.EndMarkedContent()
	t.begun = f.pages[f.page].Len()
	for len(t.marks) <= f.page {
		t.marks = append(t.marks, nil)
	}
	mcid := len(t.marks[f.page])
	t.marks[f.page] = append(t.marks[f.page], e)
	t.kid = len(e.kids)
	e.kids = append(e.kids, structKid{page: int32(f.page), mcid: int32(mcid)})
	f.put("/")
	f.put(e.typ)
	f.put(" <</MCID ")
	f.put(strconv.Itoa(mcid))
	f.put(">> BDC\n")
	t.open = e
	t.body = f.pages[f.page].Len()
}

// MarkArtifact makes what is drawn next an artifact of the given type
// ("Pagination", "Page", or "Layout", which is written as an artifact of
// no type said, as is ""), no part of the structure tree: a running head,
// a folio, a rule or a frame.
func (f *Fpdf) MarkArtifact(kind string) {
	t := f.tagged
	if t == nil || f.state != 2 {
		return
	}
	if kind == "" {
		kind = "Layout"
	}
	if t.artifact == kind {
		return
	}
	f.EndMarkedContent()
	t.begun = f.pages[f.page].Len()
	if kind == "Layout" {
		// Most artifacts are; an artifact's type is optional, and
		// without it, the operator is half as long.
		f.put("/Artifact BMC\n")
	} else {
		f.put("/Artifact <</Type /")
		f.put(kind)
		f.put(">> BDC\n")
	}
	t.artifact = kind
	t.body = f.pages[f.page].Len()
}

// EndMarkedContent closes the marked-content sequence open, if any: the
// caller's before it restores a graphics state it saved after the
// sequence began, since the two nest.
func (f *Fpdf) EndMarkedContent() {
	t := f.tagged
	if t == nil || f.state != 2 || (t.open == nil && t.artifact == "") {
		return
	}
	if page := f.pages[f.page]; page.Len() == t.body {
		// Nothing was drawn: the sequence, and its MCID, are taken
		// back.
		page.Truncate(t.begun)
		if e := t.open; e != nil {
			t.marks[f.page] = t.marks[f.page][:len(t.marks[f.page])-1]
			e.kids = slices.Delete(e.kids, t.kid, t.kid+1)
		}
	} else {
		f.put("EMC\n")
	}
	t.open, t.artifact = nil, ""
}

// MarkedContent returns the element whose marked content is open, nil
// for none or an artifact.
func (f *Fpdf) MarkedContent() *StructElem {
	if f.tagged == nil {
		return nil
	}
	return f.tagged.open
}

// LinkIn puts a link on an area of the page, as Link does, that belongs
// to e, a Link element, in the structure tree, and is described by
// contents (its /Contents), such as the text it links.
func (f *Fpdf) LinkIn(e *StructElem, contents string, x, y, w, h float64, link int) {
	f.Link(x, y, w, h, link)
	if t := f.tagged; t != nil && e != nil {
		key := [2]int{f.page, len(f.pageLinks[f.page]) - 1}
		t.links[key] = e
		if contents != "" {
			t.contents[key] = contents
		}
		e.kids = append(e.kids, structKid{page: int32(f.page), mcid: -1, annot: int32(key[1] + 1)})
	}
}

// tagPageBegun marks the content of a page just begun for pageStart.
func (f *Fpdf) tagPageBegun() {
	if t := f.tagged; t != nil {
		t.open, t.artifact = nil, ""
		if t.pageStart != nil {
			f.MarkContent(t.pageStart)
		}
	}
}

// linkAnnotation returns the dictionary of a link annotation, without its
// closing ">>", on a page hPt high.
func (f *Fpdf) linkAnnotation(pl linkType, hPt float64) string {
	var b fmtBuffer
	b.printf("<</Type /Annot /Subtype /Link /Rect [%.2f %.2f %.2f %.2f] /Border [0 0 0] ",
		pl.x, pl.y, pl.x+pl.wd, pl.y-pl.ht)
	if pl.link == 0 {
		b.printf("/A <</S /URI /URI %s>>", f.textstring(pl.linkStr))
	} else {
		l := f.links[pl.link]
		h := hPt
		if sz, ok := f.pageSizes[l.page]; ok {
			h = sz.Ht
		}
		b.printf("/Dest [%d 0 R /XYZ 0 %.2f null]", 1+2*l.page, h-l.y*f.k)
	}
	return b.String()
}

// taggedAnnots plans, before the pages are written, the object numbers
// of the link annotations of a tagged document, which are written after
// the pages (see putTaggedAnnots) as objects of their own, since the
// structure tree refers to them.
func (f *Fpdf) taggedAnnots(nb int) {
	t := f.tagged
	t.annotObjs = map[[2]int]int{}
	next := f.n + 2*nb + 1
	for n := 1; n <= nb; n++ {
		for i := range f.pageAnnots(n) {
			t.annotObjs[[2]int{n, i}] = next
			next++
		}
	}
}

// pageTags writes the keys a tagged document's page n has: its
// /StructParents and, with annotations, their tab order and references.
func (f *Fpdf) pageTags(n int, annots *fmtBuffer) {
	f.outf("/StructParents %d", n-1)
	if f.pageAnnots(n) > 0 {
		f.out("/Tabs /S")
		for i := range f.pageAnnots(n) {
			annots.printf("%d 0 R ", f.tagged.annotObjs[[2]int{n, i}])
		}
	}
}

// putTaggedAnnots writes the link annotations planned by taggedAnnots,
// each with its key in the parent tree.
func (f *Fpdf) putTaggedAnnots(nb int, hPt float64) {
	f.reserve(f.annotCount())
	key := nb
	for n := 1; n <= nb; n++ {
		for i, pl := range f.pageLinks[n] {
			// Packed, as the structure tree is (see putPacked).
			obj := f.tagged.annotObjs[[2]int{n, i}]
			if contents, ok := f.tagged.contents[[2]int{n, i}]; ok {
				f.putPacked(obj, sprintf("%s /Contents %s /StructParent %d>>", f.linkAnnotation(pl, hPt), f.textstring(textOf(contents)), key))
			} else {
				f.putPacked(obj, sprintf("%s /StructParent %d>>", f.linkAnnotation(pl, hPt), key))
			}
			key++
		}
		key = f.putReservedAnnots(n, key)
	}
}

// parentTreeLeaf is how many keys a leaf of the parent tree holds: a book
// has a key for each page and each link, and a reader looks one up in a
// leaf rather than in one array of them all.
const parentTreeLeaf = 64

// putStructTree writes the structure tree, its parent tree and the
// StructTreeRoot, and returns the root's object number. Elements with no
// content under them are left out.
func (f *Fpdf) putStructTree() int {
	t := f.tagged
	// The parent tree's keys: each page's (its /StructParents), whose
	// value is the element of each of its MCIDs, then each link
	// annotation's (its /StructParent), whose value is its Link.
	pages := len(t.pageObjs) - 1
	entries := make([]parentTreeEntry, 0, pages)
	for n := 1; n <= pages; n++ {
		entries = append(entries, parentTreeEntry{key: n - 1, page: n})
	}
	key := pages
	for n := 1; n <= pages; n++ {
		for i := range f.pageAnnots(n) {
			if link := f.annotElem(n, i); link != nil {
				entries = append(entries, parentTreeEntry{key: key, link: link})
			}
			key++
		}
	}
	leaves := (len(entries) + parentTreeLeaf - 1) / parentTreeLeaf

	// Object numbers, in the tree's order: the root, the parent tree and
	// its leaves, then the elements, children before their parent.
	rootObj := f.n + 1
	parentTreeObj := rootObj + 1
	next := parentTreeObj + 1 + leaves
	var order []*StructElem
	var number func(e *StructElem) bool
	number = func(e *StructElem) bool {
		foldInto(e)
		for _, k := range e.kids {
			if k.elem == nil || number(k.elem) {
				e.content = true
			}
		}
		if e.content {
			e.obj = next
			next++
			order = append(order, e)
		}
		return e.content
	}
	number(t.root)
	f.reserve(next - rootObj)

	var b fmtBuffer
	b.printf("<</Type /StructTreeRoot /ParentTree %d 0 R /ParentTreeNextKey %d", parentTreeObj, pages+f.annotCount())
	if t.root.content {
		b.printf(" /K %d 0 R", t.root.obj)
	}
	if len(t.roleMap) > 0 {
		b.printf(" /RoleMap <<")
		roles := make([]string, 0, len(t.roleMap))
		for k := range t.roleMap {
			roles = append(roles, k)
		}
		sort.Strings(roles)
		for _, k := range roles {
			b.printf("/%s /%s ", k, t.roleMap[k])
		}
		b.printf(">>")
	}
	b.printf(">>")
	f.putPacked(rootObj, b.String())
	f.putParentTree(parentTreeObj, entries)
	for _, e := range order {
		f.putStructElem(e, rootObj)
	}
	f.putObjectStreams()
	return rootObj
}

// foldInto takes into e the children of its one child when that child
// is an element that says nothing e does not: a list item's body that is
// one paragraph is read the same as that paragraph (ISO 32000-1 §14.8.4.3.3
// lets an LBody hold content), and the book has hundreds of them, each an
// object and a key of the parent tree.
func foldInto(e *StructElem) {
	if e.typ != "LBody" || len(e.kids) != 1 {
		return
	}
	p := e.kids[0].elem
	if p == nil || p.typ != "P" || p.more != nil {
		return
	}
	p.into = e
	e.kids = p.kids
	for _, k := range e.kids {
		if k.elem != nil {
			k.elem.parent = e
		}
	}
}

// parentTreeEntry is a key of the parent tree and what it maps to: a
// page's MCIDs' elements, or the element of an annotation: a link's Link,
// a reserved widget's Form.
type parentTreeEntry struct {
	key  int
	page int
	link *StructElem
}

// putParentTree writes the parent tree, a number tree (ISO 32000-1
// §7.9.7) whose root is object obj and whose leaves, of parentTreeLeaf
// entries each, are the objects after it.
//
// A leaf is keys and references to elements, numbers that grow, a page's
// MCIDs' mostly to the same element or the next: each is written in a
// cell of its own, right-aligned, and packed as a column (see
// putObjectStreams), so that what is stored is how each differs from the
// one before it.
func (f *Fpdf) putParentTree(obj int, entries []parentTreeEntry) {
	t := f.tagged
	var kids strings.Builder
	kids.WriteString("<</Kids [")
	for leaf := obj + 1; len(entries) > 0; leaf++ {
		in := entries[:min(parentTreeLeaf, len(entries))]
		entries = entries[len(in):]
		kids.WriteString(strconv.Itoa(leaf))
		kids.WriteString(" 0 R ")
		nums := []byte("<</Limits [")
		nums = strconv.AppendInt(nums, int64(in[0].key), 10)
		nums = append(nums, ' ')
		nums = strconv.AppendInt(nums, int64(in[len(in)-1].key), 10)
		nums = append(nums, "] /Nums ["...)
		for _, entry := range in {
			nums = appendCell(nums, strconv.Itoa(entry.key))
			if entry.link != nil {
				nums = appendCell(nums, objRef(entry.link))
				continue
			}
			nums = append(nums, " ["...)
			if entry.page < len(t.marks) {
				for _, e := range t.marks[entry.page] {
					nums = appendCell(nums, objRef(e))
				}
			}
			nums = append(nums, ']')
		}
		nums = append(nums, "]>>"...)
		f.putPackedColumns(leaf, string(nums))
	}
	kids.WriteString("]>>")
	f.putPacked(obj, kids.String())
}

// cellWidth is the width of a cell of an object putPackedColumns keeps:
// that of a header entry of an object stream whose object numbers and
// offsets have seven digits.
const cellWidth = 16

// appendCell appends a space and token, right-aligned in the cell it
// then ends (the next, for a token shorter than a cell).
func appendCell(b []byte, token string) []byte {
	b = append(b, ' ')
	end := roundUp(len(b)+len(token), cellWidth)
	return append(appendSpaces(b, end-len(token)), token...)
}

// objRef is a reference to e's object, or null for an element left out
// of the tree, one never adopted.
func objRef(e *StructElem) string {
	for e.into != nil {
		e = e.into
	}
	if e.obj == 0 {
		return "null"
	}
	return strconv.Itoa(e.obj) + " 0 R"
}

// annotCount is how many link annotations the document has.
func (f *Fpdf) annotCount() int {
	n := 0
	for _, links := range f.pageLinks {
		n += len(links)
	}
	if f.tagged != nil {
		for _, reserved := range f.tagged.reserved {
			n += len(reserved)
		}
	}
	return n
}

// putStructElem writes one element, whose parent is parentObj when it is
// the tree's root.
func (f *Fpdf) putStructElem(e *StructElem, rootObj int) {
	t := f.tagged
	parent := rootObj
	if e.parent != nil {
		parent = e.parent.obj
	}
	// The element's page is that of its first marked content; marked
	// content on it is written as its bare MCID.
	page := 0
	for _, k := range e.kids {
		if k.elem == nil {
			page = int(k.page)
			break
		}
	}
	b := &t.elem
	b.Reset()
	// /Type is optional, and a book has thousands of elements, written
	// without the spaces a name's slash makes needless.
	b.WriteString("<</S/")
	b.WriteString(e.typ)
	b.WriteString("/P ")
	b.WriteString(strconv.Itoa(parent))
	b.WriteString(" 0 R")
	if page > 0 {
		b.WriteString("/Pg ")
		b.WriteString(strconv.Itoa(t.pageObjs[page]))
		b.WriteString(" 0 R")
	}
	more := e.has()
	if more.id != "" {
		b.WriteString("/ID ")
		b.WriteString(f.textstring(more.id))
	}
	if more.alt != "" {
		b.WriteString("/Alt ")
		b.WriteString(f.textstring(textOf(more.alt)))
	}
	if more.attrs != "" {
		b.WriteString("/A<<")
		b.WriteString(more.attrs)
		b.WriteString(">>")
	}
	// The children, one of them without the array around it.
	kids := &t.kids
	kids.Reset()
	n := 0
	for _, k := range e.kids {
		if k.elem != nil && !k.elem.content {
			continue
		}
		if n > 0 {
			kids.WriteString(" ")
		}
		n++
		switch {
		case k.elem != nil:
			kids.WriteString(strconv.Itoa(k.elem.obj))
			kids.WriteString(" 0 R")
		case k.annot > 0 || k.reserved > 0:
			// An annotation on the element's page takes its /Pg
			// (ISO 32000-1 Table 325): a book has thousands.
			kids.WriteString("<</Type/OBJR")
			if int(k.page) != page {
				kids.WriteString("/Pg ")
				kids.WriteString(strconv.Itoa(t.pageObjs[k.page]))
				kids.WriteString(" 0 R")
			}
			kids.WriteString("/Obj ")
			kids.WriteString(strconv.Itoa(f.annotObj(k)))
			kids.WriteString(" 0 R>>")
		case int(k.page) == page:
			kids.WriteString(strconv.Itoa(int(k.mcid)))
		default:
			kids.WriteString("<</Type/MCR/Pg ")
			kids.WriteString(strconv.Itoa(t.pageObjs[k.page]))
			kids.WriteString(" 0 R/MCID ")
			kids.WriteString(strconv.Itoa(int(k.mcid)))
			kids.WriteString(">>")
		}
	}
	if n == 1 {
		b.WriteString("/K ")
		b.Write(kids.Bytes())
	} else {
		b.WriteString("/K[")
		b.Write(kids.Bytes())
		b.WriteString("]")
	}
	b.WriteString(">>")
	f.putPacked(e.obj, b.String())
}

// textOf is s as the bytes of a PDF text string (ISO 32000-1 §7.9.2.2):
// PDFDocEncoding, which writes printable ASCII as ASCII, in half the bytes
// of UTF-16, when s is that; UTF-16 otherwise. Most alternate texts and
// links' descriptions are.
func textOf(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return utf8toutf16(s)
		}
	}
	return s
}

// putTaggedCatalog writes the catalog's entries of a tagged document.
func (f *Fpdf) putTaggedCatalog(rootObj int) {
	f.outf("/StructTreeRoot %d 0 R", rootObj)
	f.out("/MarkInfo <</Marked true>>")
	f.out("/ViewerPreferences <</DisplayDocTitle true>>")
}

// The structure tree is most of a tagged book's objects, thousands of small
// dictionaries much alike: written as they are, they doubled the size of a
// book. They are packed into compressed object streams (ISO 32000-1
// §7.5.7), which a cross-reference stream (§7.5.8) then finds, as krilla
// and Typst write them.

// objectsPerStream is how many objects an object stream holds.
const objectsPerStream = 1000

// packed are the objects waiting to go into the next object stream, and
// where each object went, by object number: its stream's number and its
// index in it.
type packed struct {
	nums    []int
	objects []string
	// columns tells, for each object, whether it was written in cells
	// (see putPackedColumns).
	columns []bool
	at      map[int][2]int
	// zw compresses the object streams and the cross-reference stream
	// harder than fpdf does pages: there are few of them, and they are
	// numbers that BestSpeed leaves a sixth larger.
	zw *zlib.Writer
}

// reserve takes the next n object numbers, for objects that putPacked
// will keep, and returns the first.
func (f *Fpdf) reserve(n int) int {
	first := f.n + 1
	f.n += n
	for len(f.offsets) <= f.n {
		f.offsets = append(f.offsets, 0)
	}
	return first
}

// putPacked keeps obj, a dictionary or other object but a stream, whose
// number num reserve took, for an object stream, and writes the stream
// once it is full, so that the objects' text is not all held at once; in
// an encrypted document, which fpdf encrypts object by object, it is
// written as it is.
func (f *Fpdf) putPacked(num int, obj string) {
	f.keepPacked(num, obj, false)
}

// putPackedColumns keeps obj as putPacked does, an object whose numbers
// are written in cells of cellWidth bytes from its start (see
// appendCell), so that each is stored as its difference from the one
// in the cell before it.
func (f *Fpdf) putPackedColumns(num int, obj string) {
	f.keepPacked(num, obj, true)
}

// keepPacked keeps obj for putPacked and putPackedColumns.
func (f *Fpdf) keepPacked(num int, obj string, columns bool) {
	if f.protect.encrypted {
		f.offsets[num] = f.buffer.Len()
		f.outf("%d 0 obj", num)
		f.out(obj)
		f.out("endobj")
		return
	}
	p := &f.tagged.packed
	p.nums = append(p.nums, num)
	p.objects = append(p.objects, obj)
	p.columns = append(p.columns, columns)
	if len(p.nums) == objectsPerStream {
		f.putObjectStreams()
	}
}

// putObjectStreams writes the objects putPacked kept into a compressed
// object stream (ISO 32000-1 §7.5.7), a new object.
//
// The stream's header, each object's number and offset, is numbers that
// grow, which deflate cannot shorten: plainly written, it was a third of
// a book's object streams, some five bytes an object. So it is written in
// columns of one width, each number right-aligned in its own, and stored
// as its difference from the entry before it (a PNG predictor's Sub
// filter, a pixel being an entry): the numbers go up by one and by an
// object's length, and their differences are mostly zeros, which deflate
// packs to a byte or two an object. The objects after the header are
// stored as they are (the None filter), in rows as long as many entries,
// but for those written in cells as wide as an entry (putPackedColumns),
// stored as the header is.
func (f *Fpdf) putObjectStreams() {
	p := &f.tagged.packed
	if len(p.nums) == 0 {
		return
	}
	if p.at == nil {
		p.at = map[int][2]int{}
	}
	// The objects, each written in cells starting at a cell's start,
	// and the spans of the rows they make, where what is stored is
	// each byte's difference from the byte a cell before it.
	var body []byte
	var inColumns [][2]int
	offsets := make([]int, len(p.objects))
	for i, obj := range p.objects {
		if p.columns[i] {
			body = appendSpaces(body, roundUp(len(body), cellWidth))
		}
		offsets[i] = len(body)
		body = append(body, obj...)
		body = append(body, '\n')
		if p.columns[i] {
			if n := len(inColumns); n > 0 && inColumns[n-1][1] >= offsets[i]-cellWidth {
				inColumns[n-1][1] = len(body)
			} else {
				inColumns = append(inColumns, [2]int{offsets[i], len(body)})
			}
		}
	}
	numWidth, offsetWidth := digits(slices.Max(p.nums)), digits(offsets[len(offsets)-1])
	entry := numWidth + 1 + offsetWidth + 1
	if len(inColumns) > 0 {
		// The cells' width, which a header entry's is at most.
		entry = max(entry, cellWidth)
	}
	row := entry * entriesPerRow
	body = appendSpaces(body, roundUp(len(body), row))
	header := make([]byte, 0, roundUp(entry*len(offsets), row))
	for i, offset := range offsets {
		header = appendRightAligned(header, p.nums[i], numWidth)
		header = append(header, ' ')
		header = appendRightAligned(header, offset, offsetWidth)
		header = appendSpaces(header, (i+1)*entry)
	}
	header = appendSpaces(header, roundUp(len(header), row))

	rows := make([]byte, 0, len(header)+len(body)+(len(header)+len(body))/row)
	for r := 0; r < len(header); r += row {
		rows = appendSubRow(rows, header[r:r+row], entry)
	}
	for r := 0; r < len(body); r += row {
		for len(inColumns) > 0 && inColumns[0][1] <= r {
			inColumns = inColumns[1:]
		}
		if len(inColumns) > 0 && inColumns[0][0] <= r && r+row <= inColumns[0][1] {
			rows = appendSubRow(rows, body[r:r+row], entry)
		} else {
			rows = append(rows, pngNone)
			rows = append(rows, body[r:r+row]...)
		}
	}

	f.newobj()
	for i, num := range p.nums {
		p.at[num] = [2]int{f.n, i}
	}
	data := f.compressPacked(rows)
	// Predictor 15 says each row names its filter; Colors, the bytes
	// an entry has, is at most 32 for poppler and MuPDF, which a number
	// of fifteen digits would pass.
	f.outf("<</Type /ObjStm /N %d /First %d /Filter /FlateDecode /DecodeParms <</Predictor 15 /Colors %d /Columns %d>> /Length %d>>",
		len(p.nums), len(header), entry, entriesPerRow, len(data))
	f.putstream(data)
	f.out("endobj")
	clear(p.objects)
	p.nums, p.objects, p.columns = p.nums[:0], p.objects[:0], p.columns[:0]
}

// appendSubRow appends row as a row of PNG's Sub filter: each byte less the
// byte a pixel (bpp bytes) before it.
func appendSubRow(rows, row []byte, bpp int) []byte {
	rows = append(rows, pngSub)
	for c := range row {
		left := byte(0)
		if c >= bpp {
			left = row[c-bpp]
		}
		rows = append(rows, row[c]-left)
	}
	return rows
}

// entriesPerRow is how many header entries an object stream's row holds:
// each row begins with its filter's byte, and a long row breaks the
// objects' text, which deflate matches, seldom.
const entriesPerRow = 256

// The PNG filters (the types of a row) an object stream uses.
const (
	pngNone = 0
	pngSub  = 1
)

// digits is how many decimal digits n ≥ 0 has.
func digits(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// roundUp is n rounded up to a multiple of unit.
func roundUp(n, unit int) int {
	return (n + unit - 1) / unit * unit
}

// appendRightAligned appends n in decimal, after as many spaces as make
// it width bytes long.
func appendRightAligned(b []byte, n, width int) []byte {
	return strconv.AppendInt(appendSpaces(b, len(b)+width-digits(n)), int64(n), 10)
}

// appendSpaces appends spaces to b until it is n bytes long.
func appendSpaces(b []byte, n int) []byte {
	for len(b) < n {
		b = append(b, ' ')
	}
	return b
}

// compressPacked compresses an object stream or the cross-reference
// stream.
func (f *Fpdf) compressPacked(data []byte) []byte {
	p := &f.tagged.packed
	var buf bytes.Buffer
	if p.zw == nil {
		// Level 7 packs a book's tree 3% smaller than level 5 and
		// as small as level 9, in half level 9's time: 0.08 s a
		// megabyte of tree where level 5 takes 0.03, some 0.6 s
		// more of the 18 s CPU of a book a hundred times the seed
		// body's length (14 MB of tree).
		p.zw, _ = zlib.NewWriterLevel(&buf, 7)
	} else {
		p.zw.Reset(&buf)
	}
	p.zw.Write(data)
	p.zw.Close()
	return buf.Bytes()
}

// putXrefStream ends a document with packed objects: its cross-reference
// stream, which finds them, and the trailer's entries in its dictionary.
// The catalog is the last object and the Info the one before it.
func (f *Fpdf) putXrefStream() {
	root, info := f.n, f.n-1
	f.newobj()
	size := f.n + 1
	at := f.tagged.packed.at
	// Each entry is a type, the offset or stream number in as few
	// bytes as the file's length needs, and 2 bytes of generation or
	// index.
	width := 1
	for f.buffer.Len()>>(8*width) > 0 {
		width++
	}
	data := make([]byte, 0, (3+width)*size)
	entry := func(typ byte, a, b int) {
		data = append(data, typ)
		for k := width - 1; k >= 0; k-- {
			data = append(data, byte(a>>(8*k)))
		}
		data = append(data, byte(b>>8), byte(b))
	}
	entry(0, 0, 0xffff)
	for j := 1; j < size; j++ {
		if in, ok := at[j]; ok {
			entry(2, in[0], in[1])
		} else {
			entry(1, f.offsets[j], 0)
		}
	}
	// Each row is stored as its difference from the row above, PNG's Up
	// predictor: offsets grow slowly and stream numbers repeat, so the
	// rows are mostly zeros, which compress to a third.
	columns := 3 + width
	rows := make([]byte, 0, (columns+1)*size)
	for r := 0; r < len(data); r += columns {
		rows = append(rows, 2)
		for c := range columns {
			above := byte(0)
			if r > 0 {
				above = data[r-columns+c]
			}
			rows = append(rows, data[r+c]-above)
		}
	}
	compressed := f.compressPacked(rows)
	f.outf("<</Type /XRef /Size %d /W [1 %d 2] /Root %d 0 R /Info %d 0 R /Filter /FlateDecode /DecodeParms <</Predictor 12 /Columns %d>> /Length %d>>", size, width, root, info, columns, len(compressed))
	f.putstream(compressed)
	f.out("endobj")
	f.out("startxref")
	f.outf("%d", f.offsets[size-1])
	f.out("%%EOF")
	f.state = 3
}
