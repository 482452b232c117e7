package parser

import (
	"testing"

	"github.com/galleyhq/galley/parser/internal/readertest"
)

// testInputs returns the input of every golden and error test.
func testInputs(tb testing.TB) [][]byte {
	return readertest.CaseInputs(tb, "input.txt", "testdata/golden", "testdata/errors")
}

// FuzzParse feeds the parser arbitrary bytes, starting from every testdata
// input, the seed manuscript and a few shapes of broken markup. Whatever the
// input, the parser must not panic, every position it reports must lie in
// the input, and the tree must encode as JSON.
func FuzzParse(f *testing.F) {
	for _, src := range testInputs(f) {
		f.Add(src)
	}
	if src, err := readSeedFile(); err == nil {
		f.Add(src)
	}
	for _, s := range []string{
		"\\begin{box}[", "\\begin{table}[8]\na & b\n\\end{table}\nTable 9:", "/*\n*/\n/*",
		"* \n  * \n    * x", "1. a\n   b\n2.", "_x_", "*a **b *c", "Section \"", "d6>=", "¹²³",
		"─\n──\nFigure:", "\\charsheet[", "x ... y\n... z", "\xff\xfe\r\n", "Title\n===\n---",
		"\\claim{mean 2d12}{13}", "a \\claim{P(2d12\n>= 20)}{10%} *\\claim{x}{1}*", "\\claim{", "\\claim{}{}", "\\claim{a}{",
		"\\begin{table}[4]\nFeature & Rating\nA & 1\n\\end{table}\n┌[B]──┐┌[\n│ N:..x │\n└\n──\nFigure:\n\\begin{box}[Special Rule - C]\n\\end{box}",
		"\\begin{table}[4, generate={row}d6]\nN & Mean\n1 & \\claim{mean d6}{3.5}\n\\end{table}",
		"\\index{Term}", "\\index{Term!Sub}", "\\index{A|see{B}}", "\\index{A|seealso{B}}", "\\index{", "\\index{a{b}}",
		"*x\\index{y}*", "\\index{A|see{B}", "\\index", "\\index{!}", "\\index{a!b!c|see{}}",
		"\\alt{A}\n┌┐\n─\nFigure:", "\\alt{", "\\alt{}\n┌", "\\alt{a}{b}\n┌", "\\alt",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, diags := Parse("fuzz.txt", src)
		readertest.CheckTree(t, src, doc, diags)
		readsAsOne(t, "book.txt", src, 1)
	})
}
