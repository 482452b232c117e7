//go:build !unix

package regular

// nonblocking is nothing where the system has no FIFOs to wait on.
const nonblocking = 0
