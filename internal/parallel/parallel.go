// Package parallel runs the iterations of a loop on every core, and work
// on goroutines of its own, without letting a panic on one of them end the
// process: a panic is raised again where the work is waited for, so that
// the one recover at the top of a build (galley serve's, or the command's)
// sees a panic wherever in the build it happened.
package parallel

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
)

// For calls do with each of 0 to n-1, on as many goroutines as there are
// cores, each taking the next index as it comes free, and returns once all
// calls have returned. No goroutine waits to be handed work, so calls as
// short as a site's pages cost no more than the work they do. A call that
// panics is raised again, as a *Panic, on the goroutine that called For,
// once every goroutine has stopped.
func For(n int, do func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var first atomic.Pointer[Panic]
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			defer func() {
				if v := recover(); v != nil {
					first.CompareAndSwap(nil, asPanic(v))
					next.Store(int64(n)) // the others stop at their next index
				}
			}()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				do(i)
			}
		})
	}
	wg.Wait()
	if p := first.Load(); p != nil {
		panic(p)
	}
}

// Go calls do on a goroutine of its own, and returns a function that waits
// for it and returns what it returned; a panic in do is raised again, as a
// *Panic, by that function.
func Go[T any](do func() T) (wait func() T) {
	var result T
	var p *Panic
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if v := recover(); v != nil {
				p = asPanic(v)
			}
		}()
		result = do()
	}()
	return func() T {
		<-done
		if p != nil {
			panic(p)
		}
		return result
	}
}

// Catch calls do and returns its error, or the panic it raised as a
// *Panic: for work whose caller may have stopped waiting for it, such as a
// file written in the background of a cancelled build, and for the top of
// a build, which reports a panic as it does any failure.
func Catch(do func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = asPanic(v)
		}
	}()
	return do()
}

// Panic is a panic recovered: a bug of galley's, reported as an error
// rather than let it end the process (galley serve goes on serving).
type Panic struct {
	Value any
	// Stack is the goroutine's stack where it panicked.
	Stack []byte
}

func (p *Panic) Error() string {
	msg := fmt.Sprintf("galley failed, which is a bug in galley (please report it): panic: %v", p.Value)
	if where := p.where(); where != "" {
		msg += " at " + where
	}
	return msg
}

// where returns the file and line that panicked, from the stack: the
// frame under the runtime's panic.
func (p *Panic) where() string {
	_, after, ok := strings.Cut(string(p.Stack), "\npanic(")
	if !ok {
		return ""
	}
	lines := strings.Split(after, "\n")
	// lines[0] ends the panic call, lines[1] is its file; lines[2] is the
	// function that panicked and lines[3] its file and line.
	if len(lines) < 4 {
		return ""
	}
	at, _, _ := strings.Cut(strings.TrimSpace(lines[3]), " +0x")
	return at
}

// asPanic returns the value recovered as a *Panic: itself when it is one
// raised again, else with the stack of the goroutine recovering it, which
// is still the one that panicked.
func asPanic(v any) *Panic {
	if p, ok := v.(*Panic); ok {
		return p
	}
	return &Panic{Value: v, Stack: debug.Stack()}
}
