package index

import (
	"slices"
	"testing"
)

// TestWords checks how the index splits text into words: runs of letters
// and digits, with the apostrophes and hyphens between two letters, keyed
// in lower case, whatever length a rune's lower case has.
func TestWords(t *testing.T) {
	for _, c := range []struct {
		text string
		keys []string
	}{
		{"", nil},
		{"The Rat's nest, half-eaten.", []string{"the", "rat's", "nest", "half-eaten"}},
		{"players' turn - 'quoted' d100", []string{"players", "turn", "quoted", "d100"}},
		{"L’Ordre d’Été", []string{"l’ordre", "d’été"}},
		{"İstanbul ÉCLAT", []string{"istanbul", "éclat"}},
		{"stray\xffbyte end-", []string{"stray", "byte", "end"}},
		{"’tis ends’", []string{"tis", "ends"}},
	} {
		var keys []string
		for _, w := range words(c.text) {
			keys = append(keys, w.key)
			if w.capital != startsWithCapital(c.text[w.start:w.end]) {
				t.Errorf("%q: %q capital %v", c.text, c.text[w.start:w.end], w.capital)
			}
		}
		if !slices.Equal(keys, c.keys) {
			t.Errorf("words(%q) = %q, want %q", c.text, keys, c.keys)
		}
	}
}
