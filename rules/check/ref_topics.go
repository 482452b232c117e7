package check

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser"
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
// never stands for the box it is cited from.
//
// A word tells when few of the kind's blocks have it: each shared word
// weighs ln(N/n) for N blocks of the kind, n of which have it, and a word
// that at least half of them have weighs nothing ("roll", in a book of
// rolls). Words are compared folded: lower case, without a possessive or
// plural "s", cut to their first six letters, so that "attacking" meets
// "attacks" and "Cody's" meets "Cody".

// topicMinimum is the weight a sentence must share with another block of
// the kind before a reference sharing nothing is reported: two rare words
// in a book of a dozen examples, so that one word in common by chance is
// not enough.
const topicMinimum = 2 * 1.79 // 2·ln(6)

// words holds folded words, each with the first spelling met.
type words map[string]string

// topics indexes the words of the book's numbered blocks, a kind at a
// time, when a reference first cites one of the kind.
type topics struct {
	targets *parser.Targets
	kinds   map[parser.RefKind]*kindTopics
	// folded remembers each word as written and folded: a book says the
	// same words again and again.
	folded map[string]string
}

// kindTopics is the words of the blocks of one kind.
type kindTopics struct {
	words map[int]words // by number
	// with counts the blocks that have each word.
	with map[string]int
}

func newTopics(targets *parser.Targets) *topics {
	return &topics{targets: targets, kinds: map[parser.RefKind]*kindTopics{}, folded: map[string]string{}}
}

// of returns the index of a kind's blocks.
func (t *topics) of(kind parser.RefKind) *kindTopics {
	k := t.kinds[kind]
	if k == nil {
		k = &kindTopics{words: map[int]words{}, with: map[string]int{}}
		for _, n := range t.targets.Numbers(kind) {
			ws := t.blockWords(t.targets.Block(kind, n))
			k.words[n] = ws
			for w := range ws {
				k.with[w]++
			}
		}
		t.kinds[kind] = k
	}
	return k
}

// weight is what sharing word w with a block of the kind says: nothing
// when at least half the kind's blocks have it.
func (k *kindTopics) weight(w string) float64 {
	n, of := k.with[w], len(k.words)
	if n == 0 || 2*n >= of {
		return 0
	}
	return math.Log(float64(of) / float64(n))
}

// shared weighs the words citing shares with block n of the kind.
func (k *kindTopics) shared(n int, citing words) float64 {
	var sum float64
	block := k.words[n]
	for w := range citing {
		if _, ok := block[w]; ok {
			sum += k.weight(w)
		}
	}
	return sum
}

// citation is a numbered reference and where it stands in its text.
type citation struct {
	ref *parser.Ref
	at  int
}

// refTopics checks the references of every paragraph and caption.
func (c *checker) refTopics() {
	t := newTopics(c.doc.Targets())
	var walk func(blocks []parser.Block, within parser.Block)
	walk = func(blocks []parser.Block, within parser.Block) {
		for _, b := range blocks {
			switch b := b.(type) {
			case *parser.Box:
				inside := within
				if _, numbered := b.BoxKind.RefKind(); numbered {
					inside = b
				}
				walk(b.Blocks, inside)
			case *parser.List:
				for _, item := range b.Items {
					walk(item.Blocks, within)
				}
			case *parser.Paragraph:
				c.citingTopics(t, c.proseOf(b, b.Inlines), within)
			case *parser.Table:
				if b.Caption != nil {
					c.citingTopics(t, c.proseOf(b.Caption, b.Caption.Inlines), b)
				}
			case *parser.Figure:
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
func (c *checker) citingTopics(t *topics, text *prose, within parser.Block) {
	var refs []citation
	for _, span := range text.spans {
		if r, ok := span.node.(*parser.Ref); ok && r.RefKind != parser.RefSection && r.RefKind != parser.RefChapter {
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
func (c *checker) refTopic(t *topics, ref *parser.Ref, refs []citation, citing words, what string, within parser.Block) bool {
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
	meant := kind + " " + strconv.Itoa(best)
	c.diags.Warnf(ref.Pos, "ref/topic", "the "+what+" citing "+cited+" shares no telling word with "+them+" but shares "+
		strings.Join(common, ", ")+" with "+meant+": is "+meant+" meant?").Expected = meant
	return true
}

// blockWords is the folded words of a table (its header, cells and
// caption), a figure (its art's words and caption) or a box (its title and
// everything in it).
func (t *topics) blockWords(b parser.Block) words {
	ws := words{}
	parser.Walk([]parser.Block{b}, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Box:
			t.add(ws, n.Subtitle)
		case *parser.Table:
			for _, cell := range n.Header {
				t.add(ws, cell.Text)
			}
			for _, row := range n.Rows {
				for _, cell := range row {
					t.add(ws, cell.Text)
				}
			}
		case *parser.Figure:
			for _, line := range n.Art {
				t.add(ws, line)
			}
		case *parser.Text:
			t.add(ws, n.Text)
		case *parser.Dice:
			t.add(ws, n.Expr)
		}
		return true
	})
	return ws
}

// foldWords is the folded words of s.
func (t *topics) foldWords(s string) words {
	ws := words{}
	t.add(ws, s)
	return ws
}

// add adds the folded words of s to ws, leaving out numbers, single
// letters and the commonest words of English. A word is a run of letters,
// digits and apostrophes, without the apostrophes at its ends.
func (t *topics) add(ws words, s string) {
	isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' }
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isWord(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if !isWord(r) {
				break
			}
			j += size
		}
		w := strings.Trim(s[i:j], "'’")
		i = j
		folded, known := t.folded[w]
		if !known {
			folded = foldWord(w)
			t.folded[w] = folded
		}
		if _, met := ws[folded]; folded != "" && !met {
			ws[folded] = w
		}
	}
}

// foldWord is a word as topics compare it, "" for one that says nothing.
func foldWord(w string) string {
	w = strings.ToLower(w)
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	if len(w) > 3 && w[len(w)-1] == 's' && w[len(w)-2] != 's' {
		w = w[:len(w)-1]
	}
	if utf8.RuneCountInString(w) < 2 || commonWords[w] || strings.IndexFunc(w, unicode.IsLetter) < 0 {
		return ""
	}
	// The first six letters: a byte index, since the word is mostly ASCII.
	for i, n := 0, 0; i < len(w); n++ {
		if n == 6 {
			return w[:i]
		}
		_, size := utf8.DecodeRuneInString(w[i:])
		i += size
	}
	return w
}

// commonWords are English words too common to say what a sentence is
// about, as foldWord leaves them.
var commonWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an as at be by do go he if in is it me my no of on or so to up us we
		the and for are but not you all any can her was one our out has his how its may who did get use
		that with this from they have will when then than each which their there what into only also more
		other such some these those been were does just must should would could about after before over
		under same very most much many every both either neither while where here your she him them own
		below above following`) {
		if len(w) > 3 {
			w = strings.TrimSuffix(w, "s")
		}
		commonWords[w] = true
	}
}
