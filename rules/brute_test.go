package rules

import (
	"math/big"
	"sort"
	"testing"
)

// Brute-force enumeration: the slow, obviously right way to get a
// distribution, for property tests to compare the engine's with on small
// cases.

// enumerate calls visit with every combination of faces of n dice with the
// faces lo..hi (visit must not keep the slice).
func enumerate(n int, lo, hi int64, visit func(faces []int64)) {
	faces := make([]int64, n)
	for i := range faces {
		faces[i] = lo
	}
	for {
		visit(faces)
		i := 0
		for ; i < n; i++ {
			if faces[i] < hi {
				faces[i]++
				break
			}
			faces[i] = lo
		}
		if i == n {
			return
		}
	}
}

// bruteDist enumerates n dice with faces lo..hi and counts the ways of
// outcome(faces).
func bruteDist(n int, lo, hi int64, outcome func(faces []int64) int64) map[int64]int64 {
	ways := make(map[int64]int64)
	enumerate(n, lo, hi, func(faces []int64) { ways[outcome(faces)]++ })
	return ways
}

// parseDist parses expr in the generic context and returns its exact
// distribution, failing the test if it cannot.
func parseDist(t *testing.T, expr string) *Dist {
	t.Helper()
	e, err := Parse(expr, GenericSystem)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	d, err := e.Dist()
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return d
}

// assertSameDist fails unless got gives every outcome exactly the
// probability the brute-force ways give it, and nothing else.
func assertSameDist(t *testing.T, what string, got *Dist, want map[int64]int64) {
	t.Helper()
	var total int64
	for _, w := range want {
		total += w
	}
	if got.Len() != len(want) {
		t.Errorf("%s: %d outcomes, want %d", what, got.Len(), len(want))
	}
	for i := range got.Len() {
		v, p := got.Value(i), rat(got.Chance(i))
		if wantP := big.NewRat(want[v], total); p.Cmp(wantP) != 0 {
			t.Errorf("%s: P(%d) = %s, want %s", what, v, p.RatString(), wantP.RatString())
		}
	}
	assertSumsToOne(t, what, got)
}

// assertSameChances fails unless got gives every outcome exactly the
// probability want gives it, and nothing else: for brute-force counts that
// are fractions rather than ways over one denominator.
func assertSameChances(t *testing.T, what string, got *Dist, want map[int64]*big.Rat) {
	t.Helper()
	possible := 0
	for _, p := range want {
		if p.Sign() > 0 {
			possible++
		}
	}
	if got.Len() != possible {
		t.Errorf("%s: %d outcomes, want %d", what, got.Len(), possible)
	}
	for i := range got.Len() {
		v, p := got.Value(i), rat(got.Chance(i))
		wantP := want[v]
		if wantP == nil {
			wantP = new(big.Rat)
		}
		if p.Cmp(wantP) != 0 {
			t.Errorf("%s: P(%d) = %s, want %s", what, v, p.RatString(), wantP.RatString())
		}
	}
	assertSumsToOne(t, what, got)
}

// assertSumsToOne fails unless the ways of got add up to its denominator.
func assertSumsToOne(t *testing.T, what string, got *Dist) {
	t.Helper()
	sum := new(big.Int)
	for i := range got.Len() {
		p := got.Chance(i)
		ways, _ := new(big.Int).SetString(p.Num(), 10)
		if ways.Sign() <= 0 || p.Den() != got.Chance(0).Den() {
			t.Errorf("%s: outcome %d has %s", what, i, p)
		}
		sum.Add(sum, ways)
	}
	if sum.String() != got.Chance(0).Den() {
		t.Errorf("%s: ways add up to %s, not the denominator %s", what, sum, got.Chance(0).Den())
	}
}

// rat converts an exact Ratio to a math/big Rat, to compare and print in
// lowest terms.
func rat(r Ratio) *big.Rat {
	q, ok := new(big.Rat).SetString(r.String())
	if !ok {
		panic("bad ratio " + r.String())
	}
	return q
}

// lowest writes r in lowest terms.
func lowest(r Ratio) string { return rat(r).RatString() }

// sortedCopy returns faces sorted, highest first when descending.
func sortedCopy(faces []int64, descending bool) []int64 {
	s := append([]int64(nil), faces...)
	sort.Slice(s, func(i, j int) bool {
		if descending {
			return s[i] > s[j]
		}
		return s[i] < s[j]
	})
	return s
}
