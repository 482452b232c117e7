package parallel

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
)

func TestForCallsEachIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 1000} {
		calls := make([]atomic.Int32, n)
		For(n, func(i int) { calls[i].Add(1) })
		for i := range calls {
			if got := calls[i].Load(); got != 1 {
				t.Errorf("n=%d: index %d called %d times", n, i, got)
			}
		}
	}
}

// TestPanicsReachTheCaller raises a panic of any goroutine again where
// the work is waited for, and Catch turns it into an error, so that no
// panic of a build's goroutines ends a process that recovers at the top.
func TestPanicsReachTheCaller(t *testing.T) {
	caught := func(do func()) (p *Panic) {
		defer func() {
			p, _ = recover().(*Panic)
		}()
		do()
		return nil
	}
	if p := caught(func() {
		For(100, func(i int) {
			if i == 37 {
				panic("index 37")
			}
		})
	}); p == nil || p.Value != "index 37" || len(p.Stack) == 0 {
		t.Errorf("For: recovered %v, want the panic of index 37", p)
	}
	wait := Go(func() int { panic("in Go") })
	if p := caught(func() { wait() }); p == nil || p.Value != "in Go" {
		t.Errorf("Go: recovered %v", p)
	}
	if got := Go(func() int { return 7 })(); got != 7 {
		t.Errorf("Go returned %d, want 7", got)
	}
	err := Catch(func() error {
		For(2, func(int) { panic(errors.New("deep")) })
		return nil
	})
	var p *Panic
	if !errors.As(err, &p) || !strings.Contains(err.Error(), "panic: deep") {
		t.Errorf("Catch: %v", err)
	}
	if err := Catch(func() error { return errors.ErrUnsupported }); err != errors.ErrUnsupported {
		t.Errorf("Catch changed an error: %v", err)
	}
}
