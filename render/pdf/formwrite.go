package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/render/pdfpatch"
)

// fpdf writes no forms, so the form is added to the one-page PDF fpdf
// writes as an incremental update, the way PDF lets a document be
// amended: the new objects (the fields, their appearances, the form's
// font), the widget annotations, written over the objects fpdf reserved
// for them (fpdf.ReserveAnnot: the page lists them in /Annots, and the
// structure tree's Form elements refer to them), and a new version of the
// catalog, which points at the /AcroForm, are appended after fpdf's end
// of file, with a cross-reference section of their own that points back
// at fpdf's. fpdf's bytes stay as they are, so the form is as
// deterministic as they are.
//
// Each field carries its appearance, drawn as the flat sheet prints its
// value or mark (see painter), so that every reader shows and prints the
// values, whether or not it draws fields itself; a reader that lets a
// player type draws the new text in the field's /DA, the form font in the
// ink of what a player writes.

// writeForm returns doc, a PDF of one page of the given height in mm as
// fpdf writes it, with form's fields added, their widgets written as the
// annotations reserved, one for each widget in the form's order; k is
// points a millimetre.
func writeForm(doc []byte, form *sheetForm, reserved []fpdf.ReservedAnnot, k, height float64) ([]byte, error) {
	d, err := pdfpatch.Read(doc)
	if err != nil {
		return nil, fmt.Errorf("adding the form: %w", err)
	}
	catalog, err := d.Object(d.Root())
	if err != nil {
		return nil, fmt.Errorf("adding the form: %w", err)
	}
	pages, err := d.Object(pdfpatch.RefIn(catalog, "Pages"))
	if err != nil {
		return nil, fmt.Errorf("adding the form: %w", err)
	}
	kids := onePage.FindSubmatch(pages)
	if kids == nil {
		return nil, errors.New("adding the form: the PDF has more than one page")
	}
	pageNum, _ := strconv.Atoi(string(kids[1]))
	if _, err := d.Object(pageNum); err != nil {
		return nil, fmt.Errorf("adding the form: %w", err)
	}
	if bytes.Contains(catalog, []byte("/AcroForm")) {
		return nil, errors.New("adding the form: the PDF has a form already")
	}
	widgets := 0
	for _, f := range form.fields {
		widgets += len(f.widgets)
	}
	if widgets != len(reserved) {
		return nil, fmt.Errorf("adding the form: %d widgets, %d annotations reserved for them", widgets, len(reserved))
	}

	w := &formWriter{Update: d.Update(), k: k, height: height, page: pageNum, reserved: reserved}
	w.font = w.writeFont()
	w.off = w.Object(pdfpatch.Stream("<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << >>", nil))
	var fields []string
	for _, f := range form.fields {
		fields = append(fields, w.field(f))
	}
	acroForm := w.Object(fmt.Sprintf("<< /Fields [%s] /DA (/%s 0 Tf 0 g) /DR << /Font << /%s %s >> >> >>",
		strings.Join(fields, " "), formFontName, formFontName, w.font))
	w.Replace(d.Root(), pdfpatch.AddEntry(catalog, "/AcroForm "+acroForm))
	return w.Finish(), nil
}

// onePage finds the kid of a page tree of one page.
var onePage = regexp.MustCompile(`/Kids\s*\[\s*(\d+) 0 R\s*\]`)

// formWriter writes the form's objects as an update of fpdf's PDF.
type formWriter struct {
	*pdfpatch.Update
	k      float64
	height float64
	// page is the page's object number; font and off refer to the form
	// font and to the empty appearance of a button that is off.
	page      int
	font, off string
	// reserved are the widgets' annotations, the next one first.
	reserved []fpdf.ReservedAnnot
}

// widget writes the next widget annotation, of dict, an unclosed
// dictionary, and returns the reference to it.
func (w *formWriter) widget(dict string) string {
	a := w.reserved[0]
	w.reserved = w.reserved[1:]
	w.Replace(a.Obj, fmt.Sprintf("%s /StructParent %d >>", dict, a.StructParent))
	return strconv.Itoa(a.Obj) + " 0 R"
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
	return w.Object(pdfpatch.Stream(dict, []byte(a.b.String())))
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

// field writes a field and returns the reference to it.
func (w *formWriter) field(f *formField) string {
	names := fmt.Sprintf("/T %s /TU %s", pdfpatch.TextString(f.name), pdfpatch.TextString(f.label))
	switch f.typ {
	case textField:
		t := f.text
		ap := w.appearance(f.widgets[0].box, func(a *appearance) {
			if t.shown != "" {
				a.text(t.at, t.size, encodeWinAnsi(t.shown), t.ink)
			}
		})
		entries := fmt.Sprintf("<< %s /FT /Tx %s /V %s /DV %s /DA (/%s %.2f Tf %s rg) /Q %d",
			w.widgetEntries(f.widgets[0].box), names, pdfpatch.TextString(f.value), pdfpatch.TextString(f.value), formFontName, t.typed*w.k, inkTyped.pdf(), t.align)
		if t.maxLen > 0 {
			entries += fmt.Sprintf(" /MaxLen %d", t.maxLen)
		}
		if t.readOnly {
			entries += fmt.Sprintf(" /Ff %d", flagReadOnly)
		}
		return w.widget(entries + " /AP << /N " + ap + " >>")
	case checkBox:
		return w.widget(fmt.Sprintf("<< %s /FT /Btn %s /V %s /DV %s %s",
			w.widgetEntries(f.widgets[0].box), names, pdfState(f.value), pdfState(f.value), w.button(f.widgets[0], f.value)))
	}
	parent := w.Reserve()
	var kids []string
	for _, kid := range f.widgets {
		kids = append(kids, w.widget(fmt.Sprintf("<< %s /Parent %d 0 R %s", w.widgetEntries(kid.box), parent, w.button(kid, f.value))))
	}
	w.Replace(parent, fmt.Sprintf("<< /FT /Btn /Ff %d %s /V %s /DV %s /Kids [%s] >>",
		flagRadio|flagNoToggleToOff, names, pdfState(f.value), pdfState(f.value), strings.Join(kids, " ")))
	return strconv.Itoa(parent) + " 0 R"
}

// button returns a button widget's state and appearances: its own state
// when it is the one set, drawn by on, and Off.
func (w *formWriter) button(b widget, set string) string {
	on := w.appearance(b.box, func(a *appearance) { b.on(a) })
	state := "Off"
	if b.state == set {
		state = b.state
	}
	return fmt.Sprintf("/AS %s /AP << /N << %s %s /Off %s >> >>", pdfpatch.Name(state), pdfpatch.Name(b.state), on, w.off)
}

// pdfState returns a button field's value: the state set, or Off.
func pdfState(state string) string {
	if state == "" {
		return "/Off"
	}
	return pdfpatch.Name(state)
}

// writeFont writes the form font and returns the reference to it.
func (w *formWriter) writeFont() string {
	f := formFont()
	file := w.Object(pdfpatch.Stream(fmt.Sprintf("<< /Filter /FlateDecode /Length1 %d", f.length), f.program))
	descriptor := w.Object(fmt.Sprintf(
		"<< /Type /FontDescriptor /FontName /%s /Flags 33 /FontBBox [%d %d %d %d] /ItalicAngle 0 /Ascent %d /Descent %d /CapHeight %d /StemV 80 /FontFile2 %s >>",
		formFontName, f.bbox[0], f.bbox[1], f.bbox[2], f.bbox[3], f.ascent, f.descent, f.capHeight, file))
	widths := strings.Repeat(strconv.Itoa(f.advance)+" ", 0xFF-0x20+1)
	return w.Object(fmt.Sprintf("<< /Type /Font /Subtype /TrueType /BaseFont /%s /FirstChar 32 /LastChar 255 /Widths [%s] /Encoding /WinAnsiEncoding /FontDescriptor %s >>",
		formFontName, strings.TrimSpace(widths), descriptor))
}
