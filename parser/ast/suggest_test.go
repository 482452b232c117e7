package ast

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// plainDistance is the optimal string alignment distance by its full table,
// as the textbook writes it, for the Lexicon's pruned search to agree with.
func plainDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// plainNearest is Lexicon.Nearest by measuring every candidate in full.
func plainNearest(name string, candidates []string, minDistance int) ([]string, int) {
	var near []string
	best := -1
	for _, c := range candidates {
		d := plainDistance(strings.ToLower(name), strings.ToLower(c))
		limit := max(len([]rune(name)), len([]rune(c))) / 3
		if d > limit || d < minDistance || d == 0 && c == name || best >= 0 && d > best {
			continue
		}
		if best < 0 || d < best {
			near, best = near[:0], d
		}
		near = append(near, c)
	}
	slices.Sort(near)
	return slices.Compact(near), best
}

// randomWord draws a word from a few letters, some capital and one not
// ASCII, so that words share letters, differ in case and are often near.
func randomWord(r *rand.Rand) string {
	const letters = "abcdeABé "
	runes := []rune(letters)
	w := make([]rune, r.IntN(14))
	for i := range w {
		w[i] = runes[r.IntN(len(runes))]
	}
	return string(w)
}

// TestLexiconAsPlainSearch holds the Lexicon's pruned lookups (by length,
// by letters, and stopping a distance past its limit) to measuring every
// word in full.
func TestLexiconAsPlainSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 2))
	for range 300 {
		candidates := make([]string, r.IntN(40))
		for i := range candidates {
			candidates[i] = randomWord(r)
		}
		lex := NewLexicon(candidates)
		for range 20 {
			name := randomWord(r)
			if r.IntN(4) == 0 && len(candidates) > 0 {
				name = candidates[r.IntN(len(candidates))]
			}
			for minDistance := range 2 {
				got, gotDistance := lex.Nearest(name, minDistance)
				want, wantDistance := plainNearest(name, candidates, minDistance)
				if !slices.Equal(got, want) || len(want) > 0 && gotDistance != wantDistance {
					t.Fatalf("Nearest(%q, %d) among %q = %q at %d, want %q at %d", name, minDistance, candidates, got, gotDistance, want, wantDistance)
				}
			}
			want, _ := plainNearest(name, candidates, 0)
			if got := Closest(name, candidates); len(want) == 0 && got != "" || len(want) > 0 && got != want[0] {
				t.Fatalf("Closest(%q) among %q = %q, want the first of %q", name, candidates, got, want)
			}
			a, b := name, randomWord(r)
			if got, want := EditDistance(a, b), plainDistance(a, b); got != want {
				t.Fatalf("EditDistance(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// BenchmarkLexiconNearest looks up a misspelt heading among a long book's:
// a few hundred distinct titles, as a book's outline is checked against.
func BenchmarkLexiconNearest(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	titles := make([]string, 400)
	for i := range titles {
		titles[i] = randomWord(r) + randomWord(r)
	}
	lex := NewLexicon(titles)
	b.ResetTimer()
	for i := range b.N {
		lex.Nearest(titles[i%len(titles)]+"x", 0)
	}
}
