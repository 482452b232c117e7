package prose

import (
	"strconv"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// A control character in a manuscript (C0 but tab, DEL, C1) prints nothing
// in any output, and on a terminal it may do anything: ESC and OSC
// sequences move the cursor, retitle the window or write links. So each is
// a warning at its place, and whatever quotes the manuscript to a terminal
// shows it escaped (see ast.IsControl and render/report). Line endings are
// not control characters here: the line pass has taken "\n" and a final
// "\r" away.

// hasControl reports whether text holds a control character other than
// tab and a line ending, without decoding it: a C1 character is the two
// bytes 0xC2 0x80–0x9F in UTF-8.
func hasControl(text string) bool {
	for i := 0; i < len(text); i++ {
		if !mayControl[text[i]] {
			continue // most of a book: printable ASCII and other letters
		}
		switch c := text[i]; {
		case c == '\r':
			if i+1 < len(text) && text[i+1] != '\n' {
				return true
			}
		case c < 0x20 && c != '\t' && c != '\n', c == 0x7F:
			return true
		case c == 0xC2 && i+1 < len(text) && text[i+1] >= 0x80 && text[i+1] <= 0x9F:
			return true
		}
	}
	return false
}

// mayControl marks the bytes hasControl looks at twice: the C0 controls
// but tab and newline, DEL, and the lead byte of a C1 control.
var mayControl = func() (set [256]bool) {
	for c := range 0x20 {
		set[c] = c != '\t' && c != '\n'
	}
	set[0x7F], set[0xC2] = true, true
	return set
}()

// warnControl warns of the first control character of line number num,
// and says how many more the line has.
func warnControl(file string, num int, line string, diags *ast.DiagnosticList) {
	col, first, count := 0, rune(0), 0
	for i, r := range line {
		if ast.IsControl(r) {
			if count == 0 {
				col, first = 1+utf8.RuneCountInString(line[:i]), r
			}
			count++
		}
	}
	if count == 0 {
		return
	}
	msg := "control character " + ast.ControlName(first) + " in the text: it prints as nothing, and on a terminal it can move the cursor or change the window; delete it"
	if count > 1 {
		msg += " (and " + strconv.Itoa(count-1) + " more on this line)"
	}
	diags.Warnf(ast.Pos{File: file, Line: num, Col: col}, "text/control", msg)
}
