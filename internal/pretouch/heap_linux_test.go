package pretouch

import (
	"runtime/debug"
	"syscall"
	"testing"
)

// TestPreTouchHeap checks that the heap preTouchHeap touches is the heap
// the next allocations take: writing to them then costs few page faults.
func TestPreTouchHeap(t *testing.T) {
	const size = 64 << 20
	// The runtime's background scavenger returns free heap above the
	// collector's goal to the kernel at a pace set by the clock, so on a
	// loaded machine, where the test runs slowly, it took back a third of
	// the pages before they were used. With the collector off the goal has
	// no bound and the scavenger leaves them: what is measured is whether
	// the pages touched are the ones the allocations take, not the load.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	if err := preTouchHeap(size); err != nil {
		t.Skipf("the kernel does not pre-touch: %v", err)
	}
	before := minorFaults(t)
	chunks := make([][]byte, 0, size/2/4096)
	for range cap(chunks) {
		c := make([]byte, 4096)
		c[0] = 1
		chunks = append(chunks, c)
	}
	// Untouched, the chunks would take a fault each.
	if faults := minorFaults(t) - before; faults > int64(len(chunks))/4 {
		t.Errorf("%d page faults writing %d pages of fresh heap", faults, len(chunks))
	}
}

func minorFaults(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return int64(ru.Minflt)
}
