// Package readertest holds what the tests of galley's readers share: the
// inputs of their txtar cases, and the soundness checks every reader's
// tree must pass, whatever the input (see FuzzParse and its kin).
package readertest

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/rogpeppe/go-internal/txtar"
)

// CaseInputs returns the section name of every *.txtar case in dirs.
func CaseInputs(tb testing.TB, name string, dirs ...string) [][]byte {
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

// CheckTree fails t when a reader's tree of src is not sound: every
// position it reports must lie in the input, and the tree must encode as
// JSON.
func CheckTree(t *testing.T, src []byte, doc *ast.Document, diags ast.DiagnosticList) {
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
		if ratings, ok := n.(*ast.StatRatings); ok {
			for _, r := range ratings.Ratings {
				check("rating "+r.Name, r.Pos)
			}
		}
		// A stat block's attacks are read from its art by the writers:
		// where they say they were written must be in the input too.
		if fig, ok := n.(*ast.Figure); ok {
			attacks, _ := fig.Attacks()
			ast.Walk(asBlocks(attacks), func(n ast.Node) bool {
				check("attack "+n.Kind().String(), n.Position())
				return true
			})
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

// asBlocks returns paragraphs as blocks, for a walk.
func asBlocks(ps []*ast.Paragraph) []ast.Block {
	bs := make([]ast.Block, len(ps))
	for i, p := range ps {
		bs[i] = p
	}
	return bs
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

// Tree is what a golden case pins, and what reading in chunks must not
// change: the blocks, the claims and the diagnostics.
type Tree struct {
	Blocks      []ast.Block        `json:"blocks"`
	Claims      []*ast.Claim       `json:"claims,omitempty"`
	Diagnostics ast.DiagnosticList `json:"diagnostics"`
}

// ReadsAsOne fails tb when read, reading a file in chunks of chunkLines
// lines, gives another tree or other diagnostics than in one pass
// (chunkLines 0).
func ReadsAsOne(tb testing.TB, read func(chunkLines int) (*ast.Document, ast.DiagnosticList), chunkLines int) {
	tb.Helper()
	whole, wholeDiags := read(0)
	cut, cutDiags := read(chunkLines)
	want, err := json.Marshal(Tree{whole.Blocks, whole.Claims, wholeDiags})
	if err != nil {
		tb.Fatal(err)
	}
	got, err := json.Marshal(Tree{cut.Blocks, cut.Claims, cutDiags})
	if err != nil {
		tb.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		tb.Errorf("read in chunks of %d lines, the tree differs:\n%s\nfrom the tree in one pass:\n%s", chunkLines, got, want)
	}
}

// Prose is a line of a rulebook's prose, as dense in dice and references
// as one, for the benchmarks' inputs.
const Prose = "Roll a d60 when the rules call for a quantity; Table 2 lists the decile dice and their ranges, and the steps that follow explain how a roll is read. "

// Wrap hard-wraps s into lines of width bytes, as an author's editor would.
func Wrap(s string, width int) string {
	var b strings.Builder
	for i := 0; i < len(s); i += width {
		b.WriteString(s[i:min(i+width, len(s))])
		b.WriteByte('\n')
	}
	return b.String()
}
