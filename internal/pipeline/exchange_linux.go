package pipeline

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// exchange swaps the names of two directories in one step, so that there
// is no moment without an output, or reports errors.ErrUnsupported where
// the file system cannot. A variable, so that the tests run the fallback.
var exchange = func(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) {
		return errors.ErrUnsupported
	}
	if err != nil {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
	}
	return nil
}
