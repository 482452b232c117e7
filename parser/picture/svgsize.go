package picture

import (
	"encoding/xml"
	"math"
	"strconv"
	"strings"
)

// maxSVGSide is the widest and tallest an SVG may say it is, in CSS
// pixels: 26 metres, far past any page, and small enough that every size
// computed from it is a number.
const maxSVGSide = 100_000

// svgSize reads an SVG's size from its root element: width and height in
// CSS pixels (or absolute units), else the viewBox's, else the 300 by 150
// that a browser gives a picture of no size. A size written as a number
// must be one a picture can have: a width of 0, -3, 1e300, Inf or NaN is
// an error, where a browser would draw nothing or fall back to a size the
// author did not mean. A share ("100%") or a word ("auto") says nothing of
// the picture's own size, as in a browser.
func svgSize(root xml.StartElement) (width, height int, err error) {
	var w, h float64
	var box []float64
	for _, a := range root.Attr {
		if a.Name.Space != "" {
			continue
		}
		switch a.Name.Local {
		case "width", "height":
			v, ok := cssPixels(a.Value)
			if ok && !isSide(v) {
				return 0, 0, invalid("has a " + a.Name.Local + ` of "` + shorten(a.Value) + `", which is no size a picture can have: give it in pixels, from more than 0 to ` + strconv.Itoa(maxSVGSide))
			}
			if a.Name.Local == "width" {
				w = v
			} else {
				h = v
			}
		case "viewBox":
			fields := strings.Fields(strings.ReplaceAll(a.Value, ",", " "))
			if len(fields) != 4 {
				continue // a browser ignores it
			}
			box = make([]float64, 4)
			for i, f := range fields {
				v, err := strconv.ParseFloat(f, 64)
				if err != nil || math.IsInf(v, 0) || math.IsNaN(v) || i >= 2 && !isSide(v) {
					return 0, 0, invalid(`has a viewBox of "` + shorten(a.Value) + `", which is no picture's: its width and height must be more than 0 and at most ` + strconv.Itoa(maxSVGSide))
				}
				box[i] = v
			}
		}
	}
	if box != nil {
		bw, bh := box[2], box[3]
		switch {
		case w == 0 && h == 0:
			w, h = bw, bh
		case w == 0:
			w = h * bw / bh
		case h == 0:
			h = w * bh / bw
		}
	}
	if w == 0 || h == 0 {
		w, h = 300, 150
	}
	if !isSide(w) || !isSide(h) {
		return 0, 0, invalid("is " + strconv.FormatFloat(w, 'g', 6, 64) + " by " + strconv.FormatFloat(h, 'g', 6, 64) + " pixels by its width, height and viewBox, which is no size a picture can have: at most " + strconv.Itoa(maxSVGSide) + " a side")
	}
	return max(1, int(math.Round(w))), max(1, int(math.Round(h))), nil
}

// isSide reports whether v is a length a picture's side can be: more than
// 0, at most maxSVGSide.
func isSide(v float64) bool { return v > 0 && v <= maxSVGSide }

// cssPixels reads an SVG length in CSS pixels: a bare number or px, or an
// absolute unit. ok is false for a share ("100%") or what is no number,
// which say nothing of the picture's size.
func cssPixels(s string) (px float64, ok bool) {
	units := []struct {
		suffix string
		px     float64
	}{{"px", 1}, {"mm", 96 / 25.4}, {"cm", 96 / 2.54}, {"in", 96}, {"pt", 96.0 / 72}, {"pc", 16}}
	s = strings.TrimSpace(s)
	scale := 1.0
	for _, u := range units {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			s, scale = strings.TrimSpace(n), u.px
			break
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeError(err) {
		return 0, false
	}
	return v * scale, true
}

// isRangeError reports whether ParseFloat read a number too large or too
// small for a float64, which is a number all the same.
func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}
