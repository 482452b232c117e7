package pretouch

import (
	"runtime"
	"syscall"
)

// maxPreTouch is the most heap preTouchHeap touches: what a manuscript of
// some 100 MB would have it touch.
const maxPreTouch = 1 << 30

// madvPopulateWrite is Linux's MADV_POPULATE_WRITE (5.14), which the
// syscall package does not name.
const madvPopulateWrite = 23

// preTouchHeap grows the heap by n bytes, their pages faulted in by one
// system call, and frees them for the book's own objects. A process
// otherwise takes a page fault for each page of heap it first touches:
// a large book's build takes some 40,000, and under a hypervisor each
// costs several microseconds, a fifth of the build's time. The JVM offers
// the same as AlwaysPreTouch. A kernel older than 5.14 refuses the advice,
// and the pages are then faulted in as they are used, as before: the error
// says so, for the tests.
//
// With huge, the pages are asked to be huge ones (MADV_HUGEPAGE), as the
// JVM's UseTransparentHugePages asks for its heap: where the kernel's
// transparent huge pages are "madvise" or "always" the heap is then
// faulted in 2 MB at a time, the 114 MB a 12 MB book's site is given in
// some 60 faults rather than 29,000, and every access to it needs fewer
// translations, which under a hypervisor is most of the gain. Where huge
// pages are "never" or the advice is refused, the pages are the usual
// small ones.
//
// It touches no more than a quarter of the memory free, and no more than
// maxPreTouch: past that a book pays for its faults as any process does,
// rather than have galley hold memory the machine needs.
func preTouchHeap(n int, huge bool) error {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err == nil {
		n = min(n, int(uint64(info.Freeram)*uint64(info.Unit)/4))
	}
	n = min(n, maxPreTouch)
	if n < worthPreTouching {
		return nil
	}
	heap := make([]byte, n)
	if huge {
		_ = syscall.Madvise(heap, syscall.MADV_HUGEPAGE)
	}
	err := syscall.Madvise(heap, madvPopulateWrite)
	// Collected now, while nothing else is on the heap, its pages are
	// the ones the next allocations take.
	runtime.GC()
	return err
}
