package pretouch

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
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

// TestCollectFirstAt checks that the collector's first cycle waits for the
// heap asked for, and that it then collects as GOGC says.
func TestCollectFirstAt(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set, which collectFirstAt leaves alone")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	runtime.GC()
	collectFirstAt(64 << 20)
	if got := debug.SetGCPercent(1600); got != 1600 {
		t.Fatalf("GOGC is %d before the first cycle, want 1600: the first at 64 MB", got)
	}
	// Once the first cycle has run its cleanups, 64 MB of garbage takes
	// the collector several cycles, as GOGC=100 has it.
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
		if n := cyclesFor(64 << 20); n >= 4 {
			return
		} else if time.Now().After(deadline) {
			t.Fatalf("64 MB of garbage took %d cycles after the first: GOGC was not restored", n)
		}
	}
}

// cyclesFor returns the collector's cycles while n bytes of garbage are
// made.
func cyclesFor(n int) uint32 {
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	before := stats.NumGC
	for range n / (64 << 10) {
		sink = make([]byte, 64<<10)
	}
	runtime.ReadMemStats(&stats)
	return stats.NumGC - before
}

var sink []byte
