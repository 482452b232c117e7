package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
)

// fpdf writes no forms, so the form is added to the one-page PDF fpdf
// writes as an incremental update, the way PDF lets a document be
// amended: the new objects (the fields, their appearances, the form's
// font) and new versions of the page, which lists the fields' widgets in
// /Annots, and of the catalog, which points at the /AcroForm, are appended
// after fpdf's end of file, with a cross-reference section of their own
// that points back at fpdf's. fpdf's bytes stay as they are, so the form
// is as deterministic as they are.
//
// Each field carries its appearance, drawn as the flat sheet prints its
// value or mark (see painter), so that every reader shows and prints the
// values, whether or not it draws fields itself; a reader that lets a
// player type draws the new text in the field's /DA, the form font in the
// ink of what a player writes.

// writeForm returns doc, a PDF of one page of the given height in mm as
// fpdf writes it, with form's fields added; k is points a millimetre.
func writeForm(doc []byte, form *sheetForm, k, height float64) ([]byte, error) {
	old, err := readTrailer(doc)
	if err != nil {
		return nil, fmt.Errorf("adding the form: %w", err)
	}
	catalog, err := objectBody(doc, old.xref, old.root)
	if err != nil {
		return nil, err
	}
	pages, err := objectBody(doc, old.xref, refIn(catalog, "Pages"))
	if err != nil {
		return nil, err
	}
	kids := onePage.FindSubmatch(pages)
	if kids == nil {
		return nil, errors.New("adding the form: the PDF has more than one page")
	}
	pageNum, _ := strconv.Atoi(string(kids[1]))
	page, err := objectBody(doc, old.xref, pageNum)
	if err != nil {
		return nil, err
	}
	if bytes.Contains(page, []byte("/Annots")) || bytes.Contains(catalog, []byte("/AcroForm")) {
		return nil, errors.New("adding the form: the PDF has annotations or a form already")
	}

	w := &formWriter{out: bytes.NewBuffer(doc), next: old.size, k: k, height: height, page: pageNum}
	w.font = w.writeFont()
	w.off = w.object(stream("<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << >>", nil))
	var fields, annots []string
	for _, f := range form.fields {
		field, widgets := w.field(f)
		fields = append(fields, field)
		annots = append(annots, widgets...)
	}
	acroForm := w.object(fmt.Sprintf("<< /Fields [%s] /DA (/%s 0 Tf 0 g) /DR << /Font << /%s %s >> >> >>",
		strings.Join(fields, " "), formFontName, formFontName, w.font))
	w.replace(pageNum, addEntry(page, "/Annots ["+strings.Join(annots, " ")+"]"))
	w.replace(old.root, addEntry(catalog, "/AcroForm "+acroForm))
	w.finish(old)
	return w.out.Bytes(), nil
}

// onePage finds the kid of a page tree of one page.
var onePage = regexp.MustCompile(`/Kids\s*\[\s*(\d+) 0 R\s*\]`)

// trailer is what a PDF's last trailer says.
type trailer struct {
	size, root, info int
	// startxref is the offset of the last cross-reference section.
	startxref int
	// xref is each object's offset, by number: its newest version's, where
	// updates have written it again; -1 for an object freed.
	xref map[int]int
}

var (
	startxref   = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)
	xrefSection = regexp.MustCompile(`^xref\s+`)
	subsection  = regexp.MustCompile(`^(\d+) (\d+)\s+`)
	xrefEntry   = regexp.MustCompile(`^(\d{10}) (\d{5}) ([nf])\s{1,2}`)
	intEntry    = regexp.MustCompile(`/(Size|Prev) (\d+)`)
)

// readTrailer reads the cross-reference sections and the trailer that end
// doc, following each section's /Prev to the one before.
func readTrailer(doc []byte) (*trailer, error) {
	m := startxref.FindSubmatch(doc)
	if m == nil {
		return nil, errors.New("no startxref at the end of the PDF")
	}
	t := &trailer{xref: map[int]int{}}
	t.startxref, _ = strconv.Atoi(string(m[1]))
	for at, seen := t.startxref, map[int]bool{}; at >= 0; {
		if at >= len(doc) || seen[at] {
			return nil, errors.New("a cross-reference section is past the end of the PDF, or loops")
		}
		seen[at] = true
		dict, err := readXref(doc[at:], t.xref)
		if err != nil {
			return nil, err
		}
		at = -1
		for _, e := range intEntry.FindAllSubmatch(dict, -1) {
			n, _ := strconv.Atoi(string(e[2]))
			switch {
			case string(e[1]) == "Prev":
				at = n
			case t.size == 0:
				t.size = n
			}
		}
		if t.root == 0 {
			t.root, t.info = refIn(dict, "Root"), refIn(dict, "Info")
		}
	}
	if t.root == 0 || t.size == 0 {
		return nil, errors.New("the trailer names no /Root or /Size")
	}
	return t, nil
}

// readXref reads the cross-reference section at the start of section into
// xref, but for objects it has already, and returns its trailer's
// dictionary.
func readXref(section []byte, xref map[int]int) ([]byte, error) {
	loc := xrefSection.FindIndex(section)
	if loc == nil {
		return nil, errors.New("no cross-reference table where startxref or /Prev points")
	}
	rest := section[loc[1]:]
	for {
		sub := subsection.FindSubmatch(rest)
		if sub == nil {
			break
		}
		first, _ := strconv.Atoi(string(sub[1]))
		count, _ := strconv.Atoi(string(sub[2]))
		rest = rest[len(sub[0]):]
		for i := range count {
			e := xrefEntry.FindSubmatch(rest)
			if e == nil {
				return nil, errors.New("a malformed cross-reference entry")
			}
			if _, ok := xref[first+i]; !ok {
				xref[first+i] = -1 // free
				if string(e[3]) == "n" {
					xref[first+i], _ = strconv.Atoi(string(e[1]))
				}
			}
			rest = rest[len(e[0]):]
		}
	}
	end := bytes.Index(rest, []byte(">>"))
	if !bytes.HasPrefix(rest, []byte("trailer")) || end < 0 {
		return nil, errors.New("no trailer after the cross-reference table")
	}
	return rest[:end+2], nil
}

// refEntry is a dictionary's entry that refers to an object.
var refEntry = regexp.MustCompile(`/(\w+)\s+(\d+) 0 R`)

// refIn returns the object number a dictionary's key refers to, or 0.
func refIn(dict []byte, key string) int {
	for _, m := range refEntry.FindAllSubmatch(dict, -1) {
		if string(m[1]) == key {
			n, _ := strconv.Atoi(string(m[2]))
			return n
		}
	}
	return 0
}

// objectBody returns the dictionary of object num, a dictionary without a
// stream, as fpdf writes the catalog, the page tree and the pages.
func objectBody(doc []byte, xref map[int]int, num int) ([]byte, error) {
	at, ok := xref[num]
	head := []byte(strconv.Itoa(num) + " 0 obj")
	if !ok || at < 0 || at >= len(doc) || !bytes.HasPrefix(doc[at:], head) {
		return nil, fmt.Errorf("adding the form: object %d is not where the cross-reference table says", num)
	}
	body := doc[at+len(head):]
	end := bytes.Index(body, []byte("endobj"))
	if end < 0 {
		return nil, fmt.Errorf("adding the form: object %d does not end", num)
	}
	return bytes.TrimSpace(body[:end]), nil
}

// addEntry returns dict, a dictionary, with entry added before its >>.
func addEntry(dict []byte, entry string) string {
	end := bytes.LastIndex(dict, []byte(">>"))
	return string(dict[:end]) + "\n" + entry + "\n>>"
}

// formWriter appends the update's objects to out, keeping their offsets.
type formWriter struct {
	out     *bytes.Buffer
	next    int
	offsets map[int]int
	k       float64
	height  float64
	// page is the page's object number; font and off refer to the form
	// font and to the empty appearance of a button that is off.
	page      int
	font, off string
}

// object writes body as a new object and returns a reference to it.
func (w *formWriter) object(body string) string {
	num := w.next
	w.next++
	w.replace(num, body)
	return strconv.Itoa(num) + " 0 R"
}

// replace writes body as object num, a new version of it if it exists.
func (w *formWriter) replace(num int, body string) {
	if w.offsets == nil {
		w.offsets = map[int]int{}
	}
	if !bytes.HasSuffix(w.out.Bytes(), []byte("\n")) {
		w.out.WriteByte('\n')
	}
	w.offsets[num] = w.out.Len()
	fmt.Fprintf(w.out, "%d 0 obj\n%s\nendobj\n", num, body)
}

// stream returns the body of a stream object: dict, an unclosed
// dictionary, with its /Length, and data.
func stream(dict string, data []byte) string {
	return fmt.Sprintf("%s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// finish writes the update's cross-reference section and trailer, which
// points back at the old section.
func (w *formWriter) finish(old *trailer) {
	xref := w.out.Len()
	nums := make([]int, 0, len(w.offsets))
	for num := range w.offsets {
		nums = append(nums, num)
	}
	slices.Sort(nums)
	w.out.WriteString("xref\n")
	for i := 0; i < len(nums); {
		j := i + 1
		for j < len(nums) && nums[j] == nums[j-1]+1 {
			j++
		}
		fmt.Fprintf(w.out, "%d %d\n", nums[i], j-i)
		for _, num := range nums[i:j] {
			fmt.Fprintf(w.out, "%010d 00000 n \n", w.offsets[num])
		}
		i = j
	}
	info := ""
	if old.info != 0 {
		info = fmt.Sprintf("/Info %d 0 R ", old.info)
	}
	fmt.Fprintf(w.out, "trailer\n<< /Size %d /Root %d 0 R %s/Prev %d >>\nstartxref\n%d\n%%%%EOF\n", w.next, old.root, info, old.startxref, xref)
}

// rect returns a rectangle on the page in PDF's coordinates.
func (w *formWriter) rect(r rect) string {
	return fmt.Sprintf("[%.2f %.2f %.2f %.2f]", r.x*w.k, (w.height-r.y-r.h)*w.k, (r.x+r.w)*w.k, (w.height-r.y)*w.k)
}

// appearance writes an appearance stream of box, painted by paint.
func (w *formWriter) appearance(box rect, paint func(a *appearance)) string {
	a := &appearance{box: box, k: w.k}
	paint(a)
	dict := fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 %.2f %.2f] /Resources << /Font << /%s %s >> >>",
		box.w*w.k, box.h*w.k, formFontName, w.font)
	return w.object(stream(dict, []byte(a.b.String())))
}

// widgetEntries are the entries of a widget annotation: where it is, that
// it prints, on which page.
func (w *formWriter) widgetEntries(box rect) string {
	return fmt.Sprintf("/Type /Annot /Subtype /Widget /Rect %s /F 4 /P %d 0 R", w.rect(box), w.page)
}

// Field flags (/Ff).
const (
	flagReadOnly      = 1 << 0
	flagNoToggleToOff = 1 << 14
	flagRadio         = 1 << 15
)

// field writes a field and returns the reference to it and to its widgets.
func (w *formWriter) field(f *formField) (string, []string) {
	names := fmt.Sprintf("/T %s /TU %s", textString(f.name), textString(f.label))
	switch f.typ {
	case textField:
		t := f.text
		ap := w.appearance(f.widgets[0].box, func(a *appearance) {
			if t.shown != "" {
				a.text(t.at, t.size, encodeWinAnsi(t.shown), t.ink)
			}
		})
		entries := fmt.Sprintf("<< %s /FT /Tx %s /V %s /DV %s /DA (/%s %.2f Tf %s rg) /Q %d",
			w.widgetEntries(f.widgets[0].box), names, textString(f.value), textString(f.value), formFontName, t.typed*w.k, inkTyped.pdf(), t.align)
		if t.maxLen > 0 {
			entries += fmt.Sprintf(" /MaxLen %d", t.maxLen)
		}
		if t.readOnly {
			entries += fmt.Sprintf(" /Ff %d", flagReadOnly)
		}
		ref := w.object(entries + " /AP << /N " + ap + " >> >>")
		return ref, []string{ref}
	case checkBox:
		ref := w.object(fmt.Sprintf("<< %s /FT /Btn %s /V %s /DV %s %s >>",
			w.widgetEntries(f.widgets[0].box), names, pdfState(f.value), pdfState(f.value), w.button(f.widgets[0], f.value)))
		return ref, []string{ref}
	}
	parent := w.next
	w.next++
	var kids []string
	for _, kid := range f.widgets {
		kids = append(kids, w.object(fmt.Sprintf("<< %s /Parent %d 0 R %s >>", w.widgetEntries(kid.box), parent, w.button(kid, f.value))))
	}
	w.replace(parent, fmt.Sprintf("<< /FT /Btn /Ff %d %s /V %s /DV %s /Kids [%s] >>",
		flagRadio|flagNoToggleToOff, names, pdfState(f.value), pdfState(f.value), strings.Join(kids, " ")))
	return strconv.Itoa(parent) + " 0 R", kids
}

// button returns a button widget's state and appearances: its own state
// when it is the one set, drawn by on, and Off.
func (w *formWriter) button(b widget, set string) string {
	on := w.appearance(b.box, func(a *appearance) { b.on(a) })
	state := "Off"
	if b.state == set {
		state = b.state
	}
	return fmt.Sprintf("/AS %s /AP << /N << %s %s /Off %s >> >>", pdfName(state), pdfName(b.state), on, w.off)
}

// pdfState returns a button field's value: the state set, or Off.
func pdfState(state string) string {
	if state == "" {
		return "/Off"
	}
	return pdfName(state)
}

// writeFont writes the form font and returns the reference to it.
func (w *formWriter) writeFont() string {
	f := formFont()
	file := w.object(stream(fmt.Sprintf("<< /Filter /FlateDecode /Length1 %d", f.length), f.program))
	descriptor := w.object(fmt.Sprintf(
		"<< /Type /FontDescriptor /FontName /%s /Flags 33 /FontBBox [%d %d %d %d] /ItalicAngle 0 /Ascent %d /Descent %d /CapHeight %d /StemV 80 /FontFile2 %s >>",
		formFontName, f.bbox[0], f.bbox[1], f.bbox[2], f.bbox[3], f.ascent, f.descent, f.capHeight, file))
	widths := strings.Repeat(strconv.Itoa(f.advance)+" ", 0xFF-0x20+1)
	return w.object(fmt.Sprintf("<< /Type /Font /Subtype /TrueType /BaseFont /%s /FirstChar 32 /LastChar 255 /Widths [%s] /Encoding /WinAnsiEncoding /FontDescriptor %s >>",
		formFontName, strings.TrimSpace(widths), descriptor))
}

// textString returns s as a PDF text string: a literal of its bytes when it
// is printable ASCII, else UTF-16 with a byte order mark.
func textString(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		ascii = ascii && s[i] >= 0x20 && s[i] < 0x7F
	}
	if ascii {
		return pdfString([]byte(s))
	}
	var b strings.Builder
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteString(">")
	return b.String()
}

// pdfString returns b as a PDF literal string, escaping what a literal
// cannot hold as it is.
func pdfString(b []byte) string {
	var s strings.Builder
	s.WriteByte('(')
	for _, c := range b {
		switch {
		case c == '(' || c == ')' || c == '\\':
			s.WriteByte('\\')
			s.WriteByte(c)
		case c < 0x20 || c >= 0x7F:
			fmt.Fprintf(&s, "\\%03o", c)
		default:
			s.WriteByte(c)
		}
	}
	s.WriteByte(')')
	return s.String()
}

// pdfName returns s as a PDF name, each byte a name cannot hold as it is
// written #XX.
func pdfName(s string) string {
	var b strings.Builder
	b.WriteByte('/')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '!' || c > '~' || strings.IndexByte("()<>[]{}/%#", c) >= 0 {
			fmt.Fprintf(&b, "#%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
