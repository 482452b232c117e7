package check

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

// The book names the boxes of its character sheet as the template titles
// them: "the Food box", "the Attack boxes". A box called after one of the
// fields inside another box is one box called by two names, as seed 000's
// table of the sheet's areas calls its Food box the "Hunger box" (Hunger is
// the Food box's field) while every other page calls it the Food box.
// boxNames reads every capitalised "NAME box" (or "boxes") of the prose,
// captions and table cells and warns (sheet/box-name) where no box of the
// template has that title but a field does, naming the box it is in. A name
// that is neither is left alone: "Four boxes", "a Text box".

// capitalisedBefore returns where the capitalised words that end s start:
// one to four, each an upper-case letter and letters, apostrophes or
// hyphens, and white space after each (`(?:\b\p{Lu}[\p{L}'’-]*\s+){1,4}$`,
// but with a word starting after any character that is not a letter or
// digit, where `\b` knows only ASCII letters). It reads back from the
// end.
func capitalisedBefore(s string) (int, bool) {
	start, found := 0, false
	for i, words := len(s), 0; words < 4; words++ {
		end, ok := skipSpaceBack(s, i)
		if !ok {
			break
		}
		run := end // the letters, apostrophes and hyphens before end
		for {
			r, size := runeBefore(s, run)
			if size == 0 || !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' {
				break
			}
			run -= size
		}
		word := -1 // the first upper-case letter in the run that starts a word
		for j := run; j < end; {
			r, size := utf8.DecodeRuneInString(s[j:])
			if before, _ := runeBefore(s, j); unicode.IsUpper(r) && !unicode.IsLetter(before) && !unicode.IsDigit(before) && before != '_' {
				word = j
				break
			}
			j += size
		}
		if word < 0 {
			break
		}
		start, found = word, true
		if word > run {
			break // the word starts inside the run, after an apostrophe or a hyphen: none can come before it
		}
		i = word
	}
	return start, found
}

// boxNames checks the names the book gives the sheet's boxes.
func (c *checker) boxNames() {
	if c.sheet == nil {
		return
	}
	boxes := c.sheet.Boxes()
	// check reads the mentions of boxes whose words start at boxAt in a
	// text. Its callers find them first, and make the function that says
	// where a byte of the text is written only for a text that has one:
	// few do, and a function made for every paragraph and cell of the
	// book is garbage to collect.
	check := func(text string, boxAt []int, pos func(at int) ast.Pos) {
		for _, at := range boxAt {
			// The words before, at most four and a few dozen letters.
			from := max(0, at-80)
			if i := strings.IndexByte(text[from:at], ' '); from > 0 && i >= 0 {
				from += i + 1
			}
			m, ok := capitalisedBefore(text[from:at])
			if !ok {
				continue
			}
			mention := text[from+m : at]
			words := strings.Fields(mention)
			if namesBox(boxes, words) {
				continue
			}
			starts := fieldStarts(mention)
			for k := len(words); k >= 1; k-- {
				name := strings.Join(words[len(words)-k:], " ")
				if box := boxOfField(boxes, name); box != nil {
					c.diags.Warnf(pos(from+m+starts[len(words)-k]), "sheet/box-name", `the sheet has no `+name+
						` box: `+name+` is a field of the `+box.Title+` box`).Expected = box.Title + " box"
					break
				}
			}
		}
	}
	paragraphs := paragraphCursor{c: c}
	c.walkBlocks(func(n ast.Block) {
		switch n := n.(type) {
		case *ast.Paragraph:
			c.proseBoxNames(paragraphs.proseOf(n), check)
		case *ast.Table:
			checkCells := func(row []*ast.Cell) {
				for _, cell := range row {
					if boxAt := boxWords(cell.Text); boxAt != nil {
						check(cell.Text, boxAt, func(at int) ast.Pos {
							p := cell.Pos
							p.Col += utf8.RuneCountInString(cell.Text[:at])
							return p
						})
					}
				}
			}
			checkCells(n.Header)
			for _, row := range n.Rows {
				checkCells(row)
			}
			if n.Caption != nil {
				c.proseBoxNames(c.proseOf(n.Caption, n.Caption.Inlines), check)
			}
		case *ast.Figure:
			if n.Caption != nil {
				c.proseBoxNames(c.proseOf(n.Caption, n.Caption.Inlines), check)
			}
		}
	})
}

// boxWords returns where the words "box", "boxes", "Box" and "Boxes"
// start in text, when a space comes before them. It looks for the 'x',
// which few words have, and reads back from it: every check of the book's
// prose and cells passes through here.
func boxWords(text string) []int {
	var at []int
	for off := 0; ; {
		x := strings.IndexByte(text[off:], 'x')
		if x < 0 {
			return at
		}
		x += off
		off = x + 1
		end := off
		if strings.HasPrefix(text[end:], "es") {
			end += 2
		}
		if x >= 3 && text[x-1] == 'o' && (text[x-2] == 'b' || text[x-2] == 'B') && text[x-3] == ' ' && !startsWithLetter(text[end:]) {
			at = append(at, x-2)
		}
	}
}

// startsWithLetter reports whether s begins with a letter.
func startsWithLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return s != "" && unicode.IsLetter(r)
}

// proseBoxNames hands check a paragraph's or caption's text.
func (c *checker) proseBoxNames(text *prose, check func(string, []int, func(int) ast.Pos)) {
	if boxAt := boxWords(text.text); boxAt != nil {
		check(text.text, boxAt, func(at int) ast.Pos { return text.pos(c.doc, at) })
	}
}

// namesBox reports whether the last words of a mention name a box: its
// title, in the singular or plural ("Effect box" for "Effects"), or the
// end of titles ("Attack boxes" for "Base Attack" and "Special Attack").
func namesBox(boxes []*sheet.Box, words []string) bool {
	for k := len(words); k >= 1; k-- {
		name := singular(strings.Join(words[len(words)-k:], " "))
		for _, b := range boxes {
			title := singular(b.Title)
			if title == name || strings.HasSuffix(title, " "+name) {
				return true
			}
		}
	}
	return false
}

// singular folds a name for comparison: lower case, a plural "s" dropped.
func singular(name string) string {
	name = strings.ToLower(name)
	if strings.HasSuffix(name, "s") && !strings.HasSuffix(name, "ss") {
		return name[:len(name)-1]
	}
	return name
}

// boxOfField returns the box with a field labelled name, or nil.
func boxOfField(boxes []*sheet.Box, name string) *sheet.Box {
	for _, b := range boxes {
		for _, f := range b.Fields {
			if b.Title != "" && strings.EqualFold(f.Label, name) {
				return b
			}
		}
	}
	return nil
}
