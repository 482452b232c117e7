package chart

import (
	"html/template"
	"io"
	"strconv"
	"strings"
)

// svgTemplate draws a Geometry. It is an html/template so that labels, which
// come from the book, are escaped; the SVG is meant to sit inside an HTML
// page, where it needs no xmlns. Colours are left to the page's stylesheet through the classes, with
// currentColor as the fallback, since a Content Security Policy that allows
// no inline styles still allows presentation attributes.
var svgTemplate = template.Must(template.New("svg").Funcs(template.FuncMap{"n": number, "percent": Percent}).Parse(
	`<svg class="odds-chart" viewBox="0 0 {{n .G.Width}} {{n .G.Height}}" role="img" font-size="{{.FontSize}}">
<title>{{.Title}}</title>
{{- range .G.Lines}}
<line class="axis" x1="{{n .X1}}" y1="{{n .Y1}}" x2="{{n .X2}}" y2="{{n .Y2}}" stroke="currentColor" stroke-opacity="0.25"/>
{{- end}}
{{- range .G.Rects}}
<rect class="bar{{if .Mode}} mode{{end}}" x="{{n .X}}" y="{{n .Y}}" width="{{n .W}}" height="{{n .H}}" fill="currentColor"><title>{{.Bar.Label}}: {{.Bar.Fraction}} = {{percent .Bar.P}}</title></rect>
{{- end}}
{{- range .G.Texts}}
<text x="{{n .X}}" y="{{n .Y}}" text-anchor="{{.Anchor}}" fill="currentColor">{{.Text}}</text>
{{- end}}
</svg>
`))

// SVG writes the bars as an SVG bar chart laid out by Layout. The chart
// scales to its container's width: it has a viewBox and no size of its own.
func SVG(w io.Writer, bars []Bar, opts Options) error {
	return svgTemplate.Execute(w, struct {
		G        Geometry
		Title    string
		FontSize int
	}{Layout(bars, opts), opts.Title, FontSize})
}

// number writes a coordinate with at most two decimals, the same on every
// platform, so that the output is byte for byte reproducible.
func number(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}
