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
	id     string
	alt    string
	attrs  string
	parent *StructElem
	kids   []structKid
	// obj is the element's object number, given as the tree is written;
	// content tells whether it or an element under it holds any.
	obj     int
	content bool
}

// structKid is one child of an element: another element, or marked
// content (mcid ≥ 0) on page, or the annotation annot (> 0, 1-based).
type structKid struct {
	elem  *StructElem
	page  int
	mcid  int
	annot int
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
func (e *StructElem) SetAlt(alt string) { e.alt = alt }

// SetID sets the element's ID (/ID), unique in the document, by which a
// Note is referred to.
func (e *StructElem) SetID(id string) { e.id = id }

// SetAttributes sets the element's attribute dictionary (/A), given as
// its keys and values in PDF syntax, such as "/O /Table /Scope /Column".
func (e *StructElem) SetAttributes(dict string) { e.attrs = dict }

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
	// packed are the objects written into object streams.
	packed packed
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
	e.kids = append(e.kids, structKid{page: f.page, mcid: mcid})
	f.put("/")
	f.put(e.typ)
	f.put(" <</MCID ")
	f.put(strconv.Itoa(mcid))
	f.put(">> BDC\n")
	t.open = e
	t.body = f.pages[f.page].Len()
}

// MarkArtifact makes what is drawn next an artifact of the given type
// ("Pagination", "Layout", "Page", or "" for none said), no part of the
// structure tree: a running head, a folio, a rule or a frame.
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
	f.put("/Artifact <</Type /")
	f.put(kind)
	f.put(">> BDC\n")
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
		e.kids = append(e.kids, structKid{page: f.page, mcid: -1, annot: key[1] + 1})
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
		for i := range f.pageLinks[n] {
			t.annotObjs[[2]int{n, i}] = next
			next++
		}
	}
}

// pageTags writes the keys a tagged document's page n has: its
// /StructParents and, with annotations, their tab order and references.
func (f *Fpdf) pageTags(n int, annots *fmtBuffer) {
	f.outf("/StructParents %d", n-1)
	if len(f.pageLinks[n]) > 0 {
		f.out("/Tabs /S")
		for i := range f.pageLinks[n] {
			annots.printf("%d 0 R ", f.tagged.annotObjs[[2]int{n, i}])
		}
	}
}

// putTaggedAnnots writes the link annotations planned by taggedAnnots,
// each with its key in the parent tree.
func (f *Fpdf) putTaggedAnnots(nb int, hPt float64) {
	key := nb
	for n := 1; n <= nb; n++ {
		for i, pl := range f.pageLinks[n] {
			// Packed, as the structure tree is (see putPacked); the
			// object streams are written with the tree's.
			if contents, ok := f.tagged.contents[[2]int{n, i}]; ok {
				f.putPacked(sprintf("%s /Contents %s /StructParent %d>>", f.linkAnnotation(pl, hPt), f.textstring(utf8toutf16(contents)), key))
			} else {
				f.putPacked(sprintf("%s /StructParent %d>>", f.linkAnnotation(pl, hPt), key))
			}
			key++
		}
	}
}

// putStructTree writes the structure tree, its parent tree and the
// StructTreeRoot, and returns the root's object number. Elements with no
// content under them are left out.
func (f *Fpdf) putStructTree() int {
	t := f.tagged
	// Object numbers, in the tree's order: the root, the parent tree,
	// then the elements.
	rootObj, parentTreeObj := f.n+1, f.n+2
	next := f.n + 3
	var order []*StructElem
	var number func(e *StructElem) bool
	number = func(e *StructElem) bool {
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
	// Numbered children first, so that the walk needs no second pass; the
	// objects are written in that order.
	number(t.root)

	var b fmtBuffer
	b.printf("<</Type /StructTreeRoot /ParentTree %d 0 R /ParentTreeNextKey %d", parentTreeObj, len(t.pageObjs)-1+f.annotCount())
	if t.root.content {
		b.printf(" /K %d 0 R", t.root.obj)
	}
	if len(t.roleMap) > 0 {
		b.printf(" /RoleMap <<")
		keys := make([]string, 0, len(t.roleMap))
		for k := range t.roleMap {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			b.printf("/%s /%s ", k, t.roleMap[k])
		}
		b.printf(">>")
	}
	b.printf(">>")
	f.putPacked(b.String())

	var nums strings.Builder
	nums.WriteString("<</Nums [")
	for n := 1; n < len(t.pageObjs); n++ {
		nums.WriteString(strconv.Itoa(n - 1))
		nums.WriteString(" [")
		if n < len(t.marks) {
			for _, e := range t.marks[n] {
				nums.WriteString(objRef(e))
			}
		}
		nums.WriteString("] ")
	}
	key := len(t.pageObjs) - 1
	for n := 1; n < len(t.pageObjs); n++ {
		for i := range f.pageLinks[n] {
			if e := t.links[[2]int{n, i}]; e != nil {
				nums.WriteString(strconv.Itoa(key))
				nums.WriteString(" ")
				nums.WriteString(objRef(e))
			}
			key++
		}
	}
	nums.WriteString("]>>")
	f.putPacked(nums.String())

	for _, e := range order {
		f.putStructElem(e, rootObj)
	}
	f.putObjectStreams()
	return rootObj
}

// objRef is a reference to e's object, or null for an element left out
// of the tree, one never adopted.
func objRef(e *StructElem) string {
	if e.obj == 0 {
		return "null "
	}
	return strconv.Itoa(e.obj) + " 0 R "
}

// annotCount is how many link annotations the document has.
func (f *Fpdf) annotCount() int {
	n := 0
	for _, links := range f.pageLinks {
		n += len(links)
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
			page = k.page
			break
		}
	}
	var b strings.Builder
	// /Type is optional, and a book has thousands of elements.
	b.WriteString("<</S /")
	b.WriteString(e.typ)
	b.WriteString(" /P ")
	b.WriteString(strconv.Itoa(parent))
	b.WriteString(" 0 R")
	if page > 0 {
		b.WriteString(" /Pg ")
		b.WriteString(strconv.Itoa(t.pageObjs[page]))
		b.WriteString(" 0 R")
	}
	if e.id != "" {
		b.WriteString(" /ID ")
		b.WriteString(f.textstring(e.id))
	}
	if e.alt != "" {
		b.WriteString(" /Alt ")
		b.WriteString(f.textstring(utf8toutf16(e.alt)))
	}
	if e.attrs != "" {
		b.WriteString(" /A <<")
		b.WriteString(e.attrs)
		b.WriteString(">>")
	}
	b.WriteString(" /K [")
	for _, k := range e.kids {
		switch {
		case k.elem != nil:
			if k.elem.content {
				b.WriteString(strconv.Itoa(k.elem.obj))
				b.WriteString(" 0 R ")
			}
		case k.annot > 0:
			b.WriteString("<</Type /OBJR /Pg ")
			b.WriteString(strconv.Itoa(t.pageObjs[k.page]))
			b.WriteString(" 0 R /Obj ")
			b.WriteString(strconv.Itoa(t.annotObjs[[2]int{k.page, k.annot - 1}]))
			b.WriteString(" 0 R>> ")
		case k.page == page:
			b.WriteString(strconv.Itoa(k.mcid))
			b.WriteString(" ")
		default:
			b.WriteString("<</Type /MCR /Pg ")
			b.WriteString(strconv.Itoa(t.pageObjs[k.page]))
			b.WriteString(" 0 R /MCID ")
			b.WriteString(strconv.Itoa(k.mcid))
			b.WriteString(">> ")
		}
	}
	b.WriteString("]>>")
	f.putPacked(b.String())
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

// packed are the objects waiting to go into object streams, and where
// each went, by object number: its stream's and its index in it.
type packed struct {
	nums    []int
	objects []string
	at      map[int][2]int
}

// putPacked gives obj, a dictionary or other object but a stream, the
// next object number, and keeps it for an object stream (see
// putObjectStreams); in an encrypted document, which fpdf encrypts object
// by object, it is written as it is.
func (f *Fpdf) putPacked(obj string) {
	if f.protect.encrypted {
		f.newobj()
		f.out(obj)
		f.out("endobj")
		return
	}
	f.n++
	for j := len(f.offsets); j <= f.n; j++ {
		f.offsets = append(f.offsets, 0)
	}
	p := &f.tagged.packed
	p.nums = append(p.nums, f.n)
	p.objects = append(p.objects, obj)
}

// putObjectStreams writes the objects putPacked kept, objectsPerStream to
// a compressed stream.
func (f *Fpdf) putObjectStreams() {
	p := &f.tagged.packed
	if p.at == nil {
		p.at = map[int][2]int{}
	}
	for len(p.nums) > 0 {
		n := min(len(p.nums), objectsPerStream)
		var header, body strings.Builder
		for i, obj := range p.objects[:n] {
			header.WriteString(strconv.Itoa(p.nums[i]))
			header.WriteString(" ")
			header.WriteString(strconv.Itoa(body.Len()))
			header.WriteString(" ")
			body.WriteString(obj)
			body.WriteString("\n")
		}
		f.newobj()
		for i := range n {
			p.at[p.nums[i]] = [2]int{f.n, i}
		}
		mem := xmem.compress([]byte(header.String() + body.String()))
		data := mem.bytes()
		f.outf("<</Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d>>", n, header.Len(), len(data))
		f.putstream(data)
		f.out("endobj")
		mem.release()
		p.nums, p.objects = p.nums[n:], p.objects[n:]
	}
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
	mem := xmem.compress(rows)
	compressed := mem.bytes()
	f.outf("<</Type /XRef /Size %d /W [1 %d 2] /Root %d 0 R /Info %d 0 R /Filter /FlateDecode /DecodeParms <</Predictor 12 /Columns %d>> /Length %d>>", size, width, root, info, columns, len(compressed))
	f.putstream(compressed)
	f.out("endobj")
	mem.release()
	f.out("startxref")
	f.outf("%d", f.offsets[size-1])
	f.out("%%EOF")
	f.state = 3
}
