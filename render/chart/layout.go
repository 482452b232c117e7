package chart

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Options say how to draw a chart.
type Options struct {
	// Title names the chart for readers who cannot see it, and heads the
	// SVG as its <title>: "Exact odds of 2d12".
	Title string
	// Width is the chart's width in points (user units); 0 means
	// DefaultWidth. The height follows from the bars.
	Width float64
}

// DefaultWidth is the width of a chart whose Options give none: about a
// column of text.
const DefaultWidth = 480

// The chart's measures, in points, for text set at FontSize.
const (
	FontSize = 12
	// charWidth is a generous average advance of a sans-serif character at
	// FontSize, to leave room for labels without measuring a font.
	charWidth  = 7
	rowHeight  = 22
	barHeight  = 15
	gap        = 8
	plotHeight = 160
	axisHeight = 18
	// minLabelSpacing keeps the numbers under a column chart apart.
	minLabelSpacing = 30
	// maxRows is the most outcomes drawn as rows, one under the other;
	// more are drawn as columns.
	maxRows = 12
)

// Geometry is a chart laid out: rectangles, lines and texts in a box of
// Width by Height points, with y growing downwards as in SVG.
type Geometry struct {
	Width, Height float64
	Rects         []Rect
	Lines         []Line
	Texts         []Text
}

// Rect is one bar.
type Rect struct {
	X, Y, W, H float64
	Bar        Bar
	// Mode marks the most likely outcomes, which a writer may stress.
	Mode bool
}

// Line is an axis or a grid line.
type Line struct{ X1, Y1, X2, Y2 float64 }

// Text is a label, set at FontSize with its baseline at Y.
type Text struct {
	X, Y float64
	Text string
	// Anchor is where X is on the text: "start", "middle" or "end", as
	// SVG's text-anchor.
	Anchor string
}

// Layout places the bars. A named roll, or a distribution of few outcomes,
// is drawn as rows, a label, a bar and its percentage each; a longer one as
// columns over a number line, with a scale of percentages.
func Layout(bars []Bar, opts Options) Geometry {
	width := opts.Width
	if width <= 0 {
		width = DefaultWidth
	}
	if len(bars) <= maxRows {
		return rows(bars, width)
	}
	return columns(bars, width)
}

// highest returns the largest chance among the bars.
func highest(bars []Bar) float64 {
	top := 0.0
	for _, b := range bars {
		top = max(top, b.P)
	}
	return top
}

func rows(bars []Bar, width float64) Geometry {
	labelWidth := 0.0
	for _, b := range bars {
		labelWidth = max(labelWidth, float64(utf8.RuneCountInString(b.Label))*charWidth)
	}
	percentWidth := 7.0 * charWidth // "100.00%"
	x0 := labelWidth + gap
	plot := max(width-x0-gap-percentWidth, width/4)
	top := highest(bars)
	g := Geometry{Width: width, Height: float64(len(bars))*rowHeight + gap}
	g.Lines = append(g.Lines, Line{x0, gap / 2, x0, g.Height - gap/2})
	for i, b := range bars {
		y := gap/2 + float64(i)*rowHeight
		w := 0.0
		if top > 0 {
			w = b.P / top * plot
		}
		baseline := y + rowHeight/2 + FontSize*0.35
		g.Rects = append(g.Rects, Rect{X: x0, Y: y + (rowHeight-barHeight)/2, W: w, H: barHeight, Bar: b, Mode: top > 0 && b.P == top})
		g.Texts = append(g.Texts,
			Text{X: labelWidth, Y: baseline, Text: b.Label, Anchor: "end"},
			Text{X: x0 + w + gap/2, Y: baseline, Text: Percent(b.P), Anchor: "start"})
	}
	return g
}

func columns(bars []Bar, width float64) Geometry {
	top := highest(bars)
	step, ticks := scale(top)
	tickWidth := float64(len(Percent(step*float64(ticks))))*charWidth + gap
	x0, x1 := tickWidth, width-gap
	slot := (x1 - x0) / float64(len(bars))
	g := Geometry{Width: width, Height: gap + plotHeight + axisHeight}
	floor := float64(gap + plotHeight)
	ceiling := step * float64(ticks)
	for t := 0; t <= ticks; t++ {
		y := floor - float64(t)*step/ceiling*plotHeight
		g.Lines = append(g.Lines, Line{x0, y, x1, y})
		g.Texts = append(g.Texts, Text{X: x0 - gap/2, Y: y + FontSize*0.35, Text: Percent(float64(t) * step), Anchor: "end"})
	}
	every := int(math.Ceil(minLabelSpacing / slot))
	for i, b := range bars {
		h := 0.0
		if ceiling > 0 {
			h = b.P / ceiling * plotHeight
		}
		x := x0 + float64(i)*slot
		g.Rects = append(g.Rects, Rect{X: x + slot*0.1, Y: floor - h, W: slot * 0.8, H: h, Bar: b, Mode: top > 0 && b.P == top})
		if i%every == 0 {
			g.Texts = append(g.Texts, Text{X: x + slot/2, Y: floor + axisHeight - 4, Text: b.Label, Anchor: "middle"})
		}
	}
	return g
}

// scale chooses the grid of a column chart: a step of 1, 2 or 5 times a
// power of ten, in chance, and how many steps reach the highest bar.
func scale(top float64) (step float64, ticks int) {
	if top <= 0 {
		return 1, 1
	}
	raw := top / 4
	magnitude := math.Pow(10, math.Floor(math.Log10(raw)))
	step = 10 * magnitude
	for _, m := range []float64{1, 2, 5} {
		if m*magnitude >= raw {
			step = m * magnitude
			break
		}
	}
	return step, int(math.Ceil(top/step - 1e-9))
}

// Percent writes a chance as a percentage with at most two decimals and no
// trailing zeros, "16.67%", "50%"; a chance too small to show is "<0.01%"
// rather than a misleading 0.
func Percent(p float64) string {
	if p > 0 && p < 0.00005 {
		return "<0.01%"
	}
	s := strconv.FormatFloat(100*p, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + "%"
}
