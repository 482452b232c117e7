package check

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// numberedKinds names each kind of numbered reference in messages.
var numberedKinds = map[ast.RefKind]string{
	ast.RefTable:        "Table",
	ast.RefFigure:       "Figure",
	ast.RefExample:      "Example",
	ast.RefNote:         "Note",
	ast.RefRulesSummary: "Rules Summary",
}

// maxRangeLength bounds a reference range such as "Tables 1-9"; a longer
// one is almost surely a typo and would be slow to list.
const maxRangeLength = 1000

// references resolves every reference: a number must be one some table,
// figure or box carries; a title must be a heading's, under the heading a
// `… of the "Y" Chapter` names. ast.Targets resolves them, as the writers
// do when they link them.
func (c *checker) references() {
	c.closest = map[string]string{}
	c.numbersHad = map[ast.RefKind]string{}
	targets := c.doc.Targets()
	ast.Walk(c.doc.Blocks, func(n ast.Node) bool {
		ref, ok := n.(*ast.Ref)
		if !ok {
			return true
		}
		switch {
		case ref.Number != "":
			c.resolveSectionNumber(ref, targets)
		case ref.RefKind == ast.RefSection, ref.RefKind == ast.RefChapter:
			c.resolveTitle(ref, targets)
		default:
			c.resolveNumber(ref, targets)
		}
		return true
	})
	c.sectionsInCells(targets)
}

func (c *checker) resolveNumber(ref *ast.Ref, targets *ast.Targets) {
	kind := numberedKinds[ref.RefKind]
	if ref.To < ref.From || ref.To-ref.From > maxRangeLength {
		c.errorAt(ref.Pos, "ref/range", "the range "+strconv.Itoa(ref.From)+" to "+strconv.Itoa(ref.To)+" is not a range of "+kind+" numbers", "")
		return
	}
	var missing []string
	for n := ref.From; n <= ref.To; n++ {
		if targets.Block(ref.RefKind, n) == nil {
			missing = append(missing, strconv.Itoa(n))
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := "the book has no " + kind + " " + strings.Join(missing, ", ")
	had, known := c.numbersHad[ref.RefKind]
	if !known {
		had = describeNumbers(targets.Numbers(ref.RefKind))
		c.numbersHad[ref.RefKind] = had
	}
	if had != "" {
		msg += " (it has " + kind + " " + had + ")"
	}
	c.errorAt(ref.Pos, "ref/unresolved", msg, "")
}

// maxNumberRanges is how many ranges describeNumbers writes before it
// elides the rest: each unresolved reference's message repeats them, so
// the report of a book numbered with gaps must not grow with its tables
// times its broken references.
const maxNumberRanges = 8

// describeNumbers writes numbers as ranges, "1-7, 9", the first
// maxNumberRanges - 1 of many and the last: "1, 3, 5, 7, 9, 11, 13, …, 99".
func describeNumbers(nums []int) string {
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
	if len(parts) > maxNumberRanges {
		parts = append(parts[:maxNumberRanges-1], "…", parts[len(parts)-1])
	}
	return strings.Join(parts, ", ")
}

func (c *checker) resolveTitle(ref *ast.Ref, targets *ast.Targets) {
	if targets.Heading(ref) != nil {
		return
	}
	what := "section"
	if ref.RefKind == ast.RefChapter {
		what = "chapter"
	}
	anywhere := *ref
	anywhere.Within = ""
	if ref.Within != "" && targets.Heading(&anywhere) != nil {
		c.errorAt(ref.Pos, "ref/unresolved", `"`+ref.Title+`" is not under "`+ref.Within+`"`, "")
		return
	}
	closest, known := c.closest[ref.Title]
	if !known && c.suggestionWork < suggestionBudget {
		closest = closestTitle(ref.Title, targets.Titles())
		c.closest[ref.Title] = closest
		c.suggestionWork += utf8.RuneCountInString(ref.Title) * titleRunes(targets)
	}
	msg := `no ` + what + ` titled "` + ref.Title + `"`
	if closest != "" {
		msg += ` (the closest title is "` + closest + `")`
	}
	c.errorAt(ref.Pos, "ref/unresolved", msg, closest)
}

// suggestionBudget bounds the pairs of runes the checker compares to suggest
// titles for unresolved references. Each suggestion compares the reference's
// words with every title, so a book with thousands of headings and as many
// distinct broken references would take minutes to check; past the budget
// (a fraction of a second's work) a reference is reported without one.
const suggestionBudget = 1 << 24

// titleRunes is the length of all the book's titles together, in runes.
func titleRunes(targets *ast.Targets) int {
	n := 0
	for _, t := range targets.Titles() {
		n += utf8.RuneCountInString(t)
	}
	return n
}

// closestTitle suggests the heading a reference most likely means: one whose
// title contains the words referred to; else the one sharing the longest run
// of characters with them ("fd100" and "Fuzzy d100" share "d100"); else the
// nearest by edit distance, however far.
func closestTitle(want string, titles []string) string {
	w := ast.NormalizeTitle(want)
	best, bestShared, bestDistance := "", 0, -1
	for _, t := range titles {
		n := ast.NormalizeTitle(t)
		if strings.Contains(n, w) {
			return t
		}
		shared := longestCommonSubstring(w, n)
		if shared < 3 {
			shared = 0
		}
		d := ast.EditDistance(w, n)
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
