package ast

import "strconv"

// Image is a picture: an illustration, a map, a logo. The markup writes it
// alone on a line,
//
//	\image[WIDTH]{PATH}{ALT TEXT}
//
// and Markdown as ![ALT TEXT](PATH "TITLE") standing as a paragraph of its
// own. Either may be followed by a "Figure:" caption, and is then numbered
// with the figures. Every reader leaves the file to the book's finishing
// pass (parser's resolveImages), which reads it through the manuscript
// directory, decodes it whole and within the book's budget of pixels, and
// fills Format, Pixels, Data and Print: a writer never reads a picture's
// file, nor one that is broken.
type Image struct {
	BlockNode
	// Path is the file as written, relative to the manuscript directory
	// (to the file's directory for a book of one file), with "/".
	Path string `json:"path"`
	// PathPos is where Path is written, which a missing file is reported at.
	PathPos Pos    `json:"-"`
	Alt     string `json:"alt"`
	// Title is Markdown's title, what a browser shows on hover; the
	// markup has none.
	Title string `json:"title,omitempty"`
	// Width is the width the author asked for; the zero value is the
	// picture's own (see ImageWidth).
	Width   ImageWidth `json:"width,omitzero"`
	Caption *Caption   `json:"caption,omitempty"`

	// Format is "png", "jpeg" or "svg"; "" until the file is read, and for
	// a file that could not be.
	Format string `json:"format,omitempty"`
	// Pixels is the picture's size in pixels: for an SVG, in its user
	// units (CSS pixels).
	Pixels ImageSize `json:"pixels,omitzero"`
	// Data is the picture as the site and the EPUB publish it: a PNG's or
	// a JPEG's bytes as read, an SVG cleaned of what a picture may not
	// carry (scripts, references to other files). Every writer takes the
	// picture from here, so that a file changed during a build cannot
	// differ between them.
	Data []byte `json:"-"`
	// Print is the picture as the PDF embeds it: a JPEG as read, a PNG
	// written again from its pixels in the one form fpdf reads right;
	// nil for an SVG.
	Print []byte `json:"-"`
}

// Kind returns KindImage.
func (*Image) Kind() NodeKind { return KindImage }

// ImageSize is a picture's size in pixels.
type ImageSize struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// ImageWidth is the width an image is set at: a share of the column it
// stands in ("50%"), or a length in millimetres ("60mm"). The zero value
// is the picture's own width, a pixel a CSS pixel (1/96 inch). No width
// is ever wider than the column: the site scales a wider image down, the
// PDF sets it across both columns of a two-column page, and down to the
// measure if it is wider still.
type ImageWidth struct {
	// Percent is the share of the column, 0 when the width is in mm.
	Percent float64 `json:"percent,omitempty"`
	MM      float64 `json:"mm,omitempty"`
}

// String returns the width as written, "" for the picture's own.
func (w ImageWidth) String() string {
	switch {
	case w.Percent > 0:
		return strconv.FormatFloat(w.Percent, 'f', -1, 64) + "%"
	case w.MM > 0:
		return strconv.FormatFloat(w.MM, 'f', -1, 64) + "mm"
	}
	return ""
}

// MarshalJSON encodes the picture with its kind.
func (n *Image) MarshalJSON() ([]byte, error) {
	type t Image
	return marshalWithKind(n.Kind(), (*t)(n))
}
