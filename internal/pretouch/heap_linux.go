package pretouch

import (
	"bytes"
	"os"
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
// JVM's UseTransparentHugePages asks for its heap, and where the kernel
// gives them (its transparent huge pages "madvise" or "always") they are
// left to be faulted in as the book's objects first use them, 2 MB at a
// time: the 150 MB a 12 MB book's site is given in some 75 faults rather
// than 37,000, every access to them needing fewer translations, which
// under a hypervisor is most of the gain. Faulting them in at once gains
// nothing over so few faults and costs more: the zeroing of the pages
// then runs on one core before the book is read, rather than on both
// while it is built, and pages the book never uses are zeroed too. The
// 12 MB book's site, just after a Hugo build, took 0.74 s wall and 1.10 s
// CPU with them faulted at once, 0.53 s and 0.93 s as used (BENCHMARKS.md).
// Where huge pages are "never" or the advice is refused, the pages are
// the usual small ones, faulted in at once.
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
	err := ready(make([]byte, n), huge)
	// Collected now, while nothing else is on the heap, its pages are
	// the ones the next allocations take.
	runtime.GC()
	return err
}

// ready readies mem as preTouchHeap says: advised to be huge pages and
// left to be faulted in as used, where the kernel gives them and huge
// asks for them; else faulted in at once.
func ready(mem []byte, huge bool) error {
	if huge && syscall.Madvise(mem, syscall.MADV_HUGEPAGE) == nil && hugePagesGiven() {
		return nil
	}
	return syscall.Madvise(mem, madvPopulateWrite)
}

// hugePagesGiven reports whether the kernel gives a process that asks
// for them transparent huge pages: "always" or "madvise", the mode in
// brackets.
func hugePagesGiven() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && (bytes.Contains(mode, []byte("[always]")) || bytes.Contains(mode, []byte("[madvise]")))
}
