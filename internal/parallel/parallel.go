// Package parallel runs the iterations of a loop on every core.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls do with each of 0 to n-1, on as many goroutines as there are
// cores, each taking the next index as it comes free, and returns once all
// calls have returned. No goroutine waits to be handed work, so calls as
// short as a site's pages cost no more than the work they do.
func For(n int, do func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				do(i)
			}
		})
	}
	wg.Wait()
}
