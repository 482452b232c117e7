// Package golden helps the tests that compare output with a golden file say
// where the two part.
package golden

import (
	"strconv"
	"strings"

	"golang.org/x/tools/txtar"
)

// FirstDifference shows the first line where got and want part.
func FirstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n  got:  " + gl + "\n  want: " + wl
		}
	}
	return "(same lines, different bytes)"
}

// SetSection replaces the data of the archive's named section, or adds the
// section, for a test run with -update.
func SetSection(a *txtar.Archive, name string, data []byte) {
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = data
			return
		}
	}
	a.Files = append(a.Files, txtar.File{Name: name, Data: data})
}
