//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd)

package pipeline

// lockDir would lock dir against the recovery of a build starting
// meanwhile (see lock_flock.go); without flock, two builds into one output
// at once may remove each other's new output, and one of them fails.
func lockDir(dir string) (unlock func(), free bool, err error) {
	return func() {}, true, nil
}
