package pdf

import (
	"runtime/debug"
	"sync"
)

// drawGCPercent is the GOGC the book is laid out, drawn and written with.
const drawGCPercent = 40

// collecting counts the books drawing their pages, which share the
// process's GOGC.
var collecting struct {
	sync.Mutex
	books int
	// gcPercent is the GOGC to restore when the last book is written.
	gcPercent int
}

// collectOften lowers GOGC to drawGCPercent, unless it is lower already or
// off, until the returned function is called. Books drawn at once, as
// serve's builds may be, lower it once and restore it once.
func collectOften() (restore func()) {
	collecting.Lock()
	defer collecting.Unlock()
	if collecting.books == 0 {
		collecting.gcPercent = debug.SetGCPercent(drawGCPercent)
		if collecting.gcPercent < drawGCPercent {
			debug.SetGCPercent(collecting.gcPercent)
		}
	}
	collecting.books++
	return func() {
		collecting.Lock()
		defer collecting.Unlock()
		if collecting.books--; collecting.books == 0 {
			debug.SetGCPercent(collecting.gcPercent)
		}
	}
}
