package markup

import (
	"runtime"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// A long file's line pass is split into chunks, which are parsed at once,
// on every core, and joined in order. A chunk starts at a heading that
// follows a blank line at the top level: no block runs across such a
// heading, no box holds it (a heading ends an open box) and no table
// before it is still waiting for its caption, so the chunks' blocks and
// diagnostics, joined, are those of the whole file parsed at once. The
// tests hold the two to be the same (TestChunksParseAsOne, FuzzParse).

// MinChunkLines is the fewest lines a chunk has: a file shorter than two
// chunks is parsed in one pass.
const MinChunkLines = 16 << 10

// chunkBlocks runs the line pass over lines, cutting it into chunks when
// the file is long enough, and returns the blocks. Each chunk has a block
// parser of its own, with its own prose workers; their diagnostics are
// added to p's.
func (p *blockParser) chunkBlocks(lines []prose.Line) []ast.Block {
	cuts := chunkCuts(lines, p.ChunkLines)
	if len(cuts) == 0 {
		b := blockBuilder{p: p, blocks: []ast.Block{}}
		scanEnvironments(lines, p.Diags, b.add)
		return b.blocks
	}
	bounds := append(append([]int{0}, cuts...), len(lines))
	blocks := make([][]ast.Block, len(bounds)-1)
	diags := make([]ast.DiagnosticList, len(bounds)-1)
	parallel.For(len(blocks), func(i int) {
		cp := &blockParser{p.Chunk(&diags[i])}
		b := blockBuilder{p: cp, blocks: []ast.Block{}}
		scanEnvironments(lines[bounds[i]:bounds[i+1]], cp.Diags, b.add)
		cp.Prose.Wait()
		blocks[i] = b.blocks
	})
	all := make([]ast.Block, 0, len(blocks)*len(blocks[0]))
	for i := range blocks {
		all = append(all, blocks[i]...)
		*p.Diags = append(*p.Diags, diags[i]...)
	}
	return all
}

// chunkCuts returns the lines at which the line pass is cut into chunks of
// at least chunkLines lines, in order: as many chunks as keep every core
// busy, evenly spaced, or fewer when lines short of that will do. It
// returns none when chunkLines is 0.
func chunkCuts(lines []prose.Line, chunkLines int) []int {
	if chunkLines <= 0 {
		return nil
	}
	n := min(len(lines)/chunkLines, 4*runtime.GOMAXPROCS(0))
	var cuts []int
	from := 0
	for k := 1; k < n; k++ {
		at := max(from+1, k*len(lines)/n)
		cut := nextCut(lines, at)
		if cut < 0 {
			break
		}
		cuts = append(cuts, cut)
		from = cut
	}
	return cuts
}

// nextCut returns the first line from at on where the line pass may be
// cut (see above), or -1. It looks back once, for the last command before
// at, and then keeps track of the commands it passes: a \begin of any
// environment but a box means the lines after it are the environment's
// own until the next command, and an \end{table} means the stretch after
// it starts with the table's caption.
func nextCut(lines []prose.Line, at int) int {
	last := ""
	for i := at - 1; i >= 0; i-- {
		if t := lines[i].Trimmed(); prose.CommandName(t) != "" {
			last = t
			break
		}
	}
	for i := at; i < len(lines); i++ {
		t := lines[i].Trimmed()
		if prose.CommandName(t) != "" {
			last = t
			continue
		}
		if lines[i-1].IsBlank() && lines[i].Indent() == 0 && isHeadingAt(lines, i) && cutsAfter(last) {
			return i
		}
	}
	return -1
}

// cutsAfter reports whether the line pass may be cut after last, the last
// command line before the cut, "" for none.
func cutsAfter(last string) bool {
	switch prose.CommandName(last) {
	case "begin":
		e, problem := prose.ParseEnvLine(last, "begin")
		return problem != "" || e.Name == "box"
	case "end":
		e, problem := prose.ParseEnvLine(last, "end")
		return problem != "" || e.Name != "table"
	}
	return true
}
