//go:build !unix

package html

import "os"

// createFile creates or truncates the file at path for writing.
func createFile(path string) (*os.File, error) { return os.Create(path) }
