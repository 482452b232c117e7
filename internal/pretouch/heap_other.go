//go:build !linux

package pretouch

// preTouchHeap does nothing: pre-touching the heap is done on Linux alone
// (see heap_linux.go).
func preTouchHeap(n int, huge bool) error { return nil }
