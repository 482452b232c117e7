//go:build unix

package regular

import "syscall"

// nonblocking opens a FIFO without waiting for a writer; a regular file
// and a directory read as they always do.
const nonblocking = syscall.O_NONBLOCK
