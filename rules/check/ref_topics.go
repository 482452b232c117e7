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
	paragraphs := paragraphCursor{c: c}
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
			case *ast.StatBlock:
				walk(b.Blocks, within)
			case *ast.List:
				for _, item := range b.Items {
					walk(item.Blocks, within)
				}
			case *ast.Paragraph:
				c.citingTopics(t, paragraphs.proseOf(b), within)
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
// within a numbered block or not. The references of a sentence are judged
// by kind, once for all of the kind, and so are the paragraph's: the
// verdict depends on the kind and the words alone, and a sentence of
// thousands of references, judged once for each, took the square of them.
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
	paragraph := &citing{refs: refs}
	// The references stand in the text's order, so a sentence's are a
	// run of them.
	for i := 0; i < len(refs); {
		start, end := text.sentenceAt(refs[i].at)
		j := i + 1
		for j < len(refs) && refs[j].at <= end {
			j++
		}
		sentence := &citing{refs: refs[i:j], words: t.sentenceWords(text.text[start:end])}
		for _, r := range refs[i:j] {
			if c.refTopic(t, r.ref, sentence, "sentence", within) {
				continue
			}
			if paragraph.words == nil {
				paragraph.words = t.foldWords(text.text)
			}
			c.refTopic(t, r.ref, paragraph, "paragraph", within)
		}
		i = j
	}
}

// citing is a sentence or a paragraph that cites: its references, its
// words, and what it was found to be about, by kind of reference.
type citing struct {
	refs  []citation
	words words
	// verdicts are the kinds judged so far, few: a list, not a map.
	verdicts []kindVerdict
}

// kindVerdict is the verdict on the blocks of one kind.
type kindVerdict struct {
	kind ast.RefKind
	verdict
}

// verdict is what the words of a sentence or paragraph say of the blocks
// of one kind it cites: whether they tell (they share a word with a block
// cited, or enough with another), and whether they are about another
// block than those cited (they share nothing with those): meant, with the
// words in common.
type verdict struct {
	tells, other bool
	meant        int
	common       []string
	// When other: the numbers cited (ranged if by a range), and the
	// first reference of the kind, where a run cited is reported.
	cited  []int
	ranged bool
	first  *ast.Ref
}

// verdict judges the blocks of kind that c cites, once.
func (c *citing) verdict(t *topics, kind ast.RefKind, within ast.Block) verdict {
	for _, v := range c.verdicts {
		if v.kind == kind {
			return v.verdict
		}
	}
	v := judge(t, kind, c.refs, c.words, within)
	if v.other {
		v.cited, v.ranged = citedNumbers(c.refs, kind)
		v.first = c.refs[slices.IndexFunc(c.refs, func(r citation) bool { return r.ref.RefKind == kind })].ref
	}
	c.verdicts = append(c.verdicts, kindVerdict{kind, v})
	return v
}

// judge finds the verdict of refs, of kind, in the words citing.
func judge(t *topics, kind ast.RefKind, refs []citation, citing words, within ast.Block) verdict {
	k := t.of(kind)
	for _, r := range refs {
		if r.ref.RefKind != kind || r.ref.To < r.ref.From || r.ref.To-r.ref.From > maxRangeLength {
			continue
		}
		for n := r.ref.From; n <= r.ref.To; n++ {
			if t.targets.Block(kind, n) == nil || k.shared(n, citing) > 0 {
				return verdict{tells: true} // a block the words are about, or ref/unresolved
			}
		}
	}
	// Only a block that shares a word that weighs can weigh more than
	// nothing, and a verdict needs topicMinimum.
	best, bestWeight := 0, 0.0
	for _, n := range k.sharing(citing) {
		if t.targets.Block(kind, n) == within {
			continue
		}
		if w := k.shared(n, citing); w > bestWeight || w == bestWeight && n < best {
			best, bestWeight = n, w
		}
	}
	if bestWeight < topicMinimum {
		return verdict{}
	}
	var common []string
	for w := range k.words[best] {
		if spelt, ok := citing[w]; ok && k.weight(w) > 0 {
			common = append(common, `"`+spelt+`"`)
		}
	}
	slices.Sort(common)
	return verdict{tells: true, other: true, meant: best, common: common}
}

// refTopic warns when no block that the references of ref's kind in a
// sentence or paragraph cite shares a telling word with it, while another
// block of the kind shares enough. It reports whether it could judge: the
// words share something with a block cited, or enough with another.
func (c *checker) refTopic(t *topics, ref *ast.Ref, cites *citing, what string, within ast.Block) bool {
	v := cites.verdict(t, ref.RefKind, within)
	if !v.other {
		return v.tells
	}
	best, common := v.meant, v.common
	kind := numberedKinds[ref.RefKind]
	cited, them := kind+" "+strconv.Itoa(ref.From), "it"
	if ref.To > ref.From {
		cited, them = cited+"-"+strconv.Itoa(ref.To), "them"
	}
	meant, verb := kind+" "+strconv.Itoa(best), "is"
	// Several blocks cited together are most likely as many others:
	// said once, at the first reference.
	if numbers := v.cited; len(numbers) > 1 {
		if ref != v.first {
			return true
		}
		if run, ok := t.refWindow(ref.RefKind, numbers, cites.words, within); ok {
			cited, them, meant, verb = citeRun(kind, numbers, v.ranged), "them", citeRun(kind, run, v.ranged), "are"
		}
	}
	c.diags.Warnf(ref.Pos, "ref/topic", "the "+what+" citing "+cited+" shares no telling word with "+them+" but shares "+
		strings.Join(common, ", ")+" with "+meant+": "+verb+" "+meant+" meant?").Expected = meant
	return true
}
