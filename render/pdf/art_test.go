package pdf

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/galleyhq/galley/parser"
)

// TestArtBreakout holds where art too wide for a 6×9 measure at the
// smallest type stands: out into the margins, centred on the page and at
// least breakoutMargin from the trim, at smallestType when the page holds
// it so; smaller, and said, only when even the page does not, or in a box,
// whose frame it cannot leave.
func TestArtBreakout(t *testing.T) {
	pdf, err := New("6x9", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	doc, diags := parser.ParseMarkdown("art.md", []byte("Some art.\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	l := newLayouter(context.Background(), pdf, doc, nil)
	body := l.body()
	for _, c := range []struct {
		name     string
		columns  int
		r        region
		breakout bool
		small    bool
	}{
		{"fits the measure", 60, body, false, false},
		{"a sheet's width", 89, body, true, false},
		{"wider than the page holds", 110, body, true, true},
		{"in a box", 89, body.inset(boxPad, boxPad), false, true},
	} {
		bad := len(l.badLines)
		a, _ := l.artIn([]string{"╔" + strings.Repeat("═", c.columns-2) + "╗"}, c.r)
		if a.breakout != c.breakout {
			t.Errorf("%s: breakout %v, want %v", c.name, a.breakout, c.breakout)
		}
		if small := len(l.badLines) > bad; small != c.small || small != (a.size < smallestType) {
			t.Errorf("%s: set at %.2f pt, said small %v, want %v", c.name, a.size, small, c.small)
		}
		if a.breakout {
			l.set.dx = l.bleed // a right-hand page
			x := l.artX(a, c.r)
			if left, right := x, l.pageWidth-x-a.width(); left < breakoutMargin-1e-9 || right < breakoutMargin-1e-9 || left-right > 1e-9 || right-left > 1e-9 {
				t.Errorf("%s: stands %.1f mm from the left trim and %.1f from the right, want centred and at least %.1f", c.name, left, right, breakoutMargin)
			}
		}
	}
}
