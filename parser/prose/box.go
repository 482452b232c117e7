package prose

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// numberedBoxKinds maps the title words of numbered boxes to their kinds.
var numberedBoxKinds = []struct {
	prefix string // the title's word and the space after it
	kind   ast.BoxKind
}{
	{"Rules Summary ", ast.BoxRulesSummary},
	{"Example ", ast.BoxExample},
	{"Note ", ast.BoxNote},
}

// ClassifyBox reads the kind, number and subtitle from the title.
func ClassifyBox(b *ast.Box, titlePos ast.Pos) {
	for _, k := range numberedBoxKinds {
		rest, ok := strings.CutPrefix(b.Title, k.prefix)
		if !ok {
			continue
		}
		digits := 0
		for digits < len(rest) && digits < 9 && rest[digits] >= '0' && rest[digits] <= '9' {
			digits++
		}
		after := rest[digits:]
		if digits == 0 || after != "" && after[0] != ':' {
			continue
		}
		b.BoxKind = k.kind
		b.Number, _ = strconv.Atoi(rest[:digits])
		b.NumberPos = ast.Pos{File: titlePos.File, Line: titlePos.Line, Col: titlePos.Col + len(k.prefix)}
		b.Subtitle = strings.TrimSpace(strings.TrimPrefix(after, ":"))
		return
	}
	for _, sep := range []string{" - ", ": "} {
		if rest, ok := strings.CutPrefix(b.Title, "Special Rule"+sep); ok {
			b.BoxKind, b.Subtitle = ast.BoxSpecialRule, strings.TrimSpace(rest)
			return
		}
	}
}
