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
// pass (parser's resolveImages), which reads it through the manuscript directory
// and fills Format, Pixels and Data.
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
	// Data is the file's bytes, which the writers copy or embed as read,
	// so that a file changed during a build cannot differ between them.
	Data []byte `json:"-"`
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
