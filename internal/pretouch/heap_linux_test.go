package pretouch

import (
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestPreTouchHugePages checks that the heap preTouchHeap readies in huge
// pages, where the kernel gives them to a process that asks, is the heap
// the next allocations take, faulted in 2 MB at a time as they first
// write to it (see TestReadyHuge). It runs in a process of its own, whose
// heap no test touched before: pages touched small (TestPreTouchHeap's, a
// run's before under -count) stay small when its heap takes them again.
func TestPreTouchHugePages(t *testing.T) {
	if !hugePagesGiven() {
		t.Skip("the kernel gives no huge pages on request")
	}
	if !inFreshProcess(t) {
		return
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	if err := preTouchHeap(128<<20, true); err != nil {
		t.Fatal(err)
	}
	before := minorFaults(t)
	chunks := writeChunks(64 << 20)
	// In small pages the chunks would take a fault each, 16,384; in huge
	// ones 32. A few of the huge pages may straddle the ends of the
	// runtime's mapping or find no free 2 MB of memory at once, and the
	// runtime may place some chunks outside the pages readied: a run of
	// the whole suite, with other tests' processes beside it, once took
	// 1,119 faults. A quarter of the chunks still tells the two apart.
	if faults := minorFaults(t) - before; faults > int64(len(chunks))/4 {
		t.Errorf("%d page faults writing %d pages of fresh heap", faults, len(chunks))
	}
}

// freshProcess names the environment variable that marks the test
// binary run again for a test in a process of its own.
const freshProcess = "GALLEY_PRETOUCH_FRESH"

// inFreshProcess reports whether the test runs in a process of its own,
// whose heap no other test touched; else it runs the test in one, and
// fails or skips as it does.
func inFreshProcess(t *testing.T) bool {
	t.Helper()
	if os.Getenv(freshProcess) != "" {
		return true
	}
	child := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v")
	child.Env = append(os.Environ(), freshProcess+"=1")
	out, err := child.CombinedOutput()
	switch {
	case err != nil:
		t.Fatalf("%v\n%s", err, out)
	case strings.Contains(string(out), "--- SKIP"):
		t.Skipf("%s", out)
	}
	return false
}

// TestReadyHuge checks that memory readied in huge pages is not faulted
// in before it is used, and then 2 MB at a time; and that memory readied
// in small pages is faulted in at once. It readies a mapping of its own,
// which no test touched before.
func TestReadyHuge(t *testing.T) {
	if !hugePagesGiven() {
		t.Skip("the kernel gives no huge pages on request")
	}
	// slack is the faults the runtime may take meanwhile, which the
	// process's count includes.
	const size, huge, slack = 64 << 20, 2 << 20, 64
	for _, tt := range []struct {
		huge               bool
		resident, faultsAt int
	}{
		{huge: true, resident: 0, faultsAt: 2*size/huge + slack},
		{huge: false, resident: size / 4096, faultsAt: slack},
	} {
		mapped, err := syscall.Mmap(-1, 0, size+huge, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			t.Fatal(err)
		}
		defer syscall.Munmap(mapped)
		// Aligned to a huge page, as the runtime's heap arenas are.
		skip := (huge - int(uintptr(unsafe.Pointer(&mapped[0])))%huge) % huge
		mem := mapped[skip : skip+size]
		if err := ready(mem, tt.huge); err != nil {
			t.Skipf("the kernel does not pre-touch: %v", err)
		}
		if got := residentPages(t, mem); got != tt.resident {
			t.Errorf("huge %t: %d pages of %d resident once readied, want %d", tt.huge, got, size/4096, tt.resident)
		}
		before := minorFaults(t)
		for i := 0; i < size; i += 4096 {
			mem[i] = 1
		}
		if faults := minorFaults(t) - before; faults > int64(tt.faultsAt) {
			t.Errorf("huge %t: %d page faults writing %d pages, want at most %d", tt.huge, faults, size/4096, tt.faultsAt)
		}
	}
}

// residentPages counts the pages of mem in memory (mincore).
func residentPages(t *testing.T, mem []byte) int {
	vec := make([]byte, (len(mem)+4095)/4096)
	if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&mem[0])), uintptr(len(mem)), uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Fatal(errno)
	}
	n := 0
	for _, v := range vec {
		n += int(v & 1)
	}
	return n
}

// TestPreTouchHeap checks that the heap preTouchHeap touches is the heap
// the next allocations take: writing to them then costs few page faults.
// It runs in a process of its own (see TestPreTouchHugePages).
func TestPreTouchHeap(t *testing.T) {
	if !inFreshProcess(t) {
		return
	}
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
	chunks := writeChunks(size / 2)
	// Untouched, the chunks would take a fault each.
	if faults := minorFaults(t) - before; faults > int64(len(chunks))/4 {
		t.Errorf("%d page faults writing %d pages of fresh heap", faults, len(chunks))
	}
}

// writeChunks allocates n bytes of heap in pages, writing to each.
func writeChunks(n int) [][]byte {
	chunks := make([][]byte, 0, n/4096)
	for range cap(chunks) {
		c := make([]byte, 4096)
		c[0] = 1
		chunks = append(chunks, c)
	}
	return chunks
}

func minorFaults(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return int64(ru.Minflt)
}
