//go:build !linux && !darwin

package pipeline

import "errors"

// exchange would swap the names of two directories in one step; Linux and
// macOS have the system call, elsewhere the build falls back to two
// renames, and a kill between them leaves the old output beside its place
// for the next build to put back.
var exchange = func(a, b string) error { return errors.ErrUnsupported }
