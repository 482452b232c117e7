package ascii

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The page frame, as the seed's cover draws it: a ╔…╗ header line of 93
// columns, 47 body lines ║ … ║ with the ▓ shadow column, the ╚…╝ footer
// with its shadow, and a line of ▀ shadow under it; 50 lines in all.
const (
	// PageLines is the height of a page.
	PageLines = 50
	// BodyLines is how many lines of text a page holds.
	BodyLines = 47
	// TextWidth is the width of the text inside the frame, between "║ "
	// and " ║".
	TextWidth = 89
	// frameWidth is the width of the frame, ╔ to ╗, without the shadow.
	frameWidth = TextWidth + 4
)

// framePage puts a page's body lines into the frame: the header names the
// book on the left and the running head (the chapter) on the right, the
// footer carries the page number, unless it is 0. Lines too long for the frame, which the
// layout never makes, are cut short rather than break it.
func framePage(book, running string, number int, body []string) []string {
	page := make([]string, 0, PageLines)
	page = append(page, header(book, running))
	for i := range BodyLines {
		if i >= len(body) || body[i] == "" {
			page = append(page, blankFrameLine)
			continue
		}
		text, w := body[i], width(body[i])
		if w > TextWidth {
			text, w = clip(text, TextWidth), TextWidth
		}
		page = append(page, "║ "+text+blanks(TextWidth-w)+" ║▓")
	}
	return append(page, footer(number), shadowLine)
}

// blankFrameLine is a body line with no text, which pages have many of.
var blankFrameLine = "║ " + blanks(TextWidth) + " ║▓"

// header draws ╔►Book◄═══…═══►Chapter◄═╗, each label cut to share the
// line; an empty label is left out.
func header(book, running string) string {
	inner := frameWidth - 2 // between ╔ and ╗
	right := ""
	if running != "" {
		right = "►" + clip(running, inner/2-3) + "◄═"
	}
	left := ""
	if book != "" {
		left = "►" + clip(book, inner-width(right)-3) + "◄"
	}
	return "╔" + left + repeat("═", inner-width(left)-width(right)) + right + "╗"
}

// footer draws the ╚…╝ line with the page number at its right, as the
// header draws the chapter: ╚═══…═══►12◄═╝▓; page 0 is unnumbered.
func footer(number int) string {
	label := ""
	if number > 0 {
		label = "►" + strconv.Itoa(number) + "◄═"
	}
	return "╚" + repeat("═", frameWidth-2-width(label)) + label + "╝▓"
}

// shadowLine is the ▀ shadow under the frame, offset one column right.
var shadowLine = " " + strings.Repeat("▀", frameWidth)

// numberPage writes the page number into the footer of a page drawn whole
// (a character sheet, framed art): its plain ╚═…═╝ line becomes the footer
// of a numbered page. A page whose footer is anything else is left as drawn.
func numberPage(lines []string, number int) []string {
	plain := footer(0)
	for i, l := range lines {
		if l == plain {
			out := append([]string(nil), lines...)
			out[i] = footer(number)
			return out
		}
	}
	return lines
}

// width counts a line's columns: one a rune, as in the monospaced art the
// markup is written in.
func width(s string) int { return utf8.RuneCountInString(s) }

// pad fills s with spaces to n columns.
func pad(s string, n int) string {
	if w := width(s); w < n {
		return s + blanks(n-w)
	}
	return s
}

// runs holds a frame's width of each character the layout draws in runs:
// rules, dot leaders, indents. A run of up to that many is cut from it
// rather than allocated, since most lines of a book have one.
var runs = func() map[string]string {
	m := map[string]string{}
	for _, s := range []string{" ", ".", "-", "=", "─", "═"} {
		m[s] = strings.Repeat(s, frameWidth)
	}
	return m
}()

// repeat returns n copies of s, as strings.Repeat does.
func repeat(s string, n int) string {
	if run, ok := runs[s]; ok && n*len(s) <= len(run) {
		return run[:n*len(s)]
	}
	return strings.Repeat(s, n)
}

// blanks returns n spaces.
func blanks(n int) string { return repeat(" ", n) }

// clip cuts s to n columns, ending it with "…" when it is cut.
func clip(s string, n int) string {
	if width(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// centre puts s in the middle of n columns, an odd column left over going
// to the right.
func centre(s string, n int) string {
	return blanks(max(0, (n-width(s))/2)) + s
}
