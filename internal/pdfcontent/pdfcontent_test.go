package pdfcontent

import (
	"fmt"
	"strings"
	"testing"
)

// TestOperations reads a content stream of every kind of operand fpdf
// writes, and one cut short.
func TestOperations(t *testing.T) {
	for _, tt := range []struct{ content, want string }{
		{"q 1 0 0 1 72 700 cm BT /F1 12 Tf (Hello \\(world\\)) Tj ET Q",
			"q[] cm[1 0 0 1 72 700] BT[] Tf[/F1 12] Tj[(…)] ET[] Q[]"},
		{"0.5 g 1 0 0 rg [(A) -20 (B)] TJ <48656c6c6f> Tj",
			"g[0.5] rg[1 0 0] TJ[[…]] Tj[<…>]"},
		{"/P <</MCID 3>> BDC (x) ' EMC 0 0 1 k",
			"BDC[/P <<…>>] '[(…)] EMC[] k[0 0 1]"},
		{"(nested (paren) here)Tj", "Tj[(…)]"},
		{"1 2 [unclosed", ""},
		{"", ""},
	} {
		var got []string
		for op := range Operations([]byte(tt.content)) {
			got = append(got, fmt.Sprintf("%s%v", op.Operator, op.Operands))
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.content, g, tt.want)
		}
	}
}

// TestNumber reads operands back from the operator, and 0 past them.
func TestNumber(t *testing.T) {
	op := Operation{"Td", []string{"12.5", "-3", "/F1"}}
	for back, want := range map[int]float64{1: 0, 2: -3, 3: 12.5, 4: 0, 0: 0} {
		if got := op.Number(back); got != want {
			t.Errorf("Number(%d) = %g, want %g", back, got, want)
		}
	}
}

// FuzzOperations holds that any bytes are read in linear time without a
// panic, every operation an operator.
func FuzzOperations(f *testing.F) {
	f.Add([]byte("q 1 0 0 1 72 700 cm BT /F1 12 Tf (a\\)b) Tj ET Q"))
	f.Add([]byte("<< [ ( \\"))
	f.Fuzz(func(t *testing.T, content []byte) {
		for op := range Operations(content) {
			if op.Operator == "" || !isOperator(op.Operator) {
				t.Fatalf("operator %q", op.Operator)
			}
		}
	})
}
