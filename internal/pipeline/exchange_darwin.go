package pipeline

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// exchange swaps the names of two directories in one step, as on Linux
// (see exchange_linux.go), with renamex_np's RENAME_SWAP.
var exchange = func(a, b string) error {
	err := unix.RenamexNp(a, b, unix.RENAME_SWAP)
	if errors.Is(err, errors.ErrUnsupported) || errors.Is(err, unix.EINVAL) {
		return errors.ErrUnsupported
	}
	if err != nil {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
	}
	return nil
}
