package rules

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Roller throws dice. It draws from a PCG stream (math/rand/v2), whose output
// for a seed is fixed by its specification, and turns draws into faces with
// its own unbiased multiply-and-reject step rather than rand.Rand's helpers,
// which Go does not promise to keep; so a seed gives the same rolls on every
// platform and Go release, in the CLI and in the WebAssembly roller.
type Roller struct {
	source *rand.PCG
}

// NewRoller returns a Roller whose throws are fixed by seed.
func NewRoller(seed uint64) *Roller {
	return &Roller{source: rand.NewPCG(seed, seed)}
}

// index returns a uniformly drawn integer in [0, n), by Lemire's method: the
// high word of draw·n, redrawing the few draws that would bias it.
func (r *Roller) index(n int) int {
	bound := uint64(n)
	hi, lo := bits.Mul64(r.source.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(r.source.Uint64(), bound)
		}
	}
	return int(hi)
}

// face throws one die. A decile die with a tens die throws the tens die first,
// then the d10 for the ones.
func (r *Roller) face(d die) int64 {
	if d.hasTensDie() {
		tens := r.index(d.sides / 10)
		return int64(tens*10 + r.index(10))
	}
	return d.first + int64(r.index(d.sides))
}

// RollResult is one roll of an expression, with what a reader needs to follow
// it.
type RollResult struct {
	// Expr is the expression as written.
	Expr string
	// Outcome is the label of a named roll's result ("Complete Success");
	// empty for an expression whose outcomes are numbers.
	Outcome string
	// Value is the result of an expression whose outcomes are numbers; zero
	// for a named roll with labels.
	Value int64
	// Text is the breakdown for people: a first line with the roll (a
	// named roll in words, its expression in parentheses) and the result, then
	// one indented line per step (dice shown, kept and dropped, comparisons,
	// shifts applied, degree).
	Text string
	// Dice lists every physical die thrown, in order, for a roller to draw.
	Dice []RolledDie
}

// RolledDie is one physical die thrown. A decile die is two of them, its tens
// die and its d10, as on the table.
type RolledDie struct {
	Term    string // the part of the expression that threw it, e.g. "3d12kh2" or "dramatic +25"
	Sides   int    // faces on the physical die
	Face    int64  // the face it shows
	Dropped bool   // a keep or drop rule set it aside
}

// counted writes n things for a breakdown: "1 success", "2 successes".
func counted(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.FormatInt(n, 10) + " " + many
}

// recorder collects the breakdown of a roll as it happens.
type recorder struct {
	lines []string
	dice  []RolledDie
}

func (rec *recorder) line(parts ...string) { rec.lines = append(rec.lines, strings.Join(parts, "")) }

// die records the physical dice behind one face of d.
func (rec *recorder) die(term string, d die, face int64, dropped bool) {
	if d.hasTensDie() {
		rec.dice = append(rec.dice,
			RolledDie{Term: term, Sides: d.sides / 10, Face: face / 10, Dropped: dropped},
			RolledDie{Term: term, Sides: 10, Face: face % 10, Dropped: dropped})
		return
	}
	rec.dice = append(rec.dice, RolledDie{Term: term, Sides: d.sides, Face: face, Dropped: dropped})
}

// Roll throws the expression's dice with r.
func (e *Expr) Roll(r *Roller) RollResult {
	rec := &recorder{}
	result := RollResult{Expr: e.source}
	var text strings.Builder
	// A named roll's first line says it in words, the expression after
	// them, as the book prints it.
	written := strings.TrimSpace(e.source)
	if words := e.Description(); words != "" {
		written = words + " (" + written + ")"
	}
	var rolled int64
	if e.named != nil {
		rolled = e.named.roll(r, rec)
	} else {
		rolled = e.numeric.roll(r, rec)
	}
	if labels := e.Outcomes(); labels != nil {
		result.Outcome = labels[rolled]
		text.WriteString(written + " → " + result.Outcome)
	} else {
		result.Value = rolled
		text.WriteString(written + " = " + strconv.FormatInt(result.Value, 10))
	}
	for _, line := range rec.lines {
		text.WriteString("\n  " + line)
	}
	result.Text = text.String()
	result.Dice = rec.dice
	return result
}

// Roll parses expr in the named system context ("" for generic) and rolls it
// once with a Roller seeded with seed. It is the WebAssembly roller's entry
// point; errors are as Parse's, or an unknown system.
func Roll(expr, system string, seed uint64) (RollResult, error) {
	e, err := parseIn(expr, system)
	if err != nil {
		return RollResult{}, err
	}
	return e.Roll(NewRoller(seed)), nil
}

// parseIn parses expr in the system context named system.
func parseIn(expr, system string) (*Expr, error) {
	s, err := ParseSystem(system)
	if err != nil {
		return nil, err
	}
	return Parse(expr, s)
}
