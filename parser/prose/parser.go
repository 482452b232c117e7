package prose

import (
	"slices"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
)

// Parser is what every reader carries through the files of a book: where
// its diagnostics go, the queue that parses the inlines of its prose, and,
// through the queue, the claims the prose makes.
type Parser struct {
	Diags *ast.DiagnosticList
	// Prose parses the inlines of the blocks' text; see prose.go.
	Prose Queue
	// ChunkLines is the fewest lines a chunk of a file has when a reader
	// cuts a long file into chunks read at once, 0 for a file read in one
	// pass.
	ChunkLines int
}

// NewParser returns the parser of a book's files, reporting to diags;
// chunkLines is as in Parser.
func NewParser(diags *ast.DiagnosticList, chunkLines int) *Parser {
	p := &Parser{Diags: diags, ChunkLines: chunkLines}
	p.Prose.claims = &claimSink{}
	return p
}

// Chunk returns the parser of one chunk of a file, reporting to diags: its
// prose has workers of its own, and its claims join the book's.
func (p *Parser) Chunk(diags *ast.DiagnosticList) *Parser {
	cp := &Parser{Diags: diags}
	cp.Prose.claims = p.Prose.claims
	return cp
}

// Finish waits for the prose of every file read, and then runs the passes
// that need the whole book: the list of its claims, its stat blocks, the
// numbers of its captions, the depths and anchors of its headings (see outline). A
// reader's blocks are in doc when it is called.
func (p *Parser) Finish(doc *ast.Document) {
	p.Prose.Wait()
	p.Prose.claims.addTo(doc, p.Diags)
	// The headings' depths and anchors, and the stat blocks and the
	// captions' numbers, are set on different nodes, and only the stat
	// blocks change the blocks: the headings found first, the two are
	// worked out side by side, each a tenth of a long book's reading.
	headings, toc := doc.Headings(), doc.TOC()
	outlined := parallel.Go(func() struct{} {
		outline(headings, toc)
		return struct{}{}
	})
	statBlocks(doc)
	numberCaptions(doc)
	outlined()
}

// MaxNesting bounds how deep containers nest: lists in the markup, block
// quotes, lists and Homebrewery blocks in Markdown. Each level re-slices
// its lines once, so without a bound a staircase of indented markers would
// cost time quadratic in its height, and every walk of the tree would
// recurse as deep; no rulebook nests this deep.
const MaxNesting = 16

// AppendDoubling appends v to s, doubling the room in s when it runs out.
// append alone grows a long slice by a quarter at a time, and so allocates
// five times the final size of the longest lists of a book: its blocks, a
// long list's items, a broken book's diagnostics.
func AppendDoubling[S ~[]E, E any](s S, v E) S {
	if len(s) == cap(s) {
		s = slices.Grow(s, len(s)+1)
	}
	return append(s, v)
}
