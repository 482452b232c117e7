package fpdf

// [galley] What a print-on-demand press asks of a PDF that fpdf does not
// write by itself: colours in DeviceCMYK, lines no thinner than the press
// prints, the document information's PDF/X keys and the trailer's file
// identifier, pictures already in CMYK, and an output intent whose profile
// is a CMYK printer's. Kept in functions of their own, each called from one
// line of fpdf's marked [galley], so that a later fpdf takes them again.

import (
	"crypto/sha1"
	"fmt"
	"sort"
	"strings"
)

// pressType holds what SetCMYK, SetMinLineWidth, SetInfoEntry and SetFileID
// set.
type pressType struct {
	cmyk         func(r, g, b int) (c, m, y, k float64)
	minLineWidth float64
	info         map[string]string
	id           string
	subsetTags   bool
}

// SetCMYK makes every colour set from now on by SetDrawColor, SetFillColor
// and SetTextColor written in DeviceCMYK, as convert makes it of the RGB
// given (each component 0 to 1); nil writes RGB again.
func (f *Fpdf) SetCMYK(convert func(r, g, b int) (c, m, y, k float64)) {
	f.press.cmyk = convert
}

// cmykColorValue is rgbColorValue's colour for a document SetCMYK made
// CMYK: the K and k operators in place of RG and rg (G and g, fpdf's grey,
// ask for K and k alike).
func (f *Fpdf) cmykColorValue(r, g, b int, grayStr string) (clr colorType) {
	clr.ir, clr.r = colorComp(r)
	clr.ig, clr.g = colorComp(g)
	clr.ib, clr.b = colorComp(b)
	clr.mode = colorModeRGB
	op := "k"
	if grayStr == "G" {
		op = "K"
	}
	c, m, y, k := f.press.cmyk(r, g, b)
	clr.str = f.fmtF64(c, 3) + " " + f.fmtF64(m, 3) + " " + f.fmtF64(y, 3) + " " + f.fmtF64(k, 3) + " " + op
	return clr
}

// SetMinLineWidth makes every line at least width thick, in the user's
// unit: a press prints no thinner line reliably.
func (f *Fpdf) SetMinLineWidth(width float64) {
	f.press.minLineWidth = width
	if f.lineWidth < width {
		f.lineWidth = width
	}
}

// SetInfoEntry adds key to the document information dictionary, with
// value written as it is: a PDF object, a name or a string already
// written as PDF writes them (GTS_PDFXVersion, Trapped). "" removes it.
func (f *Fpdf) SetInfoEntry(key, value string) {
	if f.press.info == nil {
		f.press.info = map[string]string{}
	}
	if value == "" {
		delete(f.press.info, key)
		return
	}
	f.press.info[key] = value
}

// putPressInfo writes SetInfoEntry's entries, in the order of their keys.
func (f *Fpdf) putPressInfo() {
	keys := make([]string, 0, len(f.press.info))
	for k := range f.press.info {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f.outf("/%s %s", k, f.press.info[k])
	}
}

// SetFileID sets the trailer's file identifier, both its parts id: 16
// bytes that a document keeps from build to build, which PDF/X requires
// of every file.
func (f *Fpdf) SetFileID(id [16]byte) {
	f.press.id = fmt.Sprintf("<%X>", id[:])
}

// putFileID writes SetFileID's identifier into the trailer.
func (f *Fpdf) putFileID() {
	if f.press.id != "" {
		f.outf("/ID [%s %s]", f.press.id, f.press.id)
	}
}

// SetPDFVersion13 declares the file PDF 1.3, as PDF/X-1a:2001 asks, once
// AddOutputIntent has raised it: PDF/X-1a:2001 is PDF 1.3 with output
// intents. What else needs a later version (transparency) raises it again
// as the file is written.
func (f *Fpdf) SetPDFVersion13() {
	f.pdfVersion = pdfVers1_3
}

// RegisterImageCMYK registers a picture of w by h pixels whose pixels are
// cmyk, four bytes each, 255 for full ink, so that Image and ImageOptions
// place it by name as they place a registered PNG or JPEG.
func (f *Fpdf) RegisterImageCMYK(name string, w, h int, cmyk []byte) *ImageInfoType {
	if info, ok := f.images[name]; ok || f.err != nil {
		return info
	}
	if len(cmyk) != 4*w*h {
		f.err = fmt.Errorf("CMYK picture %q: %d bytes for %d by %d pixels", name, len(cmyk), w, h)
		return nil
	}
	// fpdf writes a DeviceCMYK picture with the Decode array of Adobe's
	// CMYK JPEGs, whose bytes are inverted: so are these.
	inverted := make([]byte, len(cmyk))
	for i, v := range cmyk {
		inverted[i] = 255 - v
	}
	mem := xmem.compress(inverted)
	data := append([]byte(nil), mem.bytes()...)
	mem.release()
	info := &ImageInfoType{data: data, w: float64(w), h: float64(h), cs: "DeviceCMYK", bpc: 8, f: "FlateDecode", scale: f.k}
	if info.i, f.err = generateImageID(info); f.err != nil {
		return nil
	}
	f.images[name] = info
	return info
}

// iccComponents returns the colour space entries of an ICC profile's
// stream, from the data colour space its header names: a CMYK printer's
// profile has four components, a grey one one, an RGB one three.
func iccComponents(profile []byte) string {
	space := ""
	if len(profile) >= 20 {
		space = strings.TrimSpace(string(profile[16:20]))
	}
	switch space {
	case "CMYK":
		return "/N 4 /Alternate /DeviceCMYK"
	case "GRAY":
		return "/N 1 /Alternate /DeviceGray"
	}
	return "/N 3 /Alternate /DeviceRGB"
}

// SetSubsetTags names every embedded UTF-8 font, which fpdf embeds as a
// subset of the glyphs the document uses, with the tag PDF asks a subset's
// name to start with: six capital letters and a plus sign
// ("ABCDEF+utf8dejavusans"), by which a press's preflight knows a subset.
func (f *Fpdf) SetSubsetTags() {
	f.press.subsetTags = true
}

// subsetTag returns the font name with its subset tag when SetSubsetTags
// asks for one: six letters from a hash of the name, the same from build
// to build, since a document embeds each font once.
func (f *Fpdf) subsetTag(name string) string {
	if !f.press.subsetTags {
		return name
	}
	sum := sha1.Sum([]byte(name))
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + sum[i]%26
	}
	return string(tag) + "+" + name
}
