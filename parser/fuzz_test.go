package parser

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/rogpeppe/go-internal/txtar"
)

// testInputs returns the input of every golden and error test.
func testInputs(tb testing.TB) [][]byte {
	return caseInputs(tb, "input.txt", "testdata/golden", "testdata/errors")
}

// caseInputs returns the section name of every *.txtar case in dirs.
func caseInputs(tb testing.TB, name string, dirs ...string) [][]byte {
	tb.Helper()
	var inputs [][]byte
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
		for _, file := range files {
			a, err := txtar.ParseFile(file)
			if err != nil {
				tb.Fatal(err)
			}
			for _, part := range a.Files {
				if part.Name == name {
					inputs = append(inputs, part.Data)
				}
			}
		}
	}
	return inputs
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
		"\\begin{table}[4, generate={row}d6]\nN & Mean\n1 & \\claim{mean d6}{3.5}\n\\end{table}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, diags := Parse("fuzz.txt", src)
		checkParsed(t, src, doc, diags)
		parsesAsOne(t, src, 1)
	})
}

// checkParsed fails t when a reader's tree of src is not sound: every
// position it reports must lie in the input, and the tree must encode as
// JSON.
func checkParsed(t *testing.T, src []byte, doc *ast.Document, diags ast.DiagnosticList) {
	// Counted once: a check of every node against the whole input
	// made an exec of the seed manuscript take seconds.
	lines, runes := strings.Count(string(src), "\n")+1, utf8.RuneCount(src)
	check := func(what string, p ast.Pos) {
		if p.Line < 1 || p.Line > lines || p.Col < 1 || p.Col > runes+1 {
			t.Fatalf("%s at %v is outside the input (%d lines)", what, p, lines)
		}
	}
	for _, d := range diags {
		check("diagnostic "+d.Message, d.Pos)
	}
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		check(n.Kind().String(), n.Position())
		if table, ok := n.(*ast.Table); ok {
			for _, row := range append([][]*ast.Cell{table.Header}, table.Rows...) {
				for _, cell := range row {
					check("cell", cell.Pos)
					cell.Inlines()
				}
			}
		}
		return true
	})
	for _, c := range doc.Claims {
		check("claim", c.Pos)
		check("claim quantity", c.QuantityPos)
	}
	if _, err := json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	eachString(reflect.ValueOf(doc.Blocks), map[uintptr]bool{}, func(s string) {
		if !utf8.ValidString(s) {
			t.Fatalf("the tree holds %q, which is not UTF-8: every reader gives the writers text", s)
		}
	})
}

// eachString calls f with every string v holds, through pointers,
// interfaces, slices, maps and structs, each pointer once (a table's cell
// points back at its table).
func eachString(v reflect.Value, seen map[uintptr]bool, f func(string)) {
	switch v.Kind() {
	case reflect.String:
		f(v.String())
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		eachString(v.Elem(), seen, f)
	case reflect.Interface:
		if !v.IsNil() {
			eachString(v.Elem(), seen, f)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return // a picture's bytes
		}
		for i := range v.Len() {
			eachString(v.Index(i), seen, f)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			eachString(it.Key(), seen, f)
			eachString(it.Value(), seen, f)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			eachString(v.Field(i), seen, f)
		}
	}
}
