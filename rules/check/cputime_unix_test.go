//go:build unix

package check

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used, user and system,
// on every thread: what a benchmark costs a machine shared with other
// work, which its wall time does not say.
func processCPU() (time.Duration, bool) {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0, false
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano()), true
}
