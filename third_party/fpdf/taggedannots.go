package fpdf

// [galley] Annotations reserved for a later incremental update.
//
// fpdf writes no forms: galley adds a fillable sheet's fields to the PDF
// fpdf writes, as an incremental update. In a tagged PDF each field's
// widget annotation belongs to a Form element of the structure tree, by
// an /OBJR, and has a key of the parent tree (its /StructParent), and the
// page lists it in /Annots with /Tabs /S: all of it written with the
// tree. ReserveAnnot lets the drawing say so: fpdf gives each reserved
// annotation its object number, its /OBJR, its parent-tree key and its
// place in the page's /Annots, and writes it as null; the update writes
// the annotation itself over that object (see ReservedAnnots).

// ReservedAnnot is an annotation ReserveAnnot reserved, as Output wrote
// it: its object number, which the update writes the annotation as, and
// its /StructParent.
type ReservedAnnot struct {
	Obj, StructParent int
}

// ReserveAnnot reserves an annotation on the current page of a tagged
// document that belongs to e, such as a form field's widget under a Form
// element.
func (f *Fpdf) ReserveAnnot(e *StructElem) {
	t := f.tagged
	if t == nil || f.state != 2 || e == nil {
		return
	}
	if t.reserved == nil {
		t.reserved = map[int][]*StructElem{}
	}
	t.reserved[f.page] = append(t.reserved[f.page], e)
	e.kids = append(e.kids, structKid{page: int32(f.page), mcid: -1, reserved: int32(len(t.reserved[f.page]))})
}

// ReservedAnnots returns the annotations ReserveAnnot reserved, page by
// page in the order they were reserved, once Output has written them.
func (f *Fpdf) ReservedAnnots() []ReservedAnnot {
	if f.tagged == nil {
		return nil
	}
	return f.tagged.reservedOut
}

// pageAnnots is how many annotations of its own page n of a tagged
// document has: its links, then its reserved annotations.
func (f *Fpdf) pageAnnots(n int) int {
	return len(f.pageLinks[n]) + len(f.tagged.reserved[n])
}

// annotElem is the element annotation i of page n belongs to, nil for
// none.
func (f *Fpdf) annotElem(n, i int) *StructElem {
	t := f.tagged
	if links := len(f.pageLinks[n]); i >= links {
		return t.reserved[n][i-links]
	}
	return t.links[[2]int{n, i}]
}

// putReservedAnnots writes page n's reserved annotations as null objects,
// their keys in the parent tree from key on, and returns the key after
// them.
func (f *Fpdf) putReservedAnnots(n, key int) int {
	t := f.tagged
	for j := range t.reserved[n] {
		obj := t.annotObjs[[2]int{n, len(f.pageLinks[n]) + j}]
		f.putPacked(obj, "null")
		t.reservedOut = append(t.reservedOut, ReservedAnnot{Obj: obj, StructParent: key})
		key++
	}
	return key
}

// annotObj is the object number of the annotation an /OBJR kid of an
// element refers to: a link's, or a reserved annotation's.
func (f *Fpdf) annotObj(k structKid) int {
	page, i := int(k.page), int(k.annot)-1
	if k.reserved > 0 {
		i = len(f.pageLinks[page]) + int(k.reserved) - 1
	}
	return f.tagged.annotObjs[[2]int{page, i}]
}
