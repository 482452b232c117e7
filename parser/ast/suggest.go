package ast

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Closest returns the candidate nearest to name by edit distance, ignoring
// case, when it is near enough to be a likely typo (at most a third of the
// longer word's length); otherwise "". Ties go to the candidate that sorts
// first, so suggestions are the same on every run. A caller that asks
// again and again of the same candidates makes a Lexicon of them once.
func Closest(name string, candidates []string) string {
	lower := []rune(strings.ToLower(name))
	var rows *distanceRows
	var candidate []rune
	best, bestDistance := "", -1
	for _, c := range candidates {
		n := utf8.RuneCountInString(c)
		limit := max(len(lower), n) / 3
		if bestDistance >= 0 {
			limit = min(limit, bestDistance)
		}
		if abs(len(lower)-n) > limit {
			continue
		}
		candidate = candidate[:0]
		for _, r := range c {
			candidate = append(candidate, unicode.ToLower(r))
		}
		if rows == nil || len(rows.prev) <= n {
			rows = newDistanceRows(n)
		}
		d := rows.distance(lower, candidate, limit)
		if d > limit || d == 0 && c == name {
			continue
		}
		if bestDistance < 0 || d < bestDistance || d == bestDistance && c < best {
			best, bestDistance = c, d
		}
	}
	return best
}

// A Lexicon holds the words a misspelling is looked up among, prepared
// once: each lower-cased and its letters counted, so that a lookup passes
// over the words too long, too short or made of other letters without
// measuring how far they are. A book's checks look thousands of names up
// among thousands of headings; measuring each pair would cost more than
// the rest of the check. A Lexicon is safe for use by several goroutines.
type Lexicon struct {
	words   []lexiconWord // distinct, sorted
	longest int           // in runes
}

type lexiconWord struct {
	word    string
	lower   []rune
	letters letterCounts
}

// letterCounts counts a word's letters in a few buckets. The counts of two
// words bound their edit distance from below: an edit adds or removes at
// most one letter on each side of the difference, and a swap none.
type letterCounts [32]uint16

func countLetters(word []rune) letterCounts {
	var c letterCounts
	for _, r := range word {
		if c[r%32] < 1<<16-1 {
			c[r%32]++
		}
	}
	return c
}

// distanceAtLeast is the bound letterCounts give: the larger of the letters
// a has that b lacks and those b has that a lacks.
func (a *letterCounts) distanceAtLeast(b *letterCounts) int {
	more, fewer := 0, 0
	for i := range a {
		d := int(a[i]) - int(b[i])
		if d > 0 {
			more += d
		} else {
			fewer -= d
		}
	}
	return max(more, fewer)
}

// NewLexicon prepares candidates for lookups; repeated ones count once.
func NewLexicon(candidates []string) *Lexicon {
	words := slices.Clone(candidates)
	slices.Sort(words)
	words = slices.Compact(words)
	l := &Lexicon{words: make([]lexiconWord, len(words))}
	for i, w := range words {
		lower := []rune(strings.ToLower(w))
		l.words[i] = lexiconWord{word: w, lower: lower, letters: countLetters(lower)}
		l.longest = max(l.longest, len(lower))
	}
	return l
}

// Closest is the package's Closest of the lexicon's words.
func (l *Lexicon) Closest(name string) string {
	if words, _ := l.Nearest(name, 0); len(words) > 0 {
		return words[0]
	}
	return ""
}

// Nearest returns the words nearest to name by edit distance, ignoring
// case, that are near enough to be a likely typo (as Closest judges it) and
// at least minDistance from it, in order, with their distance. A word
// spelt exactly as name is never near it; one that differs only in case is
// at distance 0, and a caller that counts such a word as name itself asks
// from 1.
func (l *Lexicon) Nearest(name string, minDistance int) (words []string, distance int) {
	lower := []rune(strings.ToLower(name))
	letters := countLetters(lower)
	rows := newDistanceRows(l.longest)
	best := -1
	for i := range l.words {
		w := &l.words[i]
		limit := max(len(lower), len(w.lower)) / 3
		if best >= 0 {
			limit = min(limit, best)
		}
		if abs(len(lower)-len(w.lower)) > limit || letters.distanceAtLeast(&w.letters) > limit {
			continue
		}
		d := rows.distance(lower, w.lower, limit)
		if d > limit || d < minDistance || d == 0 && w.word == name {
			continue
		}
		if best < 0 || d < best {
			words, best = words[:0], d
		}
		words = append(words, w.word)
	}
	return words, best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// EditDistance is the number of edits that turn a into b, in runes: inserting,
// deleting or changing a character, or swapping two neighbours ("Maen" is one
// edit from "Mean": the optimal string alignment distance). The checker uses
// it to suggest what a reference or a name most likely means.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	return newDistanceRows(len(rb)).distance(ra, rb, len(ra)+len(rb))
}

// distanceRows are the three rows of the edit distance's table that its
// recurrence reads: two back, one back and the current one.
type distanceRows struct{ before, prev, cur []int }

func newDistanceRows(longest int) *distanceRows {
	buf := make([]int, 3*(longest+1))
	return &distanceRows{buf[:longest+1], buf[longest+1 : 2*(longest+1)], buf[2*(longest+1):]}
}

// distance returns the edit distance of a and b, or limit+1 when it is
// more than limit. It knows that as soon as a row is past the limit: each
// entry comes from the row before, or by a swap from the row two back plus
// one, and the row before was at most one below this one, so no later row
// comes under the limit again.
func (r *distanceRows) distance(a, b []rune, limit int) int {
	before, prev, cur := r.before[:len(b)+1], r.prev[:len(b)+1], r.cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		lowest := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
			lowest = min(lowest, cur[j])
		}
		if lowest > limit {
			return limit + 1
		}
		before, prev, cur = prev, cur, before
	}
	return min(prev[len(b)], limit+1)
}
