// Package ascii writes the ASCII forms of a book: its character sheets, drawn
// in the same art as the template they are read from.
package ascii

import (
	"io"
	"strings"

	"github.com/galleyhq/galley/parser/sheet"
)

// WriteSheet writes the filled sheet as drawn (see sheet.Filled.Lines) to
// w, each line ended by a newline.
func WriteSheet(w io.Writer, f *sheet.Filled) error {
	_, err := io.WriteString(w, strings.Join(f.Lines(), "\n")+"\n")
	return err
}
