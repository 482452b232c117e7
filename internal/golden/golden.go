// Package golden helps the tests that compare output with a golden file say
// where the two part.
package golden

import (
	"strconv"
	"strings"
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
