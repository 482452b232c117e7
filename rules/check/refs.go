package check

import (
	"sort"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser"
)

// numberedKinds names each kind of numbered reference in messages.
var numberedKinds = map[parser.RefKind]string{
	parser.RefTable:        "Table",
	parser.RefFigure:       "Figure",
	parser.RefExample:      "Example",
	parser.RefNote:         "Note",
	parser.RefRulesSummary: "Rules Summary",
}

// maxRangeLength bounds a reference range such as "Tables 1-9"; a longer
// one is almost surely a typo and would be slow to list.
const maxRangeLength = 1000

// references resolves every reference: a number must be one some table,
// figure or box carries; a title must be a heading's, under the heading a
// `… of the "Y" Chapter` names.
func (c *checker) references() {
	numbers := c.numberedTargets()
	headings := newHeadingIndex(c.doc.Headings())
	parser.Walk(c.doc.Blocks, func(n parser.Node) bool {
		ref, ok := n.(*parser.Ref)
		if !ok {
			return true
		}
		switch ref.RefKind {
		case parser.RefSection, parser.RefChapter:
			c.resolveTitle(ref, headings)
		default:
			c.resolveNumber(ref, numbers[ref.RefKind])
		}
		return true
	})
}

// numberedTargets lists the numbers of each kind that exist.
func (c *checker) numberedTargets() map[parser.RefKind]map[int]bool {
	targets := map[parser.RefKind]map[int]bool{}
	add := func(kind parser.RefKind, n int) {
		if targets[kind] == nil {
			targets[kind] = map[int]bool{}
		}
		targets[kind][n] = true
	}
	boxKinds := map[parser.BoxKind]parser.RefKind{
		parser.BoxRulesSummary: parser.RefRulesSummary,
		parser.BoxExample:      parser.RefExample,
		parser.BoxNote:         parser.RefNote,
	}
	parser.Walk(c.doc.Blocks, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Table:
			if n.Caption != nil {
				add(captionKind(n.Caption), n.Caption.Number)
			}
		case *parser.Figure:
			if n.Caption != nil {
				add(captionKind(n.Caption), n.Caption.Number)
			}
		case *parser.Box:
			if kind, ok := boxKinds[n.BoxKind]; ok {
				add(kind, n.Number)
			}
		}
		return true
	})
	return targets
}

func captionKind(c *parser.Caption) parser.RefKind {
	if c.Label == "Figure" {
		return parser.RefFigure
	}
	return parser.RefTable
}

func (c *checker) resolveNumber(ref *parser.Ref, exist map[int]bool) {
	kind := numberedKinds[ref.RefKind]
	if ref.To < ref.From || ref.To-ref.From > maxRangeLength {
		c.errorAt(ref.Pos, "ref/range", "the range "+strconv.Itoa(ref.From)+" to "+strconv.Itoa(ref.To)+" is not a range of "+kind+" numbers", "")
		return
	}
	var missing []string
	for n := ref.From; n <= ref.To; n++ {
		if !exist[n] {
			missing = append(missing, strconv.Itoa(n))
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := "the book has no " + kind + " " + strings.Join(missing, ", ")
	if len(exist) > 0 {
		msg += " (it has " + kind + " " + describeNumbers(exist) + ")"
	}
	c.errorAt(ref.Pos, "ref/unresolved", msg, "")
}

// describeNumbers writes a set of numbers as ranges: "1-7, 9".
func describeNumbers(set map[int]bool) string {
	nums := make([]int, 0, len(set))
	for n := range set {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	var parts []string
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		part := strconv.Itoa(nums[i])
		if j > i {
			part += "-" + strconv.Itoa(nums[j])
		}
		parts = append(parts, part)
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// headingIndex finds headings by title, and their ancestors' titles.
type headingIndex struct {
	byTitle   map[string][]int
	ancestors [][]string // normalised titles of each heading's ancestors
	titles    []string   // every distinct title, as written, for suggestions
}

func newHeadingIndex(headings []*parser.Heading) *headingIndex {
	idx := &headingIndex{byTitle: map[string][]int{}}
	var open []*parser.Heading
	seen := map[string]bool{}
	for i, h := range headings {
		for len(open) > 0 && open[len(open)-1].Depth >= h.Depth {
			open = open[:len(open)-1]
		}
		var anc []string
		for _, a := range open {
			anc = append(anc, parser.NormalizeTitle(a.Title))
		}
		key := parser.NormalizeTitle(h.Title)
		idx.byTitle[key] = append(idx.byTitle[key], i)
		idx.ancestors = append(idx.ancestors, anc)
		if !seen[key] {
			seen[key] = true
			idx.titles = append(idx.titles, h.Title)
		}
		open = append(open, h)
	}
	return idx
}

// find reports whether a heading titled title exists, under a heading titled
// within when within is not "".
func (idx *headingIndex) find(title, within string) bool {
	w := parser.NormalizeTitle(within)
	for _, i := range idx.byTitle[parser.NormalizeTitle(title)] {
		if within == "" {
			return true
		}
		for _, a := range idx.ancestors[i] {
			if a == w {
				return true
			}
		}
	}
	return false
}

func (c *checker) resolveTitle(ref *parser.Ref, headings *headingIndex) {
	if headings.find(ref.Title, ref.Within) {
		return
	}
	what := "section"
	if ref.RefKind == parser.RefChapter {
		what = "chapter"
	}
	if ref.Within != "" && headings.find(ref.Title, "") {
		c.errorAt(ref.Pos, "ref/unresolved", `"`+ref.Title+`" is not under "`+ref.Within+`"`, "")
		return
	}
	closest := closestTitle(ref.Title, headings.titles)
	msg := `no ` + what + ` titled "` + ref.Title + `"`
	if closest != "" {
		msg += ` (the closest title is "` + closest + `")`
	}
	c.errorAt(ref.Pos, "ref/unresolved", msg, closest)
}

// closestTitle suggests the heading a reference most likely means: one whose
// title contains the words referred to; else the one sharing the longest run
// of characters with them ("fd100" and "Fuzzy d100" share "d100"); else the
// nearest by edit distance, however far.
func closestTitle(want string, titles []string) string {
	w := parser.NormalizeTitle(want)
	best, bestShared, bestDistance := "", 0, -1
	for _, t := range titles {
		n := parser.NormalizeTitle(t)
		if strings.Contains(n, w) {
			return t
		}
		shared := longestCommonSubstring(w, n)
		if shared < 3 {
			shared = 0
		}
		d := parser.EditDistance(w, n)
		if shared > bestShared || shared == bestShared && (bestDistance < 0 || d < bestDistance) {
			best, bestShared, bestDistance = t, shared, d
		}
	}
	return best
}

// longestCommonSubstring returns the length in runes of the longest run of
// characters a and b share.
func longestCommonSubstring(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	longest := 0
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cur[j] = 0
			if ra[i-1] == rb[j-1] {
				cur[j] = prev[j-1] + 1
				longest = max(longest, cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return longest
}
