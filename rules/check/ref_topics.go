package check

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A numbered reference is cited in a sentence about what it cites: "In
// Example 2 Cody's character is attacking" cites the example in which Cody
// declares an attack. When the sentence shares no telling word with any
// block it cites, and plainly shares several with another block of the same
// kind, the number is most likely wrong: seed 000 cites Examples 1 and 2 for
// the examples numbered 2 and 3, and Rules Summaries 17-19 for the
// quantification rolls of 13-16. refTopics warns of such references
// (ref/topic) and names the block the sentence is about.
//
// A sentence with too few telling words to judge ("Both styles are fine")
// is judged with its paragraph. The blocks a sentence (or paragraph) cites
// of one kind are judged together, so that "the terse Example 2 and the
// theatrical Example 3" is about both when its words are Example 3's; a box
// never stands for the box it is cited from. How much a word tells is
// topics.go's to say.

// topicMinimum is the weight a sentence must share with another block of
// the kind before a reference sharing nothing is reported: two rare words
// in a book of a dozen examples, so that one word in common by chance is
// not enough.
const topicMinimum = 2 * 1.79 // 2·ln(6)

// citation is a numbered reference and where it stands in its text.
type citation struct {
	ref *ast.Ref
	at  int
}

// refTopics checks the references of every paragraph and caption.
func (c *checker) refTopics() {
	t := newTopics(c.doc.Targets())
	var walk func(blocks []ast.Block, within ast.Block)
	walk = func(blocks []ast.Block, within ast.Block) {
		for _, b := range blocks {
			switch b := b.(type) {
			case *ast.Box:
				inside := within
				if _, numbered := b.BoxKind.RefKind(); numbered {
					inside = b
				}
				walk(b.Blocks, inside)
			case *ast.List:
				for _, item := range b.Items {
					walk(item.Blocks, within)
				}
			case *ast.Paragraph:
				c.citingTopics(t, c.proseOf(b, b.Inlines), within)
			case *ast.Table:
				if b.Caption != nil {
					c.citingTopics(t, c.proseOf(b.Caption, b.Caption.Inlines), b)
				}
			case *ast.Figure:
				if b.Caption != nil {
					c.citingTopics(t, c.proseOf(b.Caption, b.Caption.Inlines), b)
				}
			}
		}
	}
	walk(c.doc.Blocks, nil)
}

// citingTopics judges the references of one paragraph or caption, written
// within a numbered block or not.
func (c *checker) citingTopics(t *topics, text *prose, within ast.Block) {
	var refs []citation
	for _, span := range text.spans {
		if r, ok := span.node.(*ast.Ref); ok && r.RefKind != ast.RefSection && r.RefKind != ast.RefChapter {
			refs = append(refs, citation{r, span.start})
		}
	}
	if len(refs) == 0 {
		return
	}
	var paragraph words
	for _, r := range refs {
		start, end := text.sentenceAt(r.at)
		if c.refTopic(t, r.ref, refsBetween(refs, start, end), t.foldWords(text.text[start:end]), "sentence", within) {
			continue
		}
		if paragraph == nil {
			paragraph = t.foldWords(text.text)
		}
		c.refTopic(t, r.ref, refs, paragraph, "paragraph", within)
	}
}

// refsBetween returns the references that stand from byte start to end.
func refsBetween(refs []citation, start, end int) []citation {
	var in []citation
	for _, r := range refs {
		if start <= r.at && r.at <= end {
			in = append(in, r)
		}
	}
	return in
}

// refTopic warns when no block that the references of ref's kind in a
// sentence or paragraph cite shares a telling word with it, while another
// block of the kind shares enough. It reports whether it could judge: the
// words share something with a block cited, or enough with another.
func (c *checker) refTopic(t *topics, ref *ast.Ref, refs []citation, citing words, what string, within ast.Block) bool {
	k := t.of(ref.RefKind)
	for _, r := range refs {
		if r.ref.RefKind != ref.RefKind || r.ref.To < r.ref.From || r.ref.To-r.ref.From > maxRangeLength {
			continue
		}
		for n := r.ref.From; n <= r.ref.To; n++ {
			if t.targets.Block(ref.RefKind, n) == nil || k.shared(n, citing) > 0 {
				return true // a block the words are about, or ref/unresolved
			}
		}
	}
	best, bestWeight := 0, 0.0
	for _, n := range t.targets.Numbers(ref.RefKind) {
		if t.targets.Block(ref.RefKind, n) == within {
			continue
		}
		if w := k.shared(n, citing); w > bestWeight || w == bestWeight && n < best {
			best, bestWeight = n, w
		}
	}
	if bestWeight < topicMinimum {
		return false
	}
	var common []string
	for w := range k.words[best] {
		if spelt, ok := citing[w]; ok && k.weight(w) > 0 {
			common = append(common, `"`+spelt+`"`)
		}
	}
	slices.Sort(common)
	kind := numberedKinds[ref.RefKind]
	cited, them := kind+" "+strconv.Itoa(ref.From), "it"
	if ref.To > ref.From {
		cited, them = cited+"-"+strconv.Itoa(ref.To), "them"
	}
	meant, verb := kind+" "+strconv.Itoa(best), "is"
	// Several blocks cited together are most likely as many others:
	// said once, at the first reference.
	if numbers, ranged := citedNumbers(refs, ref.RefKind); len(numbers) > 1 {
		if first := slices.IndexFunc(refs, func(r citation) bool { return r.ref.RefKind == ref.RefKind }); refs[first].ref != ref {
			return true
		}
		if run, ok := t.refWindow(ref.RefKind, numbers, citing, within); ok {
			cited, them, meant, verb = citeRun(kind, numbers, ranged), "them", citeRun(kind, run, ranged), "are"
		}
	}
	c.diags.Warnf(ref.Pos, "ref/topic", "the "+what+" citing "+cited+" shares no telling word with "+them+" but shares "+
		strings.Join(common, ", ")+" with "+meant+": "+verb+" "+meant+" meant?").Expected = meant
	return true
}
