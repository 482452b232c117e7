package sheet

import "testing"

// TestAlign pins how values fit their slots, cut short included.
func TestAlign(t *testing.T) {
	tests := []struct {
		name string
		got  []rune
		want string
	}{
		{"right", rightAligned("70%", 5, '_'), "__70%"},
		{"right full", rightAligned("100%", 4, '_'), "100%"},
		{"right cut", rightAligned("Autothysis", 6, '.'), "Autot…"},
		{"left", leftAligned("Aphid", 8, '_'), "Aphid___"},
		{"centred odd", centred(" Wasp ", 11, '.'), ".. Wasp ..."},
		{"centred even", centred(" CLASS ", 11, '.'), ".. CLASS .."},
		{"nothing fits", fit([]rune("abc"), 0), ""},
	}
	for _, tt := range tests {
		if string(tt.got) != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, string(tt.got), tt.want)
		}
	}
}
