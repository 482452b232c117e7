package prose

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// maxImageMM is the widest a picture may be asked to be, in millimetres:
// wider than any page, so that every width a picture is set at is a
// number.
const maxImageMM = 1000

// ParseImageWidth reads "50%" or "60mm", as the markup's option and
// Markdown's width attribute write it: a share of the column more than 0
// and up to 100, or a length more than 0 and up to maxImageMM; not NaN,
// not Inf.
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
	case unit == "" || err != nil || !(v > 0):
		return ast.ImageWidth{}, false
	case unit == "%":
		return ast.ImageWidth{Percent: v}, v <= 100
	}
	return ast.ImageWidth{MM: v}, v <= maxImageMM
}
