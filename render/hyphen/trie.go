package hyphen

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// maxSymbols bounds the distinct letters of a pattern set (the word-boundary
// dot among them), so that a node's children fit one bit mask; English has
// 27.
const maxSymbols = 63

// A trie holds the patterns by their letters, each letter numbered by the
// alphabet. Its nodes are numbered breadth first, so that the children of a
// node are consecutive and in the order of their letters: a node keeps a bit
// mask of the letters it has children for, and the child for a letter is
// found by counting the bits below it. That makes a step one load and a
// popcount, and the English patterns (4,938 of them, 8,399 nodes) about
// 200 KB.
type trie struct {
	ascii    [128]uint8     // the symbol of each ASCII letter; 0 where none
	nonASCII map[rune]uint8 // the symbol of any other letter
	nodes    []trieNode
	digits   []uint8 // the digits of every pattern, each pattern's in one run
}

type trieNode struct {
	children   uint64 // bit s is set when the node has a child for symbol s
	firstChild int32
	// The digits of the pattern that ends at this node, if one does:
	// digits[firstDigit : firstDigit+digitCount], one for each gap from
	// before its first letter to after its last.
	firstDigit int32
	digitCount uint8
}

// symbol returns the number of letter r, or 0 when no pattern has it.
func (t *trie) symbol(r rune) uint8 {
	if r < 128 {
		return t.ascii[r]
	}
	return t.nonASCII[r]
}

// newSymbol numbers a letter the alphabet does not have yet.
func (t *trie) newSymbol(r rune) (uint8, error) {
	size := len(t.nonASCII)
	for _, s := range t.ascii {
		if s != 0 {
			size++
		}
	}
	if size == maxSymbols {
		return 0, errors.New("more than 63 distinct letters in the patterns")
	}
	s := uint8(size + 1)
	if r < 128 {
		t.ascii[r] = s
	} else {
		if t.nonASCII == nil {
			t.nonASCII = make(map[rune]uint8)
		}
		t.nonASCII[r] = s
	}
	return s, nil
}

// A pattern as read, as a place in buildTrie's arena: its letters as
// symbols, then one digit for each gap.
type pattern struct {
	start, letters int32
}

// buildTrie reads patterns, one a line, such as "hy3ph" or ".ach4".
//
// It lays the trie out breadth first. With the patterns sorted by their
// letters, the prefixes of one length come in order and equal ones side by
// side, so each depth is one pass: a prefix that differs from the one before
// is a new node, the next child of its parent.
func buildTrie(text string) (trie, error) {
	var t trie
	// No pattern takes more than two bytes of the arena for each byte of
	// text, so the arena never grows and the patterns can point into it.
	arena := make([]uint8, 0, 2*len(text)+1)
	var patterns []pattern
	line := 0
	for pat := range strings.Lines(text) {
		line++
		pat = strings.TrimSpace(pat)
		if pat == "" {
			continue
		}
		p, err := t.parse(pat, &arena)
		if err != nil {
			return t, fmt.Errorf("pattern line %d: %w", line, err)
		}
		patterns = append(patterns, p)
	}
	letters := func(p pattern) []uint8 { return arena[p.start : p.start+p.letters] }
	slices.SortFunc(patterns, func(a, b pattern) int { return slices.Compare(letters(a), letters(b)) })
	longest := int32(0)
	for i, p := range patterns {
		if i > 0 && slices.Equal(letters(p), letters(patterns[i-1])) {
			return t, fmt.Errorf("pattern %q given twice", letters(p))
		}
		longest = max(longest, p.letters)
	}

	t.nodes = []trieNode{{}}
	// node[i] is the node of pattern i's prefix at the depth being built.
	node := make([]int32, len(patterns))
	for depth := int32(1); depth <= longest; depth++ {
		// The prefix of the last pattern that reached this depth: its parent
		// and its last letter.
		lastParent, lastSymbol := int32(-1), uint8(0)
		for i, p := range patterns {
			if p.letters < depth {
				continue
			}
			parent, s := node[i], arena[p.start+depth-1]
			if parent == lastParent && s == lastSymbol {
				node[i] = int32(len(t.nodes) - 1)
			} else {
				if t.nodes[parent].children == 0 {
					t.nodes[parent].firstChild = int32(len(t.nodes))
				}
				t.nodes[parent].children |= 1 << s
				t.nodes = append(t.nodes, trieNode{})
				node[i] = int32(len(t.nodes) - 1)
			}
			lastParent, lastSymbol = parent, s
			if p.letters == depth {
				n := &t.nodes[node[i]]
				n.firstDigit = int32(len(t.digits))
				n.digitCount = uint8(p.letters + 1)
				t.digits = append(t.digits, arena[p.start+p.letters:p.start+2*p.letters+1]...)
			}
		}
	}
	return t, nil
}

// parse appends a pattern's letters as symbols to the arena, then its digits.
func (t *trie) parse(text string, arena *[]uint8) (pattern, error) {
	p := pattern{start: int32(len(*arena))}
	var digits [maxWordRunes + 3]uint8
	for _, r := range text {
		if r >= '0' && r <= '9' {
			if digits[p.letters] != 0 {
				return p, errors.New("two digits in one gap")
			}
			digits[p.letters] = uint8(r - '0')
			continue
		}
		if p.letters == maxWordRunes+2 {
			return p, errors.New("more than 66 letters")
		}
		s := t.symbol(r)
		if s == 0 {
			var err error
			if s, err = t.newSymbol(r); err != nil {
				return p, err
			}
		}
		*arena = append(*arena, s)
		p.letters++
	}
	if p.letters == 0 {
		return p, errors.New("no letters")
	}
	*arena = append(*arena, digits[:p.letters+1]...)
	return p, nil
}

// child returns the node under node for symbol s, or -1.
func (t *trie) child(node int32, s uint8) int32 {
	n := &t.nodes[node]
	bit := uint64(1) << s
	if s == 0 || n.children&bit == 0 {
		return -1
	}
	return n.firstChild + int32(bits.OnesCount64(n.children&(bit-1)))
}

// vote raises votes[g] to the highest digit that any pattern matching
// symbols puts in the gap before symbols[g]; votes has one more element than
// symbols.
func (t *trie) vote(symbols []uint8, votes []uint8) {
	for start := range symbols {
		node := int32(0)
		for _, s := range symbols[start:] {
			if node = t.child(node, s); node < 0 {
				break
			}
			n := &t.nodes[node]
			for k, d := range t.digits[n.firstDigit : n.firstDigit+int32(n.digitCount)] {
				votes[start+k] = max(votes[start+k], d)
			}
		}
	}
}
