//go:build !unix

package check

import "time"

// processCPU is unknown here: benchmarks report wall time alone.
func processCPU() (time.Duration, bool) { return 0, false }
