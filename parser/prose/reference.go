package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// numberedRefWords are the words of numbered references, plural forms first
// so that the longest match wins.
var numberedRefWords = []struct {
	prefix string // the word and the space after it
	kind   ast.RefKind
}{
	{"Rules Summaries ", ast.RefRulesSummary},
	{"Rules Summary ", ast.RefRulesSummary},
	{"Tables ", ast.RefTable},
	{"Table ", ast.RefTable},
	{"Figures ", ast.RefFigure},
	{"Figure ", ast.RefFigure},
	{"Examples ", ast.RefExample},
	{"Example ", ast.RefExample},
	{"Notes ", ast.RefNote},
	{"Note ", ast.RefNote},
}

// startsNumberedRef and startsHeadingWord let the scanner skip the matchers
// for words that cannot begin a reference, which is almost every word.
func startsNumberedRef(c byte) bool { return c == 'R' || c == 'T' || c == 'F' || c == 'E' || c == 'N' }

func startsHeadingWord(c byte) bool { return c == 'S' || c == 's' || c == 'C' || c == 'c' }

// listSeparators join the items of a list of numbers or titles.
var listSeparators = []string{", and ", " and ", ", or ", " or ", ", "}

// maxRefNumberDigits bounds a reference number; maxTitleLength a quoted title.
const (
	maxRefNumberDigits = 6
	maxTitleLength     = 160
)

func matchNumberedRef(s string, i int, found []span) []span {
	for _, w := range numberedRefWords {
		// Comparing the first byte alone rules out most words at once.
		if w.prefix[0] != s[i] || !strings.HasPrefix(s[i:], w.prefix) {
			continue
		}
		start, j := i, i+len(w.prefix)
		for {
			from, to, end, ok := refNumberRange(s, j)
			if !ok {
				break
			}
			found = append(found, span{start: start, end: end, node: &ast.Ref{RefKind: w.kind, Text: s[start:end], From: from, To: to}})
			sep := separatorAt(s, end)
			if sep == "" || !isDigit(byteAt(s, end+len(sep))) {
				break
			}
			start, j = end+len(sep), end+len(sep)
		}
		return found
	}
	return found
}

// refNumberRange reads "17", "17-19", "17–19" or "17 to 19" at s[j:].
func refNumberRange(s string, j int) (from, to, end int, ok bool) {
	n := digitsAt(s, j, maxRefNumberDigits)
	if n == 0 || !isWordEnd(s, j+n) {
		return 0, 0, 0, false
	}
	from = atoiPrefix(s[j : j+n])
	to, end = from, j+n
	for _, dash := range []string{"-", "–", " to "} {
		if !strings.HasPrefix(s[end:], dash) {
			continue
		}
		m := digitsAt(s, end+len(dash), maxRefNumberDigits)
		if m > 0 && isWordEnd(s, end+len(dash)+m) {
			to = atoiPrefix(s[end+len(dash) : end+len(dash)+m])
			end += len(dash) + m
		}
		break
	}
	return from, to, end, true
}

func atoiPrefix(digits string) int {
	n := 0
	for _, c := range []byte(digits) {
		n = n*10 + int(c-'0')
	}
	return n
}

func byteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func separatorAt(s string, i int) string {
	for _, sep := range listSeparators {
		if strings.HasPrefix(s[i:], sep) {
			return sep
		}
	}
	return ""
}

// quotedAt reads a quoted title at s[i], which must be '"'.
func quotedAt(s string, i int) (title string, end int, ok bool) {
	if byteAt(s, i) != '"' {
		return "", 0, false
	}
	limit := min(len(s), i+1+maxTitleLength)
	closing := strings.IndexByte(s[i+1:limit], '"')
	if closing <= 0 {
		return "", 0, false
	}
	title = s[i+1 : i+1+closing]
	if strings.TrimSpace(title) != title {
		// A closing quote followed by text and another quote is not a title.
		return "", 0, false
	}
	return title, i + closing + 2, true
}

// headingWords are the words of section and chapter references.
var headingWords = []struct {
	word string
	kind ast.RefKind
}{{"section", ast.RefSection}, {"chapter", ast.RefChapter}}

// headingWordAt reads "Section" or "Chapter" (either case, either number)
// at s[i:], returning the kind and the end.
func headingWordAt(s string, i int) (ast.RefKind, int, bool) {
	for _, w := range headingWords {
		end := i + len(w.word)
		if end > len(s) || !strings.EqualFold(s[i:end], w.word) {
			continue
		}
		if (byteAt(s, end) == 's' || byteAt(s, end) == 'S') && isWordEnd(s, end+1) {
			return w.kind, end + 1, true
		}
		if isWordEnd(s, end) {
			return w.kind, end, true
		}
	}
	return "", 0, false
}

// withinAt reads ` of the "Y" Chapter` or ` in the "Y" Section` at s[i:].
func withinAt(s string, i int) (within string, end int) {
	for _, lead := range []string{" of the ", " in the "} {
		if !strings.HasPrefix(s[i:], lead) {
			continue
		}
		title, j, ok := quotedAt(s, i+len(lead))
		if !ok || byteAt(s, j) != ' ' {
			return "", i
		}
		if _, k, ok := headingWordAt(s, j+1); ok {
			return title, k
		}
	}
	return "", i
}

// maxSectionNumberParts bounds a section number, "2.6.8.7.2".
const maxSectionNumberParts = 8

// sectionNumberAt reads a section number at s[j:], "3.4.2.1": parts of
// digits joined by ".", at least minDots of them. A "." that ends a
// sentence after it is not the number's.
func sectionNumberAt(s string, j, minDots int) (end int, ok bool) {
	end = j
	dots := 0
	for parts := 0; parts < maxSectionNumberParts; parts++ {
		n := digitsAt(s, end, maxRefNumberDigits)
		if n == 0 {
			return 0, false
		}
		end += n
		if byteAt(s, end) != '.' || !isDigit(byteAt(s, end+1)) {
			break
		}
		end++
		dots++
	}
	if dots < minDots || !isWordEnd(s, end) {
		return 0, false
	}
	return end, true
}

// matchSectionNumbers reads the section numbers of a numbered outline's
// references, "Section 3.4.2.1" and "Sections 2.6.8.7.2 and 2.6.8.7.3",
// from s[j:], after "Section " at s[start:].
func matchSectionNumbers(s string, start, j int, found []span) []span {
	for {
		end, ok := sectionNumberAt(s, j, 1)
		if !ok {
			return found
		}
		found = append(found, span{start: start, end: end, node: &ast.Ref{RefKind: ast.RefSection, Text: s[start:end], Number: s[j:end]}})
		sep := separatorAt(s, end)
		if sep == "" || !isDigit(byteAt(s, end+len(sep))) {
			return found
		}
		start, j = end+len(sep), end+len(sep)
	}
}

// matchSeeSection reads "see 3.7.9.3", a bare section number of an
// outline after "see": the number alone is the reference.
func matchSeeSection(s string, i int, found []span) []span {
	if !strings.HasPrefix(s[i:], "see ") && !strings.HasPrefix(s[i:], "See ") {
		return found
	}
	j := i + len("see ")
	end, ok := sectionNumberAt(s, j, 3)
	if !ok {
		return found
	}
	return append(found, span{start: j, end: end, node: &ast.Ref{RefKind: ast.RefSection, Text: s[j:end], Number: s[j:end]}})
}

// matchKeywordFirstRef reads `Section "X"`, `Chapter "X"` and lists of
// titles such as `Chapters "Character", and "Setting"`, and a numbered
// outline's "Section 3.4.2.1".
func matchKeywordFirstRef(s string, i int, found []span) []span {
	kind, j, ok := headingWordAt(s, i)
	if !ok {
		return matchSeeSection(s, i, found)
	}
	if byteAt(s, j) != ' ' {
		return found
	}
	if kind == ast.RefSection && isDigit(byteAt(s, j+1)) {
		return matchSectionNumbers(s, i, j+1, found)
	}
	start, j := i, j+1
	for {
		title, end, ok := quotedAt(s, j)
		if !ok {
			break
		}
		ref := &ast.Ref{RefKind: kind, Title: title}
		ref.Within, end = withinAt(s, end)
		ref.Text = s[start:end]
		found = append(found, span{start: start, end: end, node: ref})
		sep := separatorAt(s, end)
		if sep == "" || byteAt(s, end+len(sep)) != '"' {
			break
		}
		start, j = end+len(sep), end+len(sep)
	}
	return found
}

// matchTitleFirstRef reads `"X" Section` and `"X" Chapter`, with an
// optional `of the "Y" Chapter`.
func matchTitleFirstRef(s string, i int, found []span) []span {
	title, end, ok := quotedAt(s, i)
	if !ok || byteAt(s, end) != ' ' {
		return found
	}
	kind, end, ok := headingWordAt(s, end+1)
	if !ok {
		return found
	}
	ref := &ast.Ref{RefKind: kind, Title: title}
	ref.Within, end = withinAt(s, end)
	ref.Text = s[i:end]
	return append(found, span{start: i, end: end, node: ref})
}
