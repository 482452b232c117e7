package prose

import (
	"runtime"
	"sync"

	"github.com/galleyhq/galley/parser/ast"
)

// The inlines of prose – paragraphs, captions, footnotes – are parsed apart
// from the block pass, by workers on every core while the block pass goes
// on. The block pass is a walk over lines that must go in order, but the
// inlines of a text depend on nothing but its own lines and make no
// diagnostics: they can be parsed in any order, at once, and the tree comes
// out the same.

// proseText is a stretch of text set aside by the block pass.
type proseText struct {
	lines []Line
	// into is the node's field that receives the inlines, after those it
	// holds already (a paragraph's run-in label).
	into *[]ast.Inline
}

func (t *proseText) parse(claims *claimSink) { *t.into = appendInlines(*t.into, t.lines, claims) }

// proseBatch is how many texts go to a worker at a time: enough that
// handing them over costs nothing beside parsing them, few enough that the
// last batch, parsed after the block pass, is short work.
const proseBatch = 64

// Queue takes the texts from the block pass and hands them, a batch at
// a time, to its workers.
type Queue struct {
	batch   []proseText
	batches chan []proseText // nil until the first batch is full
	// parsed brings back the batches the workers are done with, to be
	// filled again: the prose of a whole book then goes through a few.
	parsed  chan []proseText
	workers sync.WaitGroup
	// claims receives the claims the texts hold; every queue of a book
	// shares one.
	claims *claimSink
}

// Add sets lines aside, to have their inlines appended to *into, which the
// block pass must not touch again. first stands in for lines[0] (a
// paragraph's first line without its run-in label, a caption's without its
// "Table 2:"); lines itself is a slice of the file's lines and is not
// written to.
func (q *Queue) Add(first Line, lines []Line, into *[]ast.Inline) {
	if first != lines[0] {
		lines = append([]Line{first}, lines[1:]...)
	}
	if q.batch == nil {
		select {
		case q.batch = <-q.parsed:
		default:
			q.batch = make([]proseText, 0, proseBatch)
		}
	}
	q.batch = append(q.batch, proseText{lines: lines, into: into})
	if len(q.batch) < proseBatch {
		return
	}
	if q.batches == nil {
		// A book this long is worth the workers; a short text is parsed
		// by wait alone.
		workers := runtime.GOMAXPROCS(0)
		q.batches = make(chan []proseText, workers)
		// Room for every batch there can be, so that giving one back never
		// blocks: the one filling, those queued, one in each worker.
		q.parsed = make(chan []proseText, 2*workers+1)
		for range workers {
			q.workers.Go(func() {
				for batch := range q.batches {
					parseBatch(batch, q.claims)
					clear(batch) // so that it holds on to no lines
					q.parsed <- batch[:0]
				}
			})
		}
	}
	q.batches <- q.batch
	q.batch = nil
}

// Wait returns once every text added so far has its inlines.
func (q *Queue) Wait() {
	parseBatch(q.batch, q.claims)
	q.batch = nil
	if q.batches != nil {
		close(q.batches)
		q.workers.Wait()
		q.batches, q.parsed = nil, nil
	}
}

func parseBatch(batch []proseText, claims *claimSink) {
	for i := range batch {
		batch[i].parse(claims)
	}
}
