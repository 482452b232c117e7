package ast

import (
	"strings"
)

// Closest returns the candidate nearest to name by edit distance, ignoring
// case, when it is near enough to be a likely typo (at most a third of the
// longer word's length); otherwise "". Ties go to the candidate that sorts
// first, so suggestions are the same on every run.
func Closest(name string, candidates []string) string {
	lower := strings.ToLower(name)
	best, bestDistance := "", -1
	for _, c := range candidates {
		d := EditDistance(lower, strings.ToLower(c))
		limit := max(len([]rune(name)), len([]rune(c))) / 3
		if d > limit || d == 0 && c == name {
			continue
		}
		if bestDistance < 0 || d < bestDistance || d == bestDistance && c < best {
			best, bestDistance = c, d
		}
	}
	return best
}

// EditDistance is the number of edits that turn a into b, in runes: inserting,
// deleting or changing a character, or swapping two neighbours ("Maen" is one
// edit from "Mean": the optimal string alignment distance). The checker uses
// it to suggest what a reference or a name most likely means.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows of the table: two back, one back and the current one.
	before := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
		}
		before, prev, cur = prev, cur, before
	}
	return prev[len(rb)]
}
