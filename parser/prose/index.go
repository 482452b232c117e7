package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// IndexCommand starts an explicit index entry in prose (see ast.IndexTerm).
const IndexCommand = `\index`

// maxIndexArgument bounds the scan for an \index's closing brace, so that
// the prose scan stays linear: an entry is a few words.
const maxIndexArgument = 200

// matchIndex reads \index{Term}, \index{Term!Sub}, \index{Term|see{Other}}
// or \index{Term|seealso{Other}} at s[i], which is '\'. An \index not
// followed by a well-formed argument is kept as the text `\index`, which
// the index reports (see parser/index).
func matchIndex(s string, i int, found []span) []span {
	end := i + len(IndexCommand)
	if !strings.HasPrefix(s[i:], IndexCommand) || !isWordEnd(s, end) {
		return found
	}
	arg, after, ok := nestedBraced(s, end)
	term, ok2 := parseIndexArgument(arg)
	if !ok || !ok2 {
		return append(found, span{start: i, end: end, node: &ast.Text{Text: IndexCommand}})
	}
	return append(found, span{start: i, end: after, node: term})
}

// nestedBraced reads "{TEXT}" at s[i], TEXT holding braces only in pairs
// one deep and at most maxIndexArgument bytes, and returns TEXT and the
// offset after the closing brace.
func nestedBraced(s string, i int) (text string, end int, ok bool) {
	if byteAt(s, i) != '{' {
		return "", i, false
	}
	depth := 0
	for j := i + 1; j < len(s) && j <= i+1+maxIndexArgument; j++ {
		switch s[j] {
		case '{':
			depth++
			if depth > 1 {
				return "", i, false
			}
		case '}':
			if depth == 0 {
				return s[i+1 : j], j + 1, true
			}
			depth--
		}
	}
	return "", i, false
}

// parseIndexArgument reads "Term", "Term!Sub", "Term|see{Other}" or
// "Term|seealso{Other}", as LaTeX's makeindex does; ok is false for an
// empty term or an unknown "|" form.
func parseIndexArgument(arg string) (term *ast.IndexTerm, ok bool) {
	term = &ast.IndexTerm{}
	entry, ref, hasRef := strings.Cut(arg, "|")
	if hasRef {
		name, rest, _ := strings.Cut(ref, "{")
		other, closed := strings.CutSuffix(rest, "}")
		other = strings.Join(strings.Fields(other), " ")
		if !closed || other == "" {
			return nil, false
		}
		switch strings.TrimSpace(name) {
		case "see":
			term.See = other
		case "seealso":
			term.SeeAlso = other
		default:
			return nil, false
		}
	}
	main, sub, _ := strings.Cut(entry, "!")
	term.Term = strings.Join(strings.Fields(main), " ")
	term.Sub = strings.Join(strings.Fields(sub), " ")
	if term.Term == "" || strings.ContainsAny(entry, "{}") {
		return nil, false
	}
	return term, true
}
