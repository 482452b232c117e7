// Package pretouch readies the heap a long book's load will take, faulted
// in by one system call rather than a page fault at a time (see
// preTouchHeap). It is a package of its own, under the pipeline that calls
// it, so that its test measures page faults in a process that does nothing
// else meanwhile.
package pretouch

import (
	"os"
	"path/filepath"
	"sync"
)

// heapPerManuscriptByte is about how much heap checking a book, and
// building it, touches per byte of its manuscript: 11 to 13 bytes for
// check and build --only html on a 12 MB book. Pre-touching a little less
// than that leaves them no more memory than they would have used.
const heapPerManuscriptByte = 10

// preTouchOnce pre-touches the heap for the first book a process checks:
// serve keeps its heap from one build to the next.
var preTouchOnce sync.Once

// For pre-touches the heap that checking the manuscript at path will need
// (see preTouchHeap), once per process.
func For(path string) {
	preTouchOnce.Do(func() { _ = preTouchHeap(heapPerManuscriptByte * manuscriptSize(path)) })
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
