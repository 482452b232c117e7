//go:build !unix

package html

import "os"

// mapFile reads the file at path; where galley maps files (see
// mapfile_unix.go), it maps them instead.
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }
