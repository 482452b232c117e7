package pdf

import (
	"bytes"

	"codeberg.org/go-pdf/fpdf"

	"github.com/galleyhq/galley/parser/ast"
)

// pxMM is the size of a CSS pixel in millimetres, a picture's own size
// when the manuscript gives it no width: as large as the site shows it.
const pxMM = 25.4 / 96

// image sets a picture at the width the manuscript asks for (see
// ast.ImageWidth) with its caption under it, the picture one item that
// keeps with its caption. A picture wider than r is wide (see flow.wide):
// in a column it goes across the page, and it is never set wider than
// the measure, nor taller than a page holds with its caption. A picture
// the PDF cannot embed, an SVG or one whose file could not be read, is
// its alt text in a frame in its place (see svgWarnings).
func (l *layouter) image(img *ast.Image, r region) *flow {
	f := &flow{before: blockSkip, after: blockSkip}
	if !embeddable(img) {
		l.imageStandIn(f, img, r)
	} else {
		w, h, wide := l.imageSize(img, r)
		f.wide = wide
		x := r.x + (r.width-w)/2
		p := f.item(h, img.Caption != nil, func(y float64) { l.drawImage(img, x, y, w, h) })
		p.mark().target = img
		alt := img.Alt
		if alt == "" {
			alt = l.captionAlt(img.Caption, "Picture")
		}
		p.tag = l.tag.figure(alt)
	}
	if img.Caption != nil {
		l.caption(f, img.Caption, r)
	}
	return f
}

// imageSize returns the width and height a picture is set at in r, and
// whether it is wider than r would hold.
func (l *layouter) imageSize(img *ast.Image, r region) (w, h float64, wide bool) {
	column := min(r.width, l.column().width)
	switch {
	case img.Width.Percent > 0:
		w = column * img.Width.Percent / 100
	case img.Width.MM > 0:
		w = img.Width.MM
	default:
		w = float64(img.Pixels.Width) * pxMM
	}
	wide = w > r.width*(1+1e-9)
	w = min(w, r.width)
	h = w * float64(img.Pixels.Height) / float64(img.Pixels.Width)
	// The picture and its caption stand on one page.
	if room := l.bodyHeight() * 0.8; h > room {
		w, h = w*room/h, room
	}
	return w, h, wide
}

// embeddable reports whether the PDF can place the picture: a PNG or a
// JPEG that the parser read, which left its print form in Print.
func embeddable(img *ast.Image) bool {
	return (img.Format == "png" || img.Format == "jpeg") && img.Print != nil && img.Pixels.Width > 0 && img.Pixels.Height > 0
}

// drawImage places the picture with its top left corner at (x, y), w by
// h millimetres. Each file is embedded once, however often the book shows
// it, under its path, in the form the parser wrote for print (see
// ast.Image.Print).
//
// A book for a CMYK press has the picture in CMYK (see cmykPicture), no
// more ink on any pixel than the press's limit, and tells pictureDrawn,
// when set, of the picture as drawn.
func (l *layouter) drawImage(img *ast.Image, x, y, w, h float64) {
	opts := fpdf.ImageOptions{ImageType: img.Format}
	over, most := 0, 0.0
	if l.pdf.GetImageInfo(img.Path) == nil {
		if l.press.cmyk() {
			var px []byte
			var wd, ht int
			if wd, ht, px, over, most = cmykPicture(img.Print, l.inkLimit, l.ground); px != nil {
				l.pdf.RegisterImageCMYK(img.Path, wd, ht, px)
			}
		}
		if l.pdf.GetImageInfo(img.Path) == nil {
			l.pdf.RegisterImageOptionsReader(img.Path, opts, bytes.NewReader(img.Print))
		}
	}
	l.pdf.ImageOptions(img.Path, x, y, w, h, false, opts, 0, "")
	if l.pictureDrawn != nil {
		l.pictureDrawn(img, w, h, over, most)
	}
}

// standInFont sets the alt text of a picture the PDF cannot place.
var standInFont = font{fontSerif, "I", smallFont.size}

// imageStandIn sets, in place of a picture the PDF cannot place, its alt
// text in a frame, "[Picture: …]" as the ASCII book prints it.
func (l *layouter) imageStandIn(f *flow, img *ast.Image, r region) {
	text := "[Picture: " + img.Alt + "]"
	if img.Alt == "" {
		text = "[Picture: " + img.Path + "]"
	}
	inner := r.inset(boxPad, boxPad)
	g := &flow{}
	l.prose(g, []span{{text: text, font: standInFont, color: inkMuted}}, inner, standInFont, smallLead, true)
	top := len(f.items)
	f.item(boxPad, true, func(y float64) {
		l.pdf.SetDrawColor(inkHair.r, inkHair.g, inkHair.b)
		l.pdf.SetLineWidth(ruleLight)
		l.pdf.Rect(r.x, y, r.width, 2*boxPad+height(g), "D")
	})
	f.pieces[top].mark().target = img
	f.add(g)
	for i := top; i < len(f.items); i++ {
		f.items[i].Keep = true
	}
	f.item(boxPad, img.Caption != nil, nil)
}

// svgWarnings says of each SVG picture that the PDF prints its alt text in
// its place: fpdf embeds PNG and JPEG only, and galley draws no SVG.
func svgWarnings(doc *ast.Document) ast.DiagnosticList {
	var diags ast.DiagnosticList
	ast.WalkBlocks(doc.Blocks, func(b ast.Block) {
		if img, ok := b.(*ast.Image); ok && img.Format == "svg" {
			diags.Warnf(img.PathPos, "layout/svg", `"`+img.Path+`" is an SVG, which the site shows and the PDF cannot: the PDF prints its alt text in a frame in its place; give the PDF a PNG or JPEG of it`)
		}
	})
	return diags
}

// imageFit returns the largest size a w by h picture takes inside a box
// maxW by maxH, keeping its proportions.
func imageFit(size ast.ImageSize, maxW, maxH float64) (w, h float64) {
	w = maxW
	h = w * float64(size.Height) / float64(size.Width)
	if h > maxH {
		w, h = w*maxH/h, maxH
	}
	return w, h
}
