package rules

import (
	"strconv"
	"testing"
)

// TestSystemFaces pins what a die is in each context: a roll table on the die
// must cover these faces, and the roller throws them.
func TestSystemFaces(t *testing.T) {
	for _, tc := range []struct {
		system        System
		sides, lo, hi int
	}{
		{FD100System, 20, 0, 19}, {FD100System, 60, 0, 59}, {FD100System, 100, 0, 99},
		{FD100System, 140, 0, 139}, {FD100System, 160, 0, 159}, {FD100System, 180, 0, 179}, // seed 000's d14, d16, d18 tens dice
		{FD100System, 10, 0, 9},                                                  // the seed's d10s are numbered 0 to 9
		{FD100System, 6, 0, 5}, {FD100System, 4, 0, 3}, {FD100System, 12, 0, 11}, // every fd100 die is zero-based
		{GenericSystem, 10, 1, 10}, {GenericSystem, 20, 1, 20}, {PoolSystem, 6, 1, 6},
		{PoolSystem, 60, 0, 59}, {PoolSystem, 20, 0, 19}, {PoolSystem, 10, 1, 10}, // seed 001's decile dice, and its one-based d10
	} {
		if lo, hi := tc.system.Faces(tc.sides); lo != tc.lo || hi != tc.hi {
			t.Errorf("%s d%d faces = %d–%d, want %d–%d", tc.system, tc.sides, lo, hi, tc.lo, tc.hi)
		}
		d, err := Parse("d"+strconv.Itoa(tc.sides), tc.system)
		if err != nil {
			t.Fatal(err)
		}
		dist, err := d.Dist()
		if err != nil {
			t.Fatal(err)
		}
		if dist.Min() != int64(tc.lo) || dist.Max() != int64(tc.hi) {
			t.Errorf("%s d%d rolls %d–%d, want %d–%d", tc.system, tc.sides, dist.Min(), dist.Max(), tc.lo, tc.hi)
		}
	}
}
