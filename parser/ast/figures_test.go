package ast

import "testing"

// TestIsFigure checks which cells are figures.
func TestIsFigure(t *testing.T) {
	for text, want := range map[string]bool{
		"40%": true, "0.5": true, "+10": true, "−5": true, "-30%": true, "0–1": true, "0-1": true,
		"01–05": true, "96+": true, "0/8": true, "1,000": true,
		"d20": false, "0 to 19": false, "True": false, "0,1,…,3": false, "10 m": false, "": false,
	} {
		if got := IsFigure(text); got != want {
			t.Errorf("IsFigure(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestFigureColumn checks which columns are figures: all their cells but
// blanks and dashes, and at least one.
func TestFigureColumn(t *testing.T) {
	for _, tt := range []struct {
		cells []string
		want  bool
	}{
		{[]string{"40%", "—", "5%"}, true},
		{[]string{"1-2", "3-4", "5-6"}, true},
		{[]string{"40%", "none"}, false},
		{[]string{"", "–"}, false},
		{nil, false},
	} {
		if got := FigureColumn(tt.cells); got != tt.want {
			t.Errorf("FigureColumn(%q) = %v, want %v", tt.cells, got, tt.want)
		}
	}
}
