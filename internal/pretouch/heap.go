// Package pretouch readies the heap a long book's load will take: faulted
// in by one system call rather than a page fault at a time, or in huge
// pages as it is used (see preTouchHeap); and holds the process to the
// memory the book's length allows it (see limitMemory). It is a package
// of its own, under the pipeline that calls it, so that its tests measure
// page faults in a process that does nothing else meanwhile.
package pretouch

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// heapPerManuscriptByte is about how much heap checking a book, and
// building it, touches per byte of its manuscript: 11 to 13 bytes for
// check and build --only html on a 12 MB book. Pre-touching a little less
// than that leaves them no more memory than they would have used.
const heapPerManuscriptByte = 10

// hugeHeapPerManuscriptByte is heapPerManuscriptByte for a heap readied in
// huge pages (see UseHugePages): the whole of the 11 to 13 bytes. What
// it leaves is faulted in small pages, each access to which
// costs more, and the collector's first cycle, which waits for the heap
// pre-touched (see collectFirstAt), is then the only one: the 12 MB
// book's site took 1.23 -> 1.18 s of CPU built just after Hugo's, as
// bench/compare.sh builds it, for a peak of 176 MB rather than 152
// (BENCHMARKS.md).
const hugeHeapPerManuscriptByte = 13

// hugePages is whether For readies the heap in huge pages (see
// UseHugePages).
var hugePages atomic.Bool

// UseHugePages has For ready the heap in huge pages, for a process
// whose heap stays about the size For touches, as the site's build does:
// the 12 MB book's site took 17% less CPU (BENCHMARKS.md). A process
// whose heap grows past it nears its memory limit, and the runtime's
// giving memory back near the limit split 49 of the 58 huge pages of the
// 12 MB book's whole build, which took 6% more CPU with them than without.
func UseHugePages() { hugePages.Store(true) }

// worthPreTouching is the least heap worth pre-touching: below it, a
// book's few page faults cost less than the system call and the
// collection (see preTouchHeap).
const worthPreTouching = 4 << 20

// leastPreTouch is the least heap pre-touched for a book worth it. A 1.2 MB
// book's site allocates some 30 MB in all: with 32 MB touched, and the
// collector's first cycle waiting for them (see collectFirstAt), it runs
// no cycle at all, 0.24 -> 0.21 s of CPU for 18 MB more memory
// (BENCHMARKS.md).
const leastPreTouch = 32 << 20

// preTouchOnce pre-touches the heap for the first book a process checks:
// serve keeps its heap from one build to the next.
var preTouchOnce sync.Once

// For pre-touches the heap that checking the manuscript at path will need
// (see preTouchHeap) and limits the process's memory to what its length
// allows (see limitMemory), once per process.
func For(path string) {
	preTouchOnce.Do(func() {
		size := manuscriptSize(path)
		n := heapPerManuscriptByte * size
		if hugePages.Load() {
			n = hugeHeapPerManuscriptByte * size
		}
		if n >= worthPreTouching {
			n = max(n, leastPreTouch)
		}
		_ = preTouchHeap(n, hugePages.Load())
		collectFirstAt(n)
		limitMemory(size)
	})
}

// collectFirstAt has the collector's first cycle wait until the heap holds
// n bytes, the heap pre-touched, and its later cycles come as they would,
// when GOGC sets nothing else. The collector starts at 4 MB and doubles:
// a 12 MB book's site, whose heap grows to 114 MB, took five cycles on the
// way, each marking all the heap there was, in memory already touched.
// With one: 1.33 -> 1.24 and 1.46 -> 1.39 s of CPU in two runs (BENCHMARKS.md);
// the whole build, whose heap grows past it, the same.
func collectFirstAt(n int) {
	const runtimeFirst = 4 << 20 // the collector's goal at GOGC=100 for a heap of nothing
	if n <= runtimeFirst || os.Getenv("GOGC") != "" {
		return
	}
	// A goal of GOGC percent of the 4 MB minimum; restored by the first
	// cycle, which finds the sentinel unreachable.
	restore := debug.SetGCPercent(100 * n / runtimeFirst)
	runtime.AddCleanup(new([16]byte), func(percent int) { debug.SetGCPercent(percent) }, restore)
}

// memoryPerManuscriptByte is the memory the Go runtime may hold for each
// byte of a long manuscript: a build's budget is 30 (issue 26), and the
// process's code and what else the runtime does not count take some 20 MB
// besides. leastMemoryLimit is the least limit set: a shorter book's
// memory is its fonts', its roller's and the runtime's, not its text's,
// and a process that builds many at once (the tests) is not held to one's.
const (
	memoryPerManuscriptByte = 27
	leastMemoryLimit        = 256 << 20
)

// limitMemory sets the Go runtime's soft memory limit to
// memoryPerManuscriptByte bytes for each of the manuscript's size bytes,
// when that is past leastMemoryLimit and GOMEMLIMIT sets none. Without it
// a long book's build holds twice its live heap while the PDF's pages are
// drawn: the collector's headroom, and the pages it freed that the
// runtime keeps for later. Near the limit the runtime gives them back and
// collects sooner: a 12 MB manuscript's build peaks at 344 MB rather than
// 400, for 5% more CPU (BENCHMARKS.md). A book whose live heap outgrows the
// limit is still built, the collector then taking at most half the CPU
// (see debug.SetMemoryLimit).
func limitMemory(size int) {
	limit := int64(size) * memoryPerManuscriptByte
	if limit < leastMemoryLimit || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(limit)
}

// manuscriptSize is the size in bytes of the manuscript at path: the file,
// or the .txt files of the directory. Files it cannot read count nothing;
// the parser reports them.
func manuscriptSize(path string) int {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	if !info.IsDir() {
		return int(info.Size())
	}
	files, _ := filepath.Glob(filepath.Join(path, "*.txt"))
	size := 0
	for _, f := range files {
		if info, err := os.Stat(f); err == nil {
			size += int(info.Size())
		}
	}
	return size
}
