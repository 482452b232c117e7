package linebreak

import "testing"

// TestWindows checks that a paragraph longer than a window is broken into
// lines that follow one another over all its items, each within the
// tolerance, and in about as many lines as total fit over the whole
// paragraph takes; and that Stop is asked between windows and heeded.
func TestWindows(t *testing.T) {
	items := randomText(3 * window)
	p := DefaultParams(330)
	r := Break(items, p)
	whole := (&breaker{items: items, params: p}).breakAll()
	if len(r.Lines) < len(whole.Lines) || len(r.Lines) > len(whole.Lines)+len(items)/window {
		t.Errorf("%d lines, total fit over the whole paragraph takes %d", len(r.Lines), len(whole.Lines))
	}
	at := 0
	for i, l := range r.Lines {
		if l.Start < at || l.End <= l.Start {
			t.Fatalf("line %d runs from %d to %d, after a line ending at %d", i, l.Start, l.End, at)
		}
		for _, it := range items[at:l.Start] {
			if it.Kind == BoxItem {
				t.Fatalf("line %d leaves out a box before it", i)
			}
		}
		if l.Overfull || l.Underfull || l.Ratio > p.Tolerance {
			t.Errorf("line %d: ratio %.2f, overfull %v, underfull %v", i, l.Ratio, l.Overfull, l.Underfull)
		}
		at = l.End
	}
	if at != len(items) {
		t.Errorf("the lines end at item %d of %d", at, len(items))
	}

	asked := 0
	p.Stop = func() bool { asked++; return asked == 2 }
	stopped := Break(items, p)
	if asked != 2 || len(stopped.Lines) == 0 || stopped.Lines[len(stopped.Lines)-1].End >= len(items) {
		t.Errorf("Stop asked %d times; %d lines, the last ending at %d of %d items", asked, len(stopped.Lines), stopped.Lines[len(stopped.Lines)-1].End, len(items))
	}
}
