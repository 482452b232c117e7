package rules

import "strconv"

// Limits on what one expression may ask for. They exist so that a runaway
// such as 100000d100000 is refused at once, with the column to blame, instead
// of computing for minutes in the terminal or freezing the site's roller.
// Every tabletop roll is far inside them.
const (
	// MaxDice is the most dice one term may roll.
	MaxDice = 1000
	// MaxFaces is the most faces one die may have.
	MaxFaces = 1_000_000
	// MaxMagnitude bounds every number an expression can produce. It is the
	// largest integer a JavaScript number holds exactly, so the WebAssembly
	// roller shows the same values as the CLI.
	MaxMagnitude = 1<<53 - 1
	// MaxWork bounds the estimated work of an exact distribution. A unit is
	// one machine-word addition of counts with its overhead, about 3 ns on a
	// laptop, so the bound is about a second.
	MaxWork = 3e8
	// MaxNamedDice is the most dice a named pool roll may roll (seed pools
	// hold a dozen or two).
	MaxNamedDice = 100
	// MaxLength is the most characters an expression may have: a hundred
	// lines of a table cell, where a real roll takes a few dozen. It bounds
	// what reading an expression costs, and the depth of a chain such as
	// 1+1+…+1, which parsing, computing and rolling walk recursively.
	MaxLength = 10_000
	// MaxNesting is how deep parentheses and signs may nest, as in ((-(1))):
	// parsing and computing recurse once a level, and a manuscript's
	// million parentheses must be an error, not a stack overflow.
	MaxNesting = 256
)

// LimitError reports an expression that is well formed but too large to roll
// or to compute exactly. Col is the 1-based column, in characters, of the part
// of the expression that is too large.
type LimitError struct {
	Col int
	Msg string
}

// Error says what was refused and where, for a terminal or the roller.
func (e *LimitError) Error() string {
	return "dice expression refused at column " + strconv.Itoa(e.Col) + ": " + e.Msg
}

// Column returns the 1-based column, in characters, to point at.
func (e *LimitError) Column() int { return e.Col }

// estimate bounds the size of an exact distribution, worked out from the
// expression alone before any of it is computed.
type estimate struct {
	outcomes float64 // at most this many distinct outcomes
	bits     int     // a denominator of at most this many bits
}

// workTally adds up the estimated work of an exact distribution in the order
// it would be done, so that a runaway is refused at once, before any of it
// is done, blaming the part that would take the work over MaxWork.
type workTally struct {
	done float64
	over int // column of the part that takes the total over MaxWork; 0 while within it
}

// add counts work done by the part at col.
func (t *workTally) add(col int, work float64) {
	t.done += work
	if t.over == 0 && t.done > MaxWork {
		t.over = col
	}
}

// refuse returns a *LimitError when the work is beyond MaxWork.
func (t *workTally) refuse() error {
	if t.over == 0 {
		return nil
	}
	return &LimitError{Col: t.over, Msg: "too much work to compute exact odds (about " +
		strconv.FormatFloat(t.done, 'g', 2, 64) + " operations; galley allows " +
		strconv.FormatFloat(MaxWork, 'g', 2, 64) + ")"}
}

// wordCost is the cost of one arithmetic operation on numbers of the given
// size in bits: a fixed overhead plus one unit per machine word.
func wordCost(bits int) float64 { return 8 + float64(bits)/64 }
