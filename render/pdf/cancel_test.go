package pdf

import (
	"bytes"
	"context"
	"errors"
	"math"
	"sync/atomic"
	"testing"

	"github.com/galleyhq/galley/internal/testbook"
)

// TestWriteBookCancelled checks that a build stops soon after it is
// cancelled, by counting rather than timing: a context cancels itself at
// its nth check, before the book is begun, while it is laid out and while
// it is drawn, and WriteBook must return its error, having written
// nothing, within a few checks more, where every block, line and page is
// one. The bundled book has lists of many items and boxes of many
// blocks, which a cancelled layout unwinds through, each asking whether
// to stop on its way out; the context is asked no more once it has said
// so.
func TestWriteBookCancelled(t *testing.T) {
	doc := testbook.Book(t)
	whole := &cancelAfter{n: math.MaxInt64}
	if _, err := WriteBook(whole.start(), &bytes.Buffer{}, doc, testbook.SheetsOf(doc), Options{}); err != nil {
		t.Fatal(err)
	}
	total := whole.checks.Load()
	for _, n := range []int64{0, 1, total / 3, total * 2 / 3, total - 1} {
		ctx := &cancelAfter{n: n}
		var out bytes.Buffer
		_, err := WriteBook(ctx.start(), &out, doc, testbook.SheetsOf(doc), Options{})
		if !errors.Is(err, context.Canceled) || out.Len() > 0 {
			t.Errorf("cancelled at check %d of %d: error %v and %d bytes written, want %v and none", n, total, err, out.Len(), context.Canceled)
		}
		if after := ctx.checks.Load() - n; after > 3 {
			t.Errorf("cancelled at check %d of %d: %d checks more before WriteBook returned", n, total, after)
		}
	}
}

// cancelAfter is a context that cancels itself at the check after its nth.
type cancelAfter struct {
	context.Context
	cancel context.CancelFunc
	n      int64
	checks atomic.Int64
}

func (c *cancelAfter) start() context.Context {
	c.Context, c.cancel = context.WithCancel(context.Background())
	return c
}

// Err counts the check, and cancels the context when its turn has come.
func (c *cancelAfter) Err() error {
	if c.checks.Add(1) > c.n {
		c.cancel()
	}
	return c.Context.Err()
}
