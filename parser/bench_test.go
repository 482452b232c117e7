package parser

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/internal/readertest"
)

// BenchmarkParseSeed parses the Nests & Insects manuscript; its MB/s is the
// yardstick for the pathological inputs below.
func BenchmarkParseSeed(b *testing.B) {
	src := readSeed(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse("seed.txt", src)
	}
}

// BenchmarkParseSeedCells parses the seed and then the inlines of every
// table cell, as the site's writer asks for them: the work the tree puts
// off until a writer wants it, through Table.ParseCell (see
// ast.Cell.Inlines). Set beside BenchmarkParseSeed's, it is the cells' cost.
func BenchmarkParseSeedCells(b *testing.B) {
	src := readSeed(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		doc, _ := Parse("seed.txt", src)
		ast.WalkBlocks(doc.Blocks, func(n ast.Block) {
			if t, ok := n.(*ast.Table); ok {
				for _, row := range append([][]*ast.Cell{t.Header}, t.Rows...) {
					for _, c := range row {
						c.Inlines()
					}
				}
			}
		})
	}
}

// BenchmarkParseLargeBook parses a book twenty times as long as the seed,
// built as the corpus of ../shared/bench/make_corpus.py is: a book that long
// is where the prose workers and the garbage collector show. Set beside
// BenchmarkParseSeed's, its MB/s shows the parser linear in a book's length.
func BenchmarkParseLargeBook(b *testing.B) {
	src := repeatBody(readSeed(b), 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse("book.txt", src)
	}
}

// repeatBody returns the book with its body, everything after the outline,
// written k times over.
func repeatBody(book []byte, k int) []byte {
	lines := strings.Split(string(book), "\n")
	end := slices.Index(lines, `\end{toc}`) + 1
	body := strings.Join(lines[end:], "\n")
	front := strings.Join(lines[:end], "\n")
	return []byte(front + "\n" + strings.Repeat(body+"\n", k))
}

// pathologicalInputs are the shapes that make naive parsers quadratic. Each
// must cost at most twice the seed's time per byte: bench/parse_ratios.sh runs
// them alternately with BenchmarkParseSeed and prints the ratios.
var pathologicalInputs = map[string]func() string{
	// 100,000 "*" in one paragraph.
	"stars": func() string { return readertest.Wrap(strings.Repeat("*", 100000), 80) },
	"unclosed-boxes": func() string {
		return strings.Repeat("\\begin{box}[Example 1]\n", 10000)
	},
	// Code blocks that run to an \end{nolayout} none of them has: each
	// would search the rest of the file for it.
	"unclosed-code": func() string {
		return strings.Repeat("\\begin{nolayout}[galley]\nx = 1\n", 10000)
	},
	// A megabyte of prose on one line, as dense in dice and references as a
	// rulebook's prose.
	"long-line": func() string { return strings.Repeat(readertest.Prose, 1<<20/len(readertest.Prose)) + "\n" },
	"wide-table": func() string {
		row := strings.Repeat("cell & ", 4999) + "cell\n"
		return "\\begin{table}[2]\n" + row + row + row + "\\end{table}\n"
	},
	"list-lines": func() string { return strings.Repeat("* an item that looks like a list\n", 50000) },
}

// emphasisDenseInputs make every few bytes an inline node. They cost more
// per byte than prose, for the nodes they make, but the cost per byte must
// not grow with the input: BenchmarkParseEmphasisDense runs each at two
// sizes ten times apart, whose MB/s must agree.
var emphasisDenseInputs = map[string]func(n int) string{
	"pairs":   func(n int) string { return readertest.Wrap(strings.Repeat("*a* ", n/2), 80) },
	"openers": func(n int) string { return readertest.Wrap(strings.Repeat("*a ", n), 80) },
	"closers": func(n int) string { return readertest.Wrap(strings.Repeat("a* ", n), 80) },
}

func BenchmarkParsePathological(b *testing.B) {
	for name, input := range pathologicalInputs {
		src := []byte(input())
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Parse("input.txt", src)
			}
		})
	}
}

func BenchmarkParseEmphasisDense(b *testing.B) {
	for name, input := range emphasisDenseInputs {
		for _, stars := range []int{10000, 100000} {
			src := []byte(input(stars))
			b.Run(name+"/"+strconv.Itoa(stars), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					Parse("input.txt", src)
				}
			})
		}
	}
}
