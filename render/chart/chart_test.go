package chart

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/galleyhq/galley/rules"
)

func odds(t *testing.T, expr, system string) []Bar {
	t.Helper()
	table, err := rules.Odds(expr, system)
	if err != nil {
		t.Fatal(err)
	}
	return Bars(table)
}

func TestBars(t *testing.T) {
	bars := odds(t, "fd100 effort=60 resistance=40", "fd100")
	if len(bars) != 6 || bars[0].Label != "Critical Success" || bars[5].Label != "Critical Failure" {
		t.Fatalf("bars of a named roll: %+v", bars)
	}
	want := map[string]string{"Complete Success": "1/5", "Partial Success": "2/5", "Partial Failure": "2/5", "Critical Success": "0"}
	for _, b := range bars {
		if w, ok := want[b.Label]; ok && b.Fraction() != w {
			t.Errorf("%s: %s, want %s", b.Label, b.Fraction(), w)
		}
	}
	d6 := odds(t, "d6", "generic")
	if len(d6) != 6 || d6[0].Label != "1" || d6[5].Fraction() != "1/6" {
		t.Errorf("bars of d6: %+v", d6)
	}
}

// TestLayoutRows draws a named roll as rows: one bar per outcome, in a
// column, the most likely as long as the plot allows and the others in
// proportion, every one labelled with its outcome and percentage.
func TestLayoutRows(t *testing.T) {
	g := Layout(odds(t, "fd100 effort=60 resistance=40", "fd100"), Options{})
	if g.Width != DefaultWidth || len(g.Rects) != 6 || len(g.Texts) != 12 {
		t.Fatalf("geometry %+v", g)
	}
	var longest float64
	for i, r := range g.Rects {
		longest = max(longest, r.W)
		if i > 0 && r.Y <= g.Rects[i-1].Y {
			t.Errorf("row %d is not below row %d", i, i-1)
		}
		if r.X+r.W > g.Width || r.Y+r.H > g.Height {
			t.Errorf("bar %d leaves the chart: %+v", i, r)
		}
	}
	complete, partial := g.Rects[1], g.Rects[2]
	if math.Abs(complete.W*2-partial.W) > 1e-9 || partial.W != longest || !partial.Mode || complete.Mode {
		t.Errorf("a 20%% bar is %v long and a 40%% one %v; want half as long, the longer marked the mode", complete.W, partial.W)
	}
	if g.Texts[2].Text != "Complete Success" || g.Texts[3].Text != "20%" {
		t.Errorf("labels %q and %q", g.Texts[2].Text, g.Texts[3].Text)
	}
}

// TestLayoutColumns draws a long distribution as columns over a number
// line, with a scale whose top is at or above the highest bar, and labels
// far enough apart to read.
func TestLayoutColumns(t *testing.T) {
	bars := odds(t, "2d12", "generic")
	g := Layout(bars, Options{Width: 600})
	if len(g.Rects) != 23 || g.Width != 600 {
		t.Fatalf("%d columns, width %v", len(g.Rects), g.Width)
	}
	mode := g.Rects[11] // 13, the most likely total
	if !mode.Mode || mode.Bar.Label != "13" {
		t.Errorf("column 11 is %+v, want 13, the mode", mode)
	}
	for i, r := range g.Rects {
		if i > 0 && r.X <= g.Rects[i-1].X {
			t.Errorf("column %d is not right of column %d", i, i-1)
		}
		if r.Y < 0 || r.Y+r.H > g.Height || r.H > mode.H {
			t.Errorf("column %d: %+v", i, r)
		}
	}
	var numbers []Text
	for _, tx := range g.Texts {
		if tx.Anchor == "middle" {
			numbers = append(numbers, tx)
		}
	}
	if len(numbers) < 3 || numbers[0].Text != "2" {
		t.Fatalf("number line %+v", numbers)
	}
	for i := 1; i < len(numbers); i++ {
		if numbers[i].X-numbers[i-1].X < minLabelSpacing {
			t.Errorf("labels %q and %q are %v apart", numbers[i-1].Text, numbers[i].Text, numbers[i].X-numbers[i-1].X)
		}
	}
}

func TestScale(t *testing.T) {
	for _, c := range []struct {
		top        float64
		step       float64
		ticks      int
		topAtLeast float64
	}{
		{12.0 / 144, 0.05, 2, 12.0 / 144},
		{1.0 / 60, 0.005, 4, 1.0 / 60},
		{0.5, 0.2, 3, 0.5},
		{1, 0.5, 2, 1},
	} {
		step, ticks := scale(c.top)
		if math.Abs(step-c.step) > 1e-12 || ticks != c.ticks || step*float64(ticks) < c.topAtLeast-1e-12 {
			t.Errorf("scale(%v) = %v × %d, want %v × %d", c.top, step, ticks, c.step, c.ticks)
		}
	}
}

func TestPercent(t *testing.T) {
	for p, want := range map[float64]string{0: "0%", 1: "100%", 0.2: "20%", 1.0 / 6: "16.67%", 0.005: "0.5%", 1e-7: "<0.01%"} {
		if got := Percent(p); got != want {
			t.Errorf("Percent(%v) = %q, want %q", p, got, want)
		}
	}
}

// TestSVG writes a chart whose labels hold markup: they are escaped, and
// the SVG has no style attribute a Content Security Policy would block.
func TestSVG(t *testing.T) {
	bars := []Bar{{Label: `<b>"Hit"</b>`, P: 0.25, Num: "1", Den: "4"}, {Label: "Miss", P: 0.75, Num: "3", Den: "4"}}
	var b bytes.Buffer
	if err := SVG(&b, bars, Options{Title: "Odds of <script>"}); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, bad := range []string{"<b>", "<script>", "style="} {
		if strings.Contains(svg, bad) {
			t.Errorf("the SVG holds %q:\n%s", bad, svg)
		}
	}
	for _, want := range []string{`<svg class="odds-chart" viewBox="0 0 480 52"`, "&lt;b&gt;&#34;Hit&#34;&lt;/b&gt;: 1/4 = 25%", "<title>Odds of &lt;script&gt;</title>", `class="bar mode"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %q:\n%s", want, svg)
		}
	}
	var again bytes.Buffer
	if err := SVG(&again, bars, Options{Title: "Odds of <script>"}); err != nil || again.String() != svg {
		t.Error("the same chart written twice differs")
	}
}
