package check

import (
	"regexp"
	"strconv"
	"strings"
)

// The outcomes a six-degrees table gives, best degree first, get worse as
// the degree does wherever their words put them in an order: a Disposition
// move (an ally Advances before she Holds, a target Retreats before she
// Recoils), a die or number bestowed (d80 before d60 on a target, after it
// on the actor's own side), what happens to an Effect (Removed, Reduced,
// remains, enhanced, maximised), the Events an exploration brings (Rewards
// before Costs). A cell whose words name no such order is the author's; two
// cells of one kind out of order are an error at the later one
// (table/outcome-order), as when two rows' outcomes were swapped.

// outcomeKind names a scale outcomes are ordered on.
type outcomeKind string

const (
	dispositionMoves outcomeKind = "a Disposition move"
	effectChanges    outcomeKind = "a change to an Effect"
	magnitudes       outcomeKind = "an amount bestowed"
	eventCounts      outcomeKind = "the Events brought"
)

var (
	// moveWords are the Disposition moves, in steps up the track.
	moveWords = map[string]float64{"retreat": -2, "retreats": -2, "recoil": -1, "recoils": -1, "hold": 0, "holds": 0,
		"advance": 1, "advances": 1, "charge": 2, "charges": 2}
	// movePattern finds a move and its count: "Recoils 2", "Advances".
	movePattern = regexp.MustCompile(`(?i)\b(retreats?|recoils?|holds?|advances?|charges?)\b(?:\s+(\d+))?`)
	// effectPatterns rank what happens to an Effect, worst first.
	effectPatterns = []struct {
		pattern *regexp.Regexp
		rank    float64
	}{
		{regexp.MustCompile(`(?i)\bmaximi[sz]ed\b|set to 100`), -2},
		{regexp.MustCompile(`(?i)\benhanced\b|\bincrease`), -1},
		{regexp.MustCompile(`(?i)\bremains\b|\bunchanged\b`), 0},
		{regexp.MustCompile(`(?i)\breduce|\bdecrease`), 1},
		{regexp.MustCompile(`(?i)\bremove`), 2},
	}
	// shiftPattern is a Shift of the Disposition that comes with another
	// outcome: "and Shift Disposition Up".
	shiftPattern = regexp.MustCompile(`(?i)shift\s+disposition\s+(up|down)`)
	// amountPattern is a die or a number bestowed: ": d80", ": 3".
	amountPattern = regexp.MustCompile(`(?i)(?:\bd(\d+)\b|:\s*(\d+)\b)`)
	// sides that suffer: an outcome that falls on one of them is bad for
	// the one acting, on a target good.
	ownSide   = regexp.MustCompile(`(?i)\b(ally|allies|attacker|yourself|herself|himself)\b`)
	otherSide = regexp.MustCompile(`(?i)\b(target|targets|enemy|enemies|foe|foes|opponent|opponents)\b`)
)

// outcomeRank places an outcome on its kind's scale, higher better for the
// one acting. success says whether the row is a success, for an amount
// whose words say whom it falls on neither way. ok is false for words that
// name no order; oriented is false for a Disposition move whose words do
// not say whose it is, which the column's other moves decide.
func outcomeRank(text string, success bool) (kind outcomeKind, rank float64, oriented, ok bool) {
	if isExplorationEvents(text) {
		for _, k := range strings.Split(text, ",") {
			rank += map[string]float64{"Reward": 1, "Cost": -1}[strings.TrimSpace(k)]
		}
		return eventCounts, rank, true, true
	}
	shift := 0.0
	if m := shiftPattern.FindStringSubmatch(text); m != nil {
		shift = map[string]float64{"up": 0.5, "down": -0.5}[strings.ToLower(m[1])]
	}
	for i := len(effectPatterns) - 1; i >= 0; i-- {
		if p := effectPatterns[i]; p.pattern.MatchString(text) {
			// An amount orders changes of one kind: reduced by a d60 is
			// better than by a d40, enhanced by it worse.
			amount := 0.0
			if m := amountPattern.FindStringSubmatch(text); m != nil && p.rank != 0 {
				n, _ := strconv.Atoi(m[1] + m[2])
				amount = float64(n) / 1000 * p.rank / max(p.rank, -p.rank)
			}
			return effectChanges, p.rank + shift + amount, true, true
		}
	}
	own, other := ownSide.MatchString(text), otherSide.MatchString(text)
	if m := movePattern.FindStringSubmatch(text); m != nil {
		steps := moveWords[strings.ToLower(m[1])]
		if m[2] != "" {
			n, _ := strconv.Atoi(m[2])
			steps *= float64(n)
		}
		if other && !own {
			steps = -steps // the target's move is the reverse of the actor's good
		}
		return dispositionMoves, steps, own != other, true
	}
	if shift != 0 { // "Shift Disposition Up" by itself is the actor's
		return dispositionMoves, 2 * shift, true, true
	}
	if m := amountPattern.FindStringSubmatch(text); m != nil {
		n, _ := strconv.Atoi(m[1] + m[2])
		if own || !other && !success {
			return magnitudes, -float64(n), true, true
		}
		return magnitudes, float64(n), true, true
	}
	return "", 0, false, false
}

// rankedCell is one cell placed on a scale.
type rankedCell struct {
	row      int
	rank     float64
	oriented bool
}

// orient turns the moves whose words say not whose they are the way that
// puts the column's cells most nearly in order, as a reader would: a column
// of "Retreats" at the best degree and "Charges" at the worst is about the
// other side.
func orient(cells []rankedCell) []rankedCell {
	inversions := func(sign float64) int {
		n, last, seen := 0, 0.0, false
		for _, c := range cells {
			rank := c.rank
			if !c.oriented {
				rank *= sign
			}
			if seen && rank > last {
				n++
			}
			last, seen = rank, true
		}
		return n
	}
	if inversions(-1) >= inversions(1) {
		return cells
	}
	out := make([]rankedCell, len(cells))
	for i, c := range cells {
		if !c.oriented {
			c.rank = -c.rank
		}
		out[i] = c
	}
	return out
}

// outcomeOrder checks that column col's outcomes get no better as the
// degree gets worse, kind by kind.
func (t *tableRun) outcomeOrder(col int, names []string) {
	byKind := map[outcomeKind][]rankedCell{}
	for r := range t.table.Rows {
		if r >= len(names) || col >= len(t.table.Rows[r]) {
			continue
		}
		success := strings.HasSuffix(names[r], "Success")
		if kind, rank, oriented, ok := outcomeRank(t.table.Rows[r][col].Text, success); ok {
			byKind[kind] = append(byKind[kind], rankedCell{r, rank, oriented})
		}
	}
	for kind, cells := range byKind {
		cells = orient(cells)
		for i := 1; i < len(cells); i++ {
			above, below := cells[i-1], cells[i]
			if below.rank <= above.rank {
				continue
			}
			cell := t.table.Rows[below.row][col]
			t.c.errorAt(cell.Pos, "table/outcome-order", `"`+cell.Text+`" at `+names[below.row]+` is better than "`+
				t.table.Rows[above.row][col].Text+`" at `+names[above.row]+` above it: as `+string(kind)+
				`, an outcome gets worse as the degree does (were two rows' outcomes swapped?)`, "")
		}
	}
}
