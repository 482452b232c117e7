//go:build unix

package html

import (
	"io/fs"
	"os"
	"syscall"
)

// createFile creates or truncates the file at path for writing. os.Create
// does the same, but then offers the file to the runtime's network poller,
// which a regular file refuses: five system calls more than the file needs,
// a cost a site of thousands of pages feels.
func createFile(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_CLOEXEC, 0o666)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
