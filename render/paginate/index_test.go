package paginate

import "testing"

func TestLineHolding(t *testing.T) {
	// As the PDF reads its lines: a hyphen that breaks a word at a line's
	// end is left out, and the line joins the next without a space.
	pdf := []string{"a band checks its", "morale when its lead", "er falls: morale", "returns at camp."}
	broken := func(i int) bool { return i == 1 }
	// As the ASCII book prints them.
	ascii := []string{"a band checks its", "morale when its lead-", "er falls"}
	for _, tt := range []struct {
		lines  []string
		words  string
		broken func(int) bool
		want   int
	}{
		{pdf, "morale", broken, 1},
		{pdf, "checks its morale", broken, 0}, // runs on to the next line
		{pdf, "its leader falls", broken, 1},  // a word broken at the line's end
		{pdf, "morale returns", broken, 2},    // from the last line but one
		{pdf, "returns at camp.", broken, 3},
		{pdf, "camp returns", broken, -1},
		{pdf, "", broken, -1},
		{ascii, "its lead- er", nil, 1},
		{ascii, "band", nil, 0},
	} {
		if got := LineHolding(tt.lines, tt.words, tt.broken); got != tt.want {
			t.Errorf("LineHolding(%q) = %d, want %d", tt.words, got, tt.want)
		}
	}
	if got := FoldIndexText("  The  Spider’s\tVenom "); got != "the spider's venom" {
		t.Errorf("FoldIndexText = %q", got)
	}
}
