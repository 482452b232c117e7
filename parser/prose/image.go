package prose

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// ParseImageWidth reads "50%" or "60mm", as the markup's option and
// Markdown's width attribute write it.
func ParseImageWidth(s string) (ast.ImageWidth, bool) {
	number, unit := s, ""
	for _, u := range []string{"%", "mm"} {
		if n, ok := strings.CutSuffix(s, u); ok {
			number, unit = strings.TrimSpace(n), u
			break
		}
	}
	v, err := strconv.ParseFloat(number, 64)
	switch {
	case unit == "" || err != nil || v <= 0:
		return ast.ImageWidth{}, false
	case unit == "%":
		return ast.ImageWidth{Percent: v}, v <= 100
	}
	return ast.ImageWidth{MM: v}, true
}
