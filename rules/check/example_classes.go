package check

import (
	"iter"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// Worked examples follow players through the book, each playing one
// character: when one example's player plays another class than an earlier
// example gave her, one of them is wrong. Seed 000's Example 2 has Cody's
// Spider attack; its Example 4 has Cody negotiate for the Wasp, Brody's in
// Example 3. exampleClasses warns at the later example's class
// (prose/example-class).
//
// A player is the name an example opens with ("Cody declares …"): a
// capitalised word the book never writes in lower case, and no class; an
// example names her class when it names exactly one of the book's classes
// (those whose sheets it places or whose data it gives).

// exampleClasses checks that each player keeps her class from example to
// example.
func (c *checker) exampleClasses() {
	classes := c.classNames()
	if len(classes) == 0 {
		return
	}
	type example struct {
		box    *ast.Box
		player string
		text   string
		pos    func(int) ast.Pos
	}
	var examples []example
	candidates := map[string]bool{} // the players' names, lower-cased
	c.walkBlocks(func(b ast.Block) {
		box, ok := b.(*ast.Box)
		if !ok || box.BoxKind != ast.BoxExample {
			return
		}
		text, pos := c.boxText(box)
		player := firstWord(text)
		if player == "" || classes[strings.ToLower(player)] != "" {
			return
		}
		examples = append(examples, example{box, player, text, pos})
		candidates[strings.ToLower(player)] = true
	})
	if len(examples) == 0 {
		return
	}
	lower := c.writtenLowerCase(candidates)
	type played struct {
		class   string
		example int
	}
	plays := map[string]played{}
	for _, ex := range examples {
		box, player, text, pos := ex.box, ex.player, ex.text, ex.pos
		if lower[strings.ToLower(player)] {
			continue
		}
		named := map[string]int{} // the classes the example names, at the byte of the first
		for loc := range letterRuns(text) {
			w := strings.TrimSuffix(text[loc[0]:loc[1]], "s")
			for _, candidate := range []string{text[loc[0]:loc[1]], w} {
				if class := classes[strings.ToLower(candidate)]; class != "" && unicode.IsUpper([]rune(candidate)[0]) {
					if _, seen := named[class]; !seen {
						named[class] = loc[0]
					}
					break
				}
			}
		}
		if len(named) != 1 {
			continue
		}
		for class, at := range named {
			first, seen := plays[player]
			switch {
			case !seen:
				plays[player] = played{class, box.Number}
			case first.class != class:
				c.diags.Warnf(pos(at), "prose/example-class", "in Example "+strconv.Itoa(box.Number)+" "+player+" plays the "+class+
					", but Example "+strconv.Itoa(first.example)+" gave "+player+" the "+first.class+": one of them names the wrong character")
			}
		}
	}
}

// classNames maps the lower-cased names of the book's classes, and their
// singulars, to the class as the book spells it.
func (c *checker) classNames() map[string]string {
	names := map[string]string{}
	add := func(class string) {
		if class == "" {
			return
		}
		spelt := strings.ToUpper(class[:1]) + class[1:]
		names[strings.ToLower(class)] = spelt
		names[strings.TrimSuffix(strings.ToLower(class), "s")] = spelt
	}
	for key := range c.classes {
		add(key)
	}
	c.walkBlocks(func(b ast.Block) {
		if sheet, ok := b.(*ast.CharSheet); ok {
			add(sheet.Class)
		}
	})
	return names
}

// writtenLowerCase reports which of the words (lower-cased) the book's
// paragraphs write in lower case: a word that is, is no name.
func (c *checker) writtenLowerCase(words map[string]bool) map[string]bool {
	found := map[string]bool{}
	for w := range words {
		found[w] = c.writtenAsWord(w)
	}
	return found
}

// writtenAsWord reports whether a paragraph of the book writes w with no
// letter on either side. Each word goes through the paragraphs and stops
// at the first: the words are few and the paragraphs many.
func (c *checker) writtenAsWord(w string) bool {
	for _, para := range c.paragraphs() {
		text := para.text.text
		for from := 0; ; {
			i := strings.Index(text[from:], w)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(w)
			before, _ := utf8.DecodeLastRuneInString(text[:at])
			after, _ := utf8.DecodeRuneInString(text[from:])
			if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
				return true
			}
		}
	}
	return false
}

// boxText returns the text of a box's paragraphs, and where a byte of it is
// written.
func (c *checker) boxText(box *ast.Box) (string, func(at int) ast.Pos) {
	var b strings.Builder
	type part struct {
		start int
		text  *prose
	}
	var parts []part
	ast.Walk(box.Blocks, func(n ast.Node) bool {
		if para, ok := n.(*ast.Paragraph); ok {
			p := c.proseOf(para, para.Inlines)
			parts = append(parts, part{b.Len(), p})
			b.WriteString(p.text + "\n")
			return false
		}
		return true
	})
	return b.String(), func(at int) ast.Pos {
		for i := len(parts) - 1; i >= 0; i-- {
			if at >= parts[i].start {
				return parts[i].text.pos(c.doc, at-parts[i].start)
			}
		}
		return box.Pos
	}
}

// firstWord is the first word of a text, or "".
func firstWord(text string) string { return strings.TrimSpace(opener.FindString(text)) }

// opener is a name at the start of a text.
var opener = regexp.MustCompile(`^\s*\p{Lu}\p{L}+`)

// letterRuns yields the words of text, the runs of letters (`\p{L}+`), as
// byte ranges: a scanner, since the regexp backtracks through every
// example of the book.
func letterRuns(text string) iter.Seq[[2]int] {
	return func(yield func([2]int) bool) {
		start := -1
		for i, r := range text {
			switch letter := unicode.IsLetter(r); {
			case letter && start < 0:
				start = i
			case !letter && start >= 0:
				if !yield([2]int{start, i}) {
					return
				}
				start = -1
			}
		}
		if start >= 0 {
			yield([2]int{start, len(text)})
		}
	}
}
