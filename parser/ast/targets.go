package ast

import (
	"slices"
	"strings"
)

// Targets finds what a reference in the text points at: a heading for
// `Section "X"`, a table, figure or box for "Table 2". The checker reports
// the references that point at nothing; the writers link the others and
// print their pages. Resolution lives here, once, so that every output
// agrees with galley check about where a reference goes.
type Targets struct {
	headings []*Heading
	byTitle  map[string][]int
	// ancestors holds the normalised titles of each heading's ancestors,
	// for `… of the "System" Chapter`.
	ancestors [][]string
	numbered  map[RefKind]map[int]Block
	titles    []string // distinct titles, in book order
	// bySection finds a numbered outline's headings by their numbers, as
	// SectionNumberKey writes them.
	bySection map[string]*Heading
}

// Targets returns the book's targets, indexed on first use and then shared:
// the checker and the writers, at work at once, all ask for them. The
// index is of the blocks as parsed; a caller that changes them after the
// first call makes a new one with NewTargets.
func (d *Document) Targets() *Targets {
	d.targetsOnce.Do(func() { d.targets = NewTargets(d) })
	return d.targets
}

// NewTargets indexes the book's headings and numbered blocks.
func NewTargets(doc *Document) *Targets {
	t := &Targets{byTitle: map[string][]int{}, numbered: map[RefKind]map[int]Block{}, bySection: map[string]*Heading{}}
	// open are the headings the walk is inside, and openKeys their
	// titleKeys, made once for each heading rather than for each heading
	// under it.
	var open []*Heading
	var openKeys [][]string
	add := func(kind RefKind, n int, b Block) {
		if t.numbered[kind] == nil {
			t.numbered[kind] = map[int]Block{}
		}
		if _, taken := t.numbered[kind][n]; !taken {
			t.numbered[kind][n] = b
		}
	}
	WalkBlocks(doc.Blocks, func(n Block) {
		switch n := n.(type) {
		case *Heading:
			for len(open) > 0 && open[len(open)-1].Depth >= n.Depth {
				open, openKeys = open[:len(open)-1], openKeys[:len(openKeys)-1]
			}
			anc := make([]string, 0, 2*len(open))
			for _, keys := range openKeys {
				anc = append(anc, keys...)
			}
			keys := titleKeys(n)
			if t.byTitle[keys[0]] == nil {
				t.titles = append(t.titles, n.Title)
			}
			for _, key := range keys {
				t.byTitle[key] = append(t.byTitle[key], len(t.headings))
			}
			if n.Number != "" {
				if key := SectionNumberKey(n.Number); t.bySection[key] == nil {
					t.bySection[key] = n
				}
			}
			t.headings = append(t.headings, n)
			t.ancestors = append(t.ancestors, anc)
			open, openKeys = append(open, n), append(openKeys, keys)
		case *Table:
			if n.Caption != nil {
				add(n.Caption.RefKind(), n.Caption.Number, n)
			}
		case *Figure:
			if n.Caption != nil {
				add(n.Caption.RefKind(), n.Caption.Number, n)
			}
		case *Image:
			if n.Caption != nil {
				add(n.Caption.RefKind(), n.Caption.Number, n)
			}
		case *Box:
			if kind, ok := n.BoxKind.RefKind(); ok {
				add(kind, n.Number, n)
			}
		}
	})
	return t
}

// titleKeys returns the keys a heading is found by: its title folded as
// NormalizeTitle folds it and, for a numbered heading, its title without
// the number, so that `Section "Minigames"` finds "3.5.0.0 Minigames".
func titleKeys(h *Heading) []string {
	keys := []string{NormalizeTitle(h.Title)}
	if bare := h.BareTitle(); bare != h.Title {
		keys = append(keys, NormalizeTitle(bare))
	}
	return keys
}

// SectionNumberKey returns the key a section number is found by: the
// number without its trailing zeros, so that "3.4" names "3.4.0.0".
func SectionNumberKey(number string) string {
	for strings.HasSuffix(number, ".0") {
		number = strings.TrimSuffix(number, ".0")
	}
	return number
}

// SectionTitled returns the numbered heading a title written after a
// section number most likely means when the number names no heading, or
// another: of the headings whose titles it names (see SameTitle), the one
// whose number starts most as the written one does, the first of a tie.
// "3.7.8.4 Effects", in a table of the events of 3.7, means 3.7.9.1
// Effects (Risk), not 2.6.8.0 Effects.
func (t *Targets) SectionTitled(title, number string) *Heading {
	var best *Heading
	bestShared := -1
	for _, h := range t.headings {
		if h.Number == "" || !SameTitle(title, h.BareTitle()) {
			continue
		}
		if shared := sharedParts(number, h.Number); shared > bestShared {
			best, bestShared = h, shared
		}
	}
	return best
}

// sharedParts returns how many leading parts two section numbers share.
func sharedParts(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	n := 0
	for n < len(pa) && n < len(pb) && pa[n] == pb[n] {
		n++
	}
	return n
}

// SameTitle reports whether a title written after a section number names
// a heading's: the words of one are among the other's, so that "Room"
// names "Room (Reward)" and "Item (Known)" names "Known Item".
func SameTitle(written, heading string) bool {
	a, b := titleWords(written), titleWords(heading)
	if len(a) > len(b) {
		a, b = b, a
	}
	for _, w := range a {
		if !slices.Contains(b, w) {
			return false
		}
	}
	return len(a) > 0
}

func titleWords(title string) []string {
	return strings.FieldsFunc(NormalizeTitle(title), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r > 0x7f)
	})
}

// Section returns the heading numbered number in a numbered outline, or
// nil.
func (t *Targets) Section(number string) *Heading {
	return t.bySection[SectionNumberKey(number)]
}

// Heading returns the heading a section or chapter reference names: the
// first with its title (compared as NormalizeTitle folds it), under a
// heading titled as its "of the … Chapter" says; for a reference by
// section number, the heading of that number, or, when there is none, the
// heading of the title written after the number, which is likelier what
// the reader wants than nothing (the checker reports the number). It
// returns nil for other references and for titles no heading has.
func (t *Targets) Heading(ref *Ref) *Heading {
	if ref.RefKind != RefSection && ref.RefKind != RefChapter {
		return nil
	}
	if ref.Number != "" {
		if h := t.Section(ref.Number); h != nil || ref.Title == "" {
			return h
		}
		return t.SectionTitled(ref.Title, ref.Number)
	}
	within := NormalizeTitle(ref.Within)
	for _, i := range t.byTitle[NormalizeTitle(ref.Title)] {
		if ref.Within == "" {
			return t.headings[i]
		}
		for _, a := range t.ancestors[i] {
			if a == within {
				return t.headings[i]
			}
		}
	}
	return nil
}

// Block returns the table, figure or box a numbered reference of kind names
// by number, or nil.
func (t *Targets) Block(kind RefKind, number int) Block {
	return t.numbered[kind][number]
}

// Numbers returns the numbers of kind that exist, for messages about the
// ones that do not.
func (t *Targets) Numbers(kind RefKind) []int {
	nums := make([]int, 0, len(t.numbered[kind]))
	for n := range t.numbered[kind] {
		nums = append(nums, n)
	}
	return nums
}

// Titles returns the distinct heading titles, in book order, for
// suggesting the one a reference most likely means.
func (t *Targets) Titles() []string { return t.titles }

// RefKind returns what a caption numbers: a table may carry a figure's
// caption and is then numbered, and referred to, as a figure.
func (c *Caption) RefKind() RefKind {
	if c.Label == "Figure" {
		return RefFigure
	}
	return RefTable
}

// RefKind returns the kind of reference that names a box of this kind by
// number, and false for the kinds of box that have no number.
func (k BoxKind) RefKind() (RefKind, bool) {
	switch k {
	case BoxRulesSummary:
		return RefRulesSummary, true
	case BoxExample:
		return RefExample, true
	case BoxNote:
		return RefNote, true
	}
	return "", false
}
