//go:build unix

package html

import (
	"os"
	"syscall"
)

// mapFile returns the bytes of the file at path, mapped read-only into
// memory rather than read into the heap: the pages are the kernel's cache
// of the file, which a build then writes out without first faulting in
// and filling pages of its own. The mapping lasts as long as the process,
// as the cached roller it holds does; the cache replaces a file by
// renaming another over it, never by writing it in place, so the mapped
// bytes never change.
func mapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() == 0 {
		return []byte{}, nil
	}
	return syscall.Mmap(int(f.Fd()), 0, int(info.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
}
