package pretouch

import (
	"bufio"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestPreTouchHugePages checks that the heap preTouchHeap touches is in
// huge pages where the kernel gives them to a process that asks.
func TestPreTouchHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !strings.Contains(string(mode), "[madvise]") && !strings.Contains(string(mode), "[always]") {
		t.Skipf("the kernel gives no huge pages on request: %q, %v", mode, err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	// It runs before TestPreTouchHeap, whose pages, touched small, would
	// stay small when this test's heap took them again.
	if err := preTouchHeap(128<<20, true); err != nil {
		t.Skipf("the kernel does not pre-touch: %v", err)
	}
	// A few of the 64 huge pages may straddle the ends of the runtime's
	// mapping or find no free 2 MB of memory at once: half of them in
	// huge pages is the advice taken.
	if got := anonHugeKB(t); got < 64<<10 {
		t.Errorf("%d KB of the 128 MB pre-touched are in huge pages", got)
	}
}

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
	if err := preTouchHeap(size, false); err != nil {
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

// anonHugeKB is the process's memory in transparent huge pages.
func anonHugeKB(t *testing.T) int {
	f, err := os.Open("/proc/self/smaps_rollup")
	if err != nil {
		t.Skipf("no memory map summary: %v", err)
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if rest, ok := strings.CutPrefix(lines.Text(), "AnonHugePages:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Skip("the memory map summary counts no huge pages")
	return 0
}

func minorFaults(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return int64(ru.Minflt)
}
