package rules

import (
	"slices"
	"strconv"
	"testing"
)

// bruteSuccesses counts the dice showing face or more.
func bruteSuccesses(faces []int64, face int64) int64 {
	var n int64
	for _, f := range faces {
		if f >= face {
			n++
		}
	}
	return n
}

// TestPoolCombatRollsAgainstBruteForce enumerates both pools of a Charging
// roll (one automatic success), of an attack's Wounds (the net successes of
// a hit, none otherwise) and of a starting Disposition.
func TestPoolCombatRollsAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr          string
		dice, against int   // the pool, and the opposing pool (0 for none)
		difficulty    int64 // when there is no opposing pool
		face          int64
		outcome       func(net int64) int64
	}{
		{"pool dice=4 difficulty=3 charging", 4, 0, 3, 5, func(net int64) int64 { return poolDegreeIndex(PoolDegreeOf(int(net + 1))) }},
		{"pool dice=3 vs=4 success=4 charging", 3, 4, 0, 4, func(net int64) int64 { return poolDegreeIndex(PoolDegreeOf(int(net + 1))) }},
		{"pool dice=5 vs=3 wounds", 5, 3, 0, 5, func(net int64) int64 { return max(net, 0) }},
		{"pool dice=4 vs=4 wounds charging success=4", 4, 4, 0, 4, func(net int64) int64 { return max(net+1, 0) }},
		{"pool dice=6 difficulty=2 wounds", 6, 0, 2, 5, func(net int64) int64 { return max(net, 0) }},
	} {
		want := bruteDist(c.dice+c.against, 1, 6, func(faces []int64) int64 {
			net := bruteSuccesses(faces[:c.dice], c.face) - c.difficulty
			if c.against > 0 {
				net -= bruteSuccesses(faces[c.dice:], c.face)
			}
			return c.outcome(net)
		})
		got := parseDist(t, c.expr)
		assertSameDist(t, c.expr, got, want)
	}
}

// TestStartingDispositionAgainstBruteForce enumerates Initiative pools:
// Recoiling on no success, else Holding advanced once a success.
func TestStartingDispositionAgainstBruteForce(t *testing.T) {
	track := []string{"Retreating", "Recoiling", "Holding", "Advancing", "Charging"}
	for _, c := range []struct {
		expr string
		dice int
		face int64
	}{{"pool dice=1 initiative", 1, 5}, {"pool dice=3 initiative", 3, 5}, {"pool dice=4 initiative success=4", 4, 4}, {"pool dice=0 initiative", 0, 5}} {
		e, err := Parse(c.expr, GenericSystem)
		if err != nil {
			t.Fatal(err)
		}
		labels := e.Outcomes()
		want := bruteDist(c.dice, 1, 6, func(faces []int64) int64 {
			place := 1 // Recoiling
			if s := bruteSuccesses(faces, c.face); s > 0 {
				place = min(2+int(s), 4)
			}
			return int64(slices.Index(labels, track[place]))
		})
		got, _ := e.Dist()
		assertSameDist(t, c.expr, got, want)
		if got.Prob(int64(slices.Index(labels, "Holding"))).Sign() != 0 {
			t.Errorf("%s: Holding is possible (reading: it is not)", c.expr)
		}
	}
}

// TestEventsAgainstSeedTables counts, for every d10 face and a few Nest
// Levels, the events of seed 001's tables whose Chance meets or exceeds it.
func TestEventsAgainstSeedTables(t *testing.T) {
	chances := map[string][]func(level int64) int64{ // the seed's tables, as written
		"costs":   {func(int64) int64 { return 10 }, func(l int64) int64 { return 5 + l }, func(l int64) int64 { return 3 + l }, func(l int64) int64 { return l }},
		"risks":   {func(int64) int64 { return 10 }, func(l int64) int64 { return 8 - l }, func(l int64) int64 { return 6 + l }, func(l int64) int64 { return 4 + l }, func(l int64) int64 { return l }},
		"rewards": {func(l int64) int64 { return 11 - l }, func(l int64) int64 { return 9 - l }, func(l int64) int64 { return 5 - l }, func(l int64) int64 { return l }, func(l int64) int64 { return l - 5 }},
	}
	for table, events := range chances {
		for _, level := range []int64{0, 1, 4, 7, 12} {
			want := bruteDist(1, 1, 10, func(roll []int64) int64 {
				var n int64
				for _, chance := range events {
					if chance(level) >= roll[0] {
						n++
					}
				}
				return n
			})
			expr := "pool events=" + table + " level=" + strconv.FormatInt(level, 10)
			got := parseDist(t, expr)
			assertSameDist(t, expr, got, want)
		}
	}
	// A Chance of its own: 5 + Level at Level 3 fires on 1 to 8.
	e, _ := Parse("pool events=5+level level=3", GenericSystem)
	got, _ := e.Dist()
	assertSameDist(t, "5+level", got, map[int64]int64{1: 8, 0: 2})
}
