// Package regular opens the files galley reads, refusing what is not a
// file: a named pipe (FIFO), a socket or a device. Opening a FIFO to read
// waits, in open(2) itself, until something opens it to write, which
// nothing may ever do: galley would hang there, deaf to a cancel. So every
// file is opened without waiting (O_NONBLOCK, where the system has it)
// and, before a byte is read, is what it is checked: a regular file, or a
// directory where the caller accepts one.
package regular

import (
	"io"
	"io/fs"
	"os"
)

// NotRegularError is the error of a name that is neither a regular file
// nor a directory.
type NotRegularError struct {
	Name string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return `"` + e.Name + `" is ` + kind(e.Mode) + `, not a file: galley reads only regular files`
}

// kind names a mode's type of file.
func kind(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// Open opens the file name to read: a regular file, or a directory too
// when dirs is set.
func Open(name string, dirs bool) (*os.File, error) {
	return checked(name, dirs, func(flag int) (*os.File, error) { return os.OpenFile(name, flag, 0) })
}

// OpenInRoot is Open for name inside root, as os.Root opens it: never a
// path that leaves root.
func OpenInRoot(root *os.Root, name string, dirs bool) (*os.File, error) {
	return checked(name, dirs, func(flag int) (*os.File, error) { return root.OpenFile(name, flag, 0) })
}

// ReadFile reads the regular file name whole.
func ReadFile(name string) ([]byte, error) {
	f, err := Open(name, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// checked opens a file with open, without waiting, and keeps it only if it
// is a regular file, or a directory when dirs is set.
func checked(name string, dirs bool, open func(flag int) (*os.File, error)) (*os.File, error) {
	f, err := open(os.O_RDONLY | nonblocking)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() && !(dirs && info.IsDir()) {
		err = &NotRegularError{Name: name, Mode: info.Mode()}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
