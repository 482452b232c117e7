package ast

import "testing"

// TestParseByteSize reads page_weight's sizes, and refuses what is no
// size a budget can have: NaN, which compares false with every bound and
// became -9223372036854775808 bytes, Inf, nothing, and less than a byte.
func TestParseByteSize(t *testing.T) {
	for in, want := range map[string]int64{"1MB": 1e6, "1.5 MB": 1.5e6, "800kB": 8e5, "250000": 250000, "1b": 1} {
		if got, ok := ParseByteSize(in); !ok || got != want {
			t.Errorf("ParseByteSize(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "NaN", "nanMB", "Inf", "-infkb", "0", "-1MB", "0.5b", "1e20", "big"} {
		if got, ok := ParseByteSize(in); ok {
			t.Errorf("ParseByteSize(%q) = %d, want it refused", in, got)
		}
	}
}
