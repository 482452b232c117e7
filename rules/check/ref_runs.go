package check

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A sentence citing several blocks of a kind together ("Examples 1 and 2",
// "Rules Summaries 17-19") that are all the wrong ones most likely means as
// many neighbouring blocks, shifted: seed 000's "Examples 1 and 2" are 2
// and 3, its "Rules Summaries 17-19" are 14-16. refWindow finds the run of
// blocks the words are about: the one with the most blocks that share a
// telling word with them, nearest the run cited.

// citedNumbers lists the numbers of kind the references cite, in order,
// and whether one of them is a range.
func citedNumbers(refs []citation, kind ast.RefKind) (numbers []int, ranged bool) {
	for _, r := range refs {
		if r.ref.RefKind != kind || r.ref.To < r.ref.From || r.ref.To-r.ref.From > maxRangeLength {
			continue
		}
		ranged = ranged || r.ref.To > r.ref.From
		for n := r.ref.From; n <= r.ref.To; n++ {
			numbers = append(numbers, n)
		}
	}
	slices.Sort(numbers)
	return slices.Compact(numbers), ranged
}

// refWindow returns the run of as many consecutive blocks of the kind as
// cited, none of them within, that the words are most about, nearest the
// run cited; ok is false when no run shares a word with them.
func (t *topics) refWindow(kind ast.RefKind, cited []int, citing words, within ast.Block) (run []int, ok bool) {
	k := t.of(kind)
	numbers := k.sorted
	bestCover, bestDistance := 0, 0
	// Only a window that holds a block sharing a word that weighs covers
	// anything, and only such a window can be the run: the windows are
	// those around the blocks sharing, not every one of the kind's, in
	// order.
	next := 0 // the first window not weighed yet
	for _, n := range k.sharing(citing) {
		at, _ := slices.BinarySearch(numbers, n)
		for i := max(next, at-len(cited)+1); i <= at && i+len(cited) <= len(numbers); i++ {
			next = i + 1
			window := numbers[i : i+len(cited)]
			if window[len(window)-1]-window[0] != len(cited)-1 || slices.Equal(window, cited) {
				continue // not a run of neighbours, or the one cited
			}
			cover := 0
			for _, n := range window {
				if t.targets.Block(kind, n) == within {
					cover = -1
					break
				}
				if k.shared(n, citing) > 0 {
					cover++
				}
			}
			distance := max(window[0]-cited[0], cited[0]-window[0])
			if cover > bestCover || cover == bestCover && cover > 0 && distance < bestDistance {
				run, bestCover, bestDistance = window, cover, distance
			}
		}
	}
	return run, run != nil
}

// citeRun writes a run of blocks as a book cites them: "Examples 2 and 3",
// "Rules Summaries 14-16" when it was cited as a range.
func citeRun(kind string, run []int, ranged bool) string {
	plural := kind + "s"
	if strings.HasSuffix(kind, "y") {
		plural = strings.TrimSuffix(kind, "y") + "ies"
	}
	if ranged {
		return plural + " " + strconv.Itoa(run[0]) + "-" + strconv.Itoa(run[len(run)-1])
	}
	written := make([]string, len(run))
	for i, n := range run {
		written[i] = strconv.Itoa(n)
	}
	return plural + " " + strings.Join(written[:len(written)-1], ", ") + " and " + written[len(written)-1]
}
