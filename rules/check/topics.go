package check

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// What a numbered block is about, for refTopics, is told by its words. A
// word tells when few of the kind's blocks have it: each shared word
// weighs ln(N/n) for N blocks of the kind, n of which have it, and a word
// that at least half of them have weighs nothing ("roll", in a book of
// rolls). Words are compared folded: lower case, without a possessive or
// plural "s", cut to their first six letters, so that "attacking" meets
// "attacks" and "Cody's" meets "Cody".

// words holds folded words, each with the first spelling met.
type words map[string]string

// topics indexes the words of the book's numbered blocks, a kind at a
// time, when a reference first cites one of the kind.
type topics struct {
	targets *ast.Targets
	kinds   map[ast.RefKind]*kindTopics
	// folded remembers each word as written and folded: a book says the
	// same words again and again.
	folded map[string]string
	// sentence holds the words of the sentence judged last (see
	// sentenceWords).
	sentence words
}

// kindTopics is the words of the blocks of one kind.
type kindTopics struct {
	words map[int]words // by number
	// with counts the blocks that have each word.
	with map[string]int
	// numbers lists the numbers of the blocks that have each word.
	numbers map[string][]int
	// sorted is the numbers of the kind's blocks, in order.
	sorted []int
}

func newTopics(targets *ast.Targets) *topics {
	return &topics{targets: targets, kinds: map[ast.RefKind]*kindTopics{}, folded: map[string]string{}, sentence: words{}}
}

// of returns the index of a kind's blocks.
func (t *topics) of(kind ast.RefKind) *kindTopics {
	k := t.kinds[kind]
	if k == nil {
		k = &kindTopics{words: map[int]words{}, with: map[string]int{}, numbers: map[string][]int{}}
		k.sorted = t.targets.Numbers(kind)
		slices.Sort(k.sorted)
		for _, n := range k.sorted {
			ws := t.blockWords(t.targets.Block(kind, n))
			k.words[n] = ws
			for w := range ws {
				k.with[w]++
				k.numbers[w] = append(k.numbers[w], n)
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

// sharing returns the numbers of the blocks that share a word that weighs
// something with citing, each once: the only blocks citing's words can be
// about, found from the words rather than by weighing every block of the
// kind for every sentence.
func (k *kindTopics) sharing(citing words) []int {
	var numbers []int
	for w := range citing {
		if k.weight(w) > 0 {
			numbers = append(numbers, k.numbers[w]...)
		}
	}
	slices.Sort(numbers)
	return slices.Compact(numbers)
}

// blockWords is the folded words of a table (its header, cells and
// caption), a figure (its art's words and caption) or a box (its title and
// everything in it).
func (t *topics) blockWords(b ast.Block) words {
	ws := words{}
	ast.Walk([]ast.Block{b}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Box:
			t.add(ws, n.Subtitle)
		case *ast.Table:
			for _, cell := range n.Header {
				t.add(ws, cell.Text)
			}
			for _, row := range n.Rows {
				for _, cell := range row {
					t.add(ws, cell.Text)
				}
			}
		case *ast.Figure:
			for _, line := range n.Art {
				t.add(ws, line)
			}
		case *ast.Text:
			t.add(ws, n.Text)
		case *ast.Dice:
			t.add(ws, n.Expr)
		}
		return true
	})
	return ws
}

// sentenceWords is foldWords for a sentence, in one map used again for
// each: a sentence's words are judged and let go before the next's, and a
// book has thousands of sentences that cite.
func (t *topics) sentenceWords(s string) words {
	clear(t.sentence)
	t.add(t.sentence, s)
	return t.sentence
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
var commonWords = func() map[string]bool {
	words := map[string]bool{}
	for _, w := range strings.Fields(`a an as at be by do go he if in is it me my no of on or so to up us we
		the and for are but not you all any can her was one our out has his how its may who did get use
		that with this from they have will when then than each which their there what into only also more
		other such some these those been were does just must should would could about after before over
		under same very most much many every both either neither while where here your she him them own
		below above following`) {
		if len(w) > 3 {
			w = strings.TrimSuffix(w, "s")
		}
		words[w] = true
	}
	return words
}()
