package ast

import (
	"math"
	"testing"
)

func TestParsePaper(t *testing.T) {
	for _, tt := range []struct {
		name          string
		width, height float64 // millimetres; 0 for an error
	}{
		{"a4", 210, 297},
		{"Letter", 215.9, 279.4},
		{"a5", 148, 210},
		{"6x9", 152.4, 228.6},
		{"digest", 139.7, 215.9},
		{"152x229mm", 152, 229},
		{"6.14x9.21in", 155.956, 233.934},
		{"15x21cm", 150, 210},
		{"152x229", 0, 0},   // no unit
		{"152mm", 0, 0},     // no height
		{"axbmm", 0, 0},     // no numbers
		{"10x10mm", 0, 0},   // too small for a page
		{"2000x10mm", 0, 0}, // too big
		{"b5", 0, 0},
		{"NaNxNaNmm", 0, 0}, // no size: NaN is neither under 50 nor over 1000
		{"nanx200mm", 0, 0},
		{"infxinfin", 0, 0},
		{"1e400x200mm", 0, 0},
	} {
		p, err := ParsePaper(tt.name)
		if tt.width == 0 {
			if err == nil {
				t.Errorf("%q: got %v, want an error", tt.name, p)
			}
			continue
		}
		if err != nil || math.Abs(p.Width-tt.width) > 1e-9 || math.Abs(p.Height-tt.height) > 1e-9 {
			t.Errorf("%q: got %v, %v; want %gx%g mm", tt.name, p, err, tt.width, tt.height)
		}
	}
}
