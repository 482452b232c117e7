package parser

import (
	"strconv"
	"strings"
)

// Image is a picture: an illustration, a map, a logo. The markup writes it
// alone on a line,
//
//	\image[WIDTH]{PATH}{ALT TEXT}
//
// and Markdown as ![ALT TEXT](PATH "TITLE") standing as a paragraph of its
// own. Either may be followed by a "Figure:" caption, and is then numbered
// with the figures. Every reader leaves the file to the book's finishing
// pass (see resolveImages), which reads it through the manuscript directory
// and fills Format, Pixels and Data.
type Image struct {
	blockNode
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

// ParseImageWidth reads "50%" or "60mm", as the markup's option and
// Markdown's width attribute write it.
func ParseImageWidth(s string) (ImageWidth, bool) {
	number, unit := s, ""
	for _, u := range []string{"%", "mm"} {
		if n, ok := strings.CutSuffix(s, u); ok {
			number, unit = strings.TrimSpace(n), u
			break
		}
	}
	v, err := strconv.ParseFloat(number, 64)
	switch {
	case unit == "" || err != nil || v <= 0:
		return ImageWidth{}, false
	case unit == "%":
		return ImageWidth{Percent: v}, v <= 100
	}
	return ImageWidth{MM: v}, true
}

// imageUsage is how the markup writes a picture, for its diagnostics.
const imageUsage = `expected \image[WIDTH]{PATH}{ALT TEXT} alone on its line, as in \image[50%]{art/map.png}{A map of the hive}; WIDTH (a share of the column, or mm) may be left out`

// image reads \image[WIDTH]{PATH}{ALT} at lines[i] and the "Figure:"
// caption after it, and returns the line after them.
func (p *blockParser) image(lines []sourceLine, i int) (Block, int) {
	l := lines[i]
	at := l.indent()
	t := strings.TrimRight(l.text, " \t")
	off := at + len(`\image`)
	img := &Image{blockNode: blockNode{l.firstTextPos()}}
	if strings.HasPrefix(t[off:], "[") {
		end := strings.IndexByte(t[off:], ']')
		if end < 0 {
			p.diags.Errorf(l.firstTextPos(), "image/malformed", imageUsage)
			return nil, i + 1
		}
		option := strings.TrimSpace(t[off+1 : off+end])
		w, ok := ParseImageWidth(option)
		if !ok {
			p.diags.Errorf(l.posAt(off+1), "image/width", `image width "`+option+`" is neither a share of the column up to 100% ("50%") nor millimetres ("60mm")`)
		}
		img.Width = w
		off += end + 1
	}
	args, ok := braceArgs(t[off:])
	if !ok || len(args) == 0 || len(args) > 2 || strings.TrimSpace(args[0]) == "" {
		p.diags.Errorf(l.firstTextPos(), "image/malformed", imageUsage)
		return nil, i + 1
	}
	path := args[0]
	img.PathPos = l.posAt(off + 1 + len(path) - len(strings.TrimLeft(path, " ")))
	img.Path = strings.TrimSpace(path)
	if len(args) == 2 {
		img.Alt = strings.TrimSpace(args[1])
	}
	img.Caption, i = p.caption(lines, i+1, figureCaptionLabels)
	return img, i
}

// braceArgs splits "{a}{b}" into its arguments; ok is false for anything
// else, text outside the braces or a brace left open. Arguments hold no
// braces.
func braceArgs(s string) (args []string, ok bool) {
	for s != "" {
		if s[0] != '{' {
			return nil, false
		}
		end := strings.IndexAny(s[1:], "{}")
		if end < 0 || s[1+end] != '}' {
			return nil, false
		}
		args = append(args, s[1:1+end])
		s = s[end+2:]
	}
	return args, true
}

// MarshalJSON encodes the picture with its kind.
func (n *Image) MarshalJSON() ([]byte, error) {
	type t Image
	return marshalWithKind(n.Kind(), (*t)(n))
}
