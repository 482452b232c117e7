package check

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A pool book says in its prose which faces of a d6 count as successes, and
// must say it one way: seed 001 says "4", "5", or a "6" in one place and "5
// or a 6" in another, and the engine, which takes the face as a parameter,
// cannot tell which the book means. successFaces finds each sentence about
// the dice that states a run of faces up to 6 ("4, 5 or 6", "5 or a 6",
// "4-6", "4+") and reports every one that disagrees with the first.

// faceRun matches a run of d6 faces ending in 6, as prose writes it.
var faceRun = regexp.MustCompile(`(?i)"?\b[1-6]"?(?:\s*(?:,|or|and|to|-|–)\s*(?:or\s+|and\s+)?(?:an?\s+)?"?[1-6]\b"?)*|\b[1-6]\+`)

// successFaces checks that a pool book names one set of success faces.
func (c *checker) successFaces() {
	if c.system != "pool" {
		return
	}
	var first ast.Pos
	var firstFaces string
	for _, para := range c.paragraphs() {
		for _, sentence := range strings.SplitAfter(paragraphText(para.Paragraph), ". ") {
			faces, ok := statedSuccessFaces(sentence)
			switch {
			case !ok:
			case firstFaces == "":
				first, firstFaces = para.Pos, faces
			case faces != firstFaces:
				where := "line " + strconv.Itoa(first.Line)
				if first.File != para.File {
					where = first.String()
				}
				c.errorAt(para.Pos, "prose/success-faces", "this says a die showing "+faces+" is a success, but "+where+
					" says "+firstFaces+": the book must count one set of faces, which the engine's odds use", firstFaces)
			}
		}
	}
}

// paragraphText is a paragraph's words, its dice ("d6") among them, which
// the parser keeps as inlines of their own.
func paragraphText(p *ast.Paragraph) string {
	var b strings.Builder
	for _, in := range p.Inlines {
		switch in := in.(type) {
		case *ast.Text:
			b.WriteString(in.Text)
		case *ast.Dice:
			b.WriteString(in.Expr)
		}
	}
	return b.String()
}

// statedSuccessFaces returns the faces a sentence says are successes,
// written "4–6", when it is about dice and successes (or hits) and states a
// run of faces up to 6.
func statedSuccessFaces(sentence string) (string, bool) {
	lower := strings.ToLower(sentence)
	if !strings.Contains(lower, "success") && !strings.Contains(lower, "hit") ||
		!strings.Contains(lower, "d6") && !strings.Contains(lower, "die") && !strings.Contains(lower, "dice") {
		return "", false
	}
	for _, run := range faceRun.FindAllString(sentence, -1) {
		var faces []int
		for _, r := range run {
			if '1' <= r && r <= '6' {
				faces = append(faces, int(r-'0'))
			}
		}
		if strings.HasSuffix(run, "+") || isFaceRange(run, faces) || isFaceList(faces) {
			return strconv.Itoa(faces[0]) + "–6", true
		}
	}
	return "", false
}

// isFaceRange reports whether a run is a range up to 6: "4-6", "4 to 6".
func isFaceRange(run string, faces []int) bool {
	return len(faces) == 2 && faces[1] == 6 && faces[0] < 6 && strings.ContainsAny(strings.ToLower(run), "-–t")
}

// isFaceList reports whether faces are a list of every face from the first
// to 6: "5 or 6", "4, 5, or a 6".
func isFaceList(faces []int) bool {
	if len(faces) < 2 || faces[len(faces)-1] != 6 {
		return false
	}
	for i := 1; i < len(faces); i++ {
		if faces[i] != faces[i-1]+1 {
			return false
		}
	}
	return true
}
