package check

import (
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

// An outcome's words are read by scanners, not expressions (issue 26:
// no expression backtracks on the checker's way through every table);
// each scanner's comment gives the expression it reads as. As in the rule
// conditions' scanners, a word is a run of ASCII letters, digits and '_'
// compared without case, and a Kelvin sign or long s is no letter.

// moveWords are the Disposition moves, in steps up the track.
var moveWords = map[string]float64{"retreat": -2, "retreats": -2, "recoil": -1, "recoils": -1, "hold": 0, "holds": 0,
	"advance": 1, "advances": 1, "charge": 2, "charges": 2}

// findMove finds the first move among ws and the count that follows it:
// "Recoils 2", "Advances"
// (`(?i)\b(retreats?|recoils?|holds?|advances?|charges?)\b(?:\s+(\d+))?`).
func findMove(ws []ruleWord) (move, count string, ok bool) {
	for i, w := range ws {
		if _, isMove := moveWords[strings.ToLower(w.text)]; !isMove {
			continue
		}
		if i+1 < len(ws) {
			if next := ws[i+1]; isSpaces(next.before) {
				count = next.text[:len(next.text)-len(strings.TrimLeft(next.text, "0123456789"))]
			}
		}
		return w.text, count, true
	}
	return "", "", false
}

// isSpaces reports whether s is white space as `\s+` means it.
func isSpaces(s string) bool {
	end, spaced := skipSpace(s, 0)
	return spaced && end == len(s)
}

// effectScale ranks what happens to an Effect, worst first.
var effectScale = []struct {
	// says is whether an outcome says it, its text and its words.
	says func(text string, ws []ruleWord) bool
	rank float64
}{
	{func(text string, ws []ruleWord) bool { // `(?i)\bmaximi[sz]ed\b|set to 100`
		return hasWord(ws, "maximised", "maximized") || containsFoldASCII(text, "set to 100")
	}, -2},
	{func(_ string, ws []ruleWord) bool { // `(?i)\benhanced\b|\bincrease`
		return hasWord(ws, "enhanced") || hasWordStarting(ws, "increase")
	}, -1},
	{func(_ string, ws []ruleWord) bool { return hasWord(ws, "remains", "unchanged") }, 0},       // `(?i)\bremains\b|\bunchanged\b`
	{func(_ string, ws []ruleWord) bool { return hasWordStarting(ws, "reduce", "decrease") }, 1}, // `(?i)\breduce|\bdecrease`
	{func(_ string, ws []ruleWord) bool { return hasWordStarting(ws, "remove") }, 2},             // `(?i)\bremove`
}

// hasWordStarting reports whether a word of ws starts with one of
// prefixes.
func hasWordStarting(ws []ruleWord, prefixes ...string) bool {
	for _, w := range ws {
		for _, p := range prefixes {
			if hasPrefixFold(w.text, p) {
				return true
			}
		}
	}
	return false
}

// shiftDirection is the way a Shift of the Disposition that comes with
// another outcome goes: "and Shift Disposition Up"
// (`(?i)shift\s+disposition\s+(up|down)`).
func shiftDirection(text string) (string, bool) {
	for i := range text {
		if !hasPrefixFold(text[i:], "shift") {
			continue
		}
		at, spaced := skipSpace(text, i+len("shift"))
		if !spaced || !hasPrefixFold(text[at:], "disposition") {
			continue
		}
		at, spaced = skipSpace(text, at+len("disposition"))
		if !spaced {
			continue
		}
		for _, way := range []string{"up", "down"} {
			if hasPrefixFold(text[at:], way) {
				return text[at : at+len(way)], true
			}
		}
	}
	return "", false
}

// findAmount finds the first die or number bestowed: ": d80", ": 3"
// (`(?i)(?:\bd(\d+)\b|:\s*(\d+)\b)`), and returns its digits.
func findAmount(text string) (string, bool) {
	for i := 0; i < len(text); i++ {
		var from int
		switch {
		case (text[i] == 'd' || text[i] == 'D') && isWordStart(text, i):
			from = i + 1
		case text[i] == ':':
			from, _ = skipSpace(text, i+1)
		default:
			continue
		}
		if end, ok := digitsAt(text, from); ok && isWordEnd(text, end) {
			return text[from:end], true
		}
	}
	return "", false
}

// The sides that suffer: an outcome that falls on one of them is bad for
// the one acting (ownSide), on a target good (otherSide).
var (
	ownSide   = []string{"ally", "allies", "attacker", "yourself", "herself", "himself"}
	otherSide = []string{"target", "targets", "enemy", "enemies", "foe", "foes", "opponent", "opponents"}
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
	if way, ok := shiftDirection(text); ok {
		shift = map[string]float64{"up": 0.5, "down": -0.5}[strings.ToLower(way)]
	}
	ws := ruleWords(nil, text)
	for i := len(effectScale) - 1; i >= 0; i-- {
		if e := effectScale[i]; e.says(text, ws) {
			// An amount orders changes of one kind: reduced by a d60 is
			// better than by a d40, enhanced by it worse.
			amount := 0.0
			if digits, ok := findAmount(text); ok && e.rank != 0 {
				n, _ := strconv.Atoi(digits)
				amount = float64(n) / 1000 * e.rank / max(e.rank, -e.rank)
			}
			return effectChanges, e.rank + shift + amount, true, true
		}
	}
	own, other := hasWord(ws, ownSide...), hasWord(ws, otherSide...)
	if move, count, ok := findMove(ws); ok {
		steps := moveWords[strings.ToLower(move)]
		if count != "" {
			n, _ := strconv.Atoi(count)
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
	if digits, ok := findAmount(text); ok {
		n, _ := strconv.Atoi(digits)
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
