package pdf

import (
	"runtime/debug"
	"testing"
)

// TestCollectOften checks that books drawn at once lower GOGC once and
// restore it when the last is done, and that a lower GOGC, or none, stays.
func TestCollectOften(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	first := collectOften()
	second := collectOften()
	first()
	if got := debug.SetGCPercent(-1); got != drawGCPercent {
		t.Errorf("GOGC %d while a book is drawn, want %d", got, drawGCPercent)
	}
	debug.SetGCPercent(drawGCPercent)
	second()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC %d after the books, want 100", got)
	}
	for _, low := range []int{-1, 20} {
		debug.SetGCPercent(low)
		restore := collectOften()
		if got := debug.SetGCPercent(low); got != low {
			t.Errorf("GOGC %d lowered to %d, want it kept", low, got)
		}
		restore()
	}
}
