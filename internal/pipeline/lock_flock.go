//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package pipeline

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// lockDir takes an exclusive lock on the directory dir, which the system
// drops when the process ends, however it ends: a build holds the lock on
// its new output while it writes it, so that a build starting meanwhile
// tells it from one a killed build left. free is false when another
// process holds the lock.
func lockDir(dir string) (unlock func(), free bool, err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() { f.Close() }, true, nil
}
