package check

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzQuantity reads arbitrary text as a claim's quantity. Whatever the
// text, the reading must not panic, and a quantity read must point at its
// expression: the engine's columns are placed from there.
func FuzzQuantity(f *testing.F) {
	for _, s := range []string{
		"mean 2d12", "MIN  3d6", "P(2d12 >= 20)", "P(8d6>4 >= 3) in 100 rolls", "p(2d12 = 24) in 100",
		"P(2d12 mod=+3 target=16 = Success)", "P(2d12 ≤ -3)", "P(", "P()", "P( = )", "P(x >)", "mean",
		"P(2d12 > 19) in", "P(d6 = 6) in 10001", "\xffP(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := parseQuantity(s)
		if err != nil {
			return
		}
		// Columns count an invalid byte as one character, as positions do.
		at := 0
		for range q.exprAt {
			if at == len(s) {
				t.Fatalf("parseQuantity(%q) places its expression past the end, at rune %d", s, q.exprAt)
			}
			_, size := utf8.DecodeRuneInString(s[at:])
			at += size
		}
		if !strings.HasPrefix(s[at:], q.expr) {
			t.Fatalf("parseQuantity(%q) places its expression %q at rune %d", s, q.expr, q.exprAt)
		}
		if q.tries < 1 || q.tries > maxTries {
			t.Fatalf("parseQuantity(%q) has %d tries", s, q.tries)
		}
	})
}
