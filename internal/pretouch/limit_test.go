package pretouch

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestLimitMemory holds where the memory limit is set: for a long
// manuscript, to its budget; not for a short one, nor where GOMEMLIMIT
// sets one.
func TestLimitMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	for _, tt := range []struct {
		name       string
		size       int
		gomemlimit string
		want       int64
	}{
		{"a short book", 1 << 20, "", math.MaxInt64},
		{"a long book", 20 << 20, "", 20 << 20 * memoryPerManuscriptByte},
		{"a long book, GOMEMLIMIT set", 20 << 20, "1GiB", math.MaxInt64},
	} {
		debug.SetMemoryLimit(math.MaxInt64)
		t.Setenv("GOMEMLIMIT", tt.gomemlimit)
		limitMemory(tt.size)
		if got := debug.SetMemoryLimit(-1); got != tt.want {
			t.Errorf("%s: limit %d, want %d", tt.name, got, tt.want)
		}
	}
}
