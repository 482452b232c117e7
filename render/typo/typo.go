// Package typo gives the book's text the punctuation of a typeset book as
// the writers print it: curly quotes and apostrophes, en dashes in ranges,
// em dashes between words and the ellipsis. The document tree and the
// checker keep the text as written; the ASCII book keeps it too, since its
// frame is drawn for the manuscript's own characters.
//
// The rules are those of a typographer (goldmark's typographer extension,
// SmartyPants): a quote opens after a space, an opening bracket or dash, or
// at the start of the text, and closes elsewhere. Unlike those, a hyphen
// becomes a dash only where it cannot be part of what it joins: a hyphen in
// a word ("Self-Sacrificing"), a sign ("-10%", "+2/-2") and dice notation
// ("1d6-1") stay as written.
package typo

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/galleyhq/galley/parser/ast"
)

// The marks Set prints. Every face the PDF sets prose in has them (see
// render/pdf's glyph test).
const (
	openDouble  = "\u201c" // “
	closeDouble = "\u201d" // ”
	openSingle  = "\u2018" // ‘
	apostrophe  = "\u2019" // ’, also the closing single quote
	enDash      = "\u2013" // –
	emDash      = "\u2014" // —
	minus       = "\u2212" // −
	ellipsis    = "\u2026" // …
	// noBreakSpace ties a label to its number, a number to its unit.
	noBreakSpace = "\u00a0"
)

// Marks are the characters Set prints, for writers that check a font has
// them.
const Marks = openDouble + closeDouble + openSingle + apostrophe + enDash + emDash + minus + ellipsis

// Set returns text with typographic punctuation:
//
//   - `"` and `'` become “ ” ‘ ’: a quote opens at the start of the text or
//     after a space, an opening bracket, a dash or another opening quote,
//     unless a space follows it (then it is a lone mark and stays); it
//     closes elsewhere. A `'` after a letter is the apostrophe ’, as is one
//     before a digit ("'90s");
//   - a hyphen between spaces becomes a spaced em dash ("Special Rule —
//     Self-Sacrificing"), between two numbers a spaced en dash ("rated 0 –
//     10"), and between a number and a word the minus sign of a sum ("11 −
//     Level", "Level − 5");
//   - a hyphen between two numbers ("0-1", "14-16") or two dice without a
//     count ("d4-d8") becomes an en dash; a number that ends dice notation
//     ("1d6-1") or a word ("A4-5") is no range;
//   - three dots, no more and no fewer, become an ellipsis; a leader of
//     dots stays;
//   - the space between a reference's label and its number ("Table 5",
//     "Example 3", "p. 12") and between a number and its unit ("24 hours",
//     "30 ft", "10 %") becomes a no-break space, as TeX's "Table~5" ties
//     them: a reader should not find the label at a line's end and its
//     number on the next (see Tie).
//
// before is the text printed just before text in the same paragraph, as
// set, and after the text printed just after it, as written ("" at the
// paragraph's ends): the quote in `"*Fuzzy*"` opens, since it starts the
// paragraph, though the text after it is the emphasis's. Only their
// characters nearest text count.
//
// Set returns text itself, allocating nothing, when there is nothing to
// change; it changes nothing but the marks above, one for one, and setting
// its result again changes nothing.
func Set(text, before, after string) string {
	if !mayChange(text) {
		return text
	}
	var out []byte // nil until the first change
	done := 0
	for i := 0; i < len(text); i++ {
		if !mayMark[text[i]] {
			continue
		}
		var mark string
		size := 1
		switch text[i] {
		case '"':
			mark = quote(text, i, out, done, before, after, openDouble, closeDouble)
		case '\'':
			mark = quote(text, i, out, done, before, after, openSingle, apostrophe)
		case '-':
			mark = dash(text, i, before, after)
		case '.':
			if strings.HasPrefix(text[i:], "...") && runeBefore(text, i, before) != '.' && runeAfter(text, i+3, after) != '.' {
				mark, size = ellipsis, 3
			}
		case ' ':
			// Inside text, only a space beside a digit can tie (see
			// ties): most spaces are not, and are passed over here.
			inside := i > 0 && i < len(text)-1
			if inside && !isDigit(rune(text[i-1])) && !isDigit(rune(text[i+1])) {
				continue
			}
			if ties(text, i, before, after) {
				mark = noBreakSpace
			}
		}
		if mark == "" {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(text)+2*len(mark))
		}
		out = append(out, text[done:i]...)
		out = append(out, mark...)
		i += size - 1
		done = i + 1
	}
	if out == nil {
		return text
	}
	out = append(out, text[done:]...)
	// The bytes are the string's from here on, as strings.Builder hands
	// its own over, rather than copied once more: every paragraph of a
	// book with quotes in it comes through here, for every writer.
	return unsafe.String(unsafe.SliceData(out), len(out))
}

// mayMark marks the bytes Set looks at: the rest it copies as they are,
// and a table says so in one load, where the switch took four compares.
var mayMark = [256]bool{'"': true, '\'': true, '-': true, '.': true, ' ': true}

// mayChange reports whether text has a mark Set may change. Most of a
// book's text has none, and searching for each is much faster than
// reading it byte by byte.
func mayChange(text string) bool {
	return strings.IndexByte(text, '"') >= 0 || strings.IndexByte(text, '\'') >= 0 ||
		strings.IndexByte(text, '-') >= 0 || strings.Contains(text, "...") || mayTie(text)
}

// mayTie reports whether text has a space a tie may take: one beside a
// digit or before a "%", or at either end, where the text beside it is
// another piece's. Prose has far fewer digits than spaces: it is read for
// its digits and "%"s, a table's look-up a byte, and each space found
// beside one is the answer.
func mayTie(text string) bool {
	if text == "" {
		return false
	}
	if text[0] == ' ' || text[len(text)-1] == ' ' {
		return true
	}
	for i := 0; i < len(text); i++ {
		if !digitOrPercent[text[i]] {
			continue
		}
		if i > 0 && text[i-1] == ' ' || text[i] != '%' && i+1 < len(text) && text[i+1] == ' ' {
			return true
		}
	}
	return false
}

// digitOrPercent marks the bytes a tie may stand beside: digits and "%".
var digitOrPercent = [256]bool{'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true, '%': true}

// ties reports whether the space at text[i] ties what stands either side
// of it (see Tie).
func ties(text string, i int, before, after string) bool {
	prev, next := runeBefore(text, i, before), runeAfter(text, i+1, after)
	switch {
	case isDigit(next):
		left := strings.TrimSuffix(text[:i], ".")
		if len(left) < i {
			// "p. 12", "pp. 12–14"
			word := lastWord(left, before)
			return (word == "p" || word == "pp") && !isWordByte(byteBefore(left, len(left)-len(word), before))
		}
		return Tie(lastWord(text[:i], before), firstWord(text[i+1:], after))
	case isDigit(prev):
		return next == '%' || Tie(lastWord(text[:i], before), firstWord(text[i+1:], after))
	}
	return false
}

// byteBefore returns the byte before text[i], read from before at the
// start of text, or 0.
func byteBefore(text string, i int, before string) byte {
	switch {
	case i > 0:
		return text[i-1]
	case before != "":
		return before[len(before)-1]
	}
	return 0
}

// Tie reports whether two words, one after the other, are a label and its
// number or a number and its unit, which a line may not part: the writers
// join them with a no-break space, and the PDF does not hyphenate the
// label (see Label).
func Tie(left, right string) bool {
	switch {
	case right == "" || left == "":
		return false
	case isDigit(rune(right[0])):
		return Label(left)
	case isNumber(left):
		return units[right]
	}
	return false
}

// Label reports whether word names a kind of thing a book numbers and
// refers to by its number: "Table", "Figure", "Example", "Section". Such
// a word, as the start of a reference, is not hyphenated.
func Label(word string) bool { return labels[word] }

// labels are the words Label knows, capitalised as a reference writes
// them.
var labels = map[string]bool{
	"Table": true, "Tables": true, "Figure": true, "Figures": true,
	"Example": true, "Examples": true, "Section": true, "Sections": true,
	"Chapter": true, "Chapters": true, "Part": true, "Appendix": true,
	"Note": true, "Summary": true, "Summaries": true, "Box": true, "Page": true, "Pages": true,
	"page": true, "pages": true, "Step": true, "Level": true, "No": true,
}

// units are the units a number is tied to: of length, weight and time,
// and a game's turns, currencies and points.
var units = map[string]bool{
	"ft": true, "feet": true, "foot": true, "inches": true, "yd": true, "yards": true,
	"mi": true, "miles": true, "mile": true, "m": true, "metres": true, "metre": true,
	"meters": true, "meter": true, "cm": true, "mm": true, "km": true,
	"kg": true, "g": true, "lb": true, "lbs": true, "oz": true,
	"s": true, "sec": true, "seconds": true, "second": true, "min": true,
	"minutes": true, "minute": true, "h": true, "hours": true, "hour": true,
	"days": true, "day": true, "weeks": true, "week": true, "months": true,
	"month": true, "years": true, "year": true,
	"rounds": true, "round": true, "turns": true, "turn": true,
	"squares": true, "hexes": true, "gp": true, "sp": true, "cp": true,
	"hp": true, "HP": true, "XP": true, "xp": true, "pt": true, "pts": true,
}

// String returns text, a whole paragraph or title, with typographic
// punctuation: Set with nothing either side.
func String(text string) string { return Set(text, "", "") }

// quote returns the mark for the quote at text[i], open or closing, or ""
// to leave it. It is decided by the rune printed before it, which out
// holds when a mark ends at done == i, so that setting the result again
// decides it the same way.
func quote(text string, i int, out []byte, done int, before, after, open, closing string) string {
	prev := runeBefore(text, i, before)
	if out != nil && done == i {
		prev, _ = utf8.DecodeLastRune(out)
	}
	next := runeAfter(text, i+1, after)
	switch {
	case !opens(prev):
		return closing // for '\'', also the apostrophe of "don't" and "players'"
	case isSpace(next):
		return ""
	case open == openSingle && isDigit(next):
		return apostrophe // an elision: "'90s"
	}
	return open
}

// opens reports whether a quote after r opens.
func opens(r rune) bool {
	switch r {
	case '(', '[', '{', '<', '"', '\'', '-', '\u2013', '\u2014', '\u201c', '\u2018':
		return true
	}
	return isSpace(r)
}

// dash returns the dash the hyphen at text[i] stands for, or "" for a
// hyphen.
func dash(text string, i int, before, after string) string {
	prev, next := runeBefore(text, i, before), runeAfter(text, i+1, after)
	switch {
	case prev == ' ' && next == ' ':
		left, right := lastWord(strings.TrimSuffix(text[:i], " "), before), firstWord(strings.TrimPrefix(text[i+1:], " "), after)
		switch {
		case isNumber(left) && isNumber(right):
			return enDash
		case isNumber(left) || isNumber(right):
			return minus
		}
		return emDash
	case isDigit(prev) && (isDigit(next) || next == 'd'):
		// Only a hyphen after a digit may be a range, so only then is the
		// context read further than a rune.
		if isRange(lastWord(text[:i], before), firstWord(text[i+1:], after)) {
			return enDash
		}
	}
	return ""
}

// isRange reports whether left and right, the letters and digits either
// side of a hyphen, are the ends of a range: two numbers, or two dice
// without a count.
func isRange(left, right string) bool {
	if isNumber(left) && isNumber(right) {
		return true
	}
	return isDie(left) && isDie(right)
}

func isNumber(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// isDie reports whether s is a die without a count: "d8", not "1d6".
func isDie(s string) bool { return len(s) > 1 && s[0] == 'd' && isNumber(s[1:]) }

// wordLimit is how far lastWord and firstWord read: longer than any number
// or die a range joins.
const wordLimit = 12

// lastWord returns the letters and digits that end text, read on into
// before when they start it. A non-ASCII byte counts as a letter, so that
// "é5-6" is no range.
func lastWord(text, before string) string {
	start := len(text)
	for start > 0 && len(text)-start < wordLimit && isWordByte(text[start-1]) {
		start--
	}
	if start > 0 || len(text) >= wordLimit || before == "" {
		return text[start:]
	}
	return lastWord(before, "") + text
}

// firstWord returns the letters and digits that start text, read on into
// after when they end it.
func firstWord(text, after string) string {
	end := 0
	for end < len(text) && end < wordLimit && isWordByte(text[end]) {
		end++
	}
	if end < len(text) || len(text) >= wordLimit || after == "" {
		return text[:end]
	}
	return text + firstWord(after, "")
}

func isWordByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

// isSpace reports whether r is white space or the edge of a paragraph
// (0).
func isSpace(r rune) bool {
	switch r {
	case 0, ' ', '\t', '\n', '\r', '\u00a0':
		return true
	}
	return false
}

// runeBefore returns the rune before text[i], read from before at the
// start of text, or 0 at the start of the paragraph.
func runeBefore(text string, i int, before string) rune {
	if i == 0 {
		text, i = before, len(before)
	}
	if i == 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return r
}

// runeAfter returns the rune at text[i], read from after at the end of
// text, or 0 at the end of the paragraph.
func runeAfter(text string, i int, after string) rune {
	if i == len(text) {
		text, i = after, 0
	}
	if i == len(text) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return r
}

// Prose sets a paragraph's text piece by piece, as a writer prints it
// between its links and emphasis: each piece is set with the text printed
// before it, so that a quote is decided across the pieces' boundaries. The
// zero value starts a paragraph.
type Prose struct {
	before string
}

// Text returns piece set with the text printed before it and after, the
// text the writer prints next (see After).
func (p *Prose) Text(piece, after string) string {
	out := Set(piece, p.before, after)
	p.Pass(out)
	return out
}

// Pass notes a piece printed as written, dice notation, which the next
// piece is set against.
func (p *Prose) Pass(piece string) {
	if piece != "" {
		p.before = piece
	}
}

// After returns the text that inlines print first, or outer, the text after
// them, when they print nothing: what a writer passes to Text as the text
// after a piece.
func After(inlines []ast.Inline, outer string) string {
	for _, in := range inlines {
		if text := printed(in); text != "" {
			return text
		}
	}
	return outer
}

// printed returns the text inline prints first, as written.
func printed(inline ast.Inline) string {
	switch n := inline.(type) {
	case *ast.Text:
		return n.Text
	case *ast.Emphasis:
		if text := After(n.Inlines, ""); text != "" {
			return text
		}
	case *ast.RunIn:
		return n.Label
	case *ast.FootnoteRef:
		return "¹" // a superscript, of whatever number: neither space nor bracket
	case *ast.Dice:
		return n.Expr
	case *ast.Ref:
		return n.Text
	}
	return ""
}
