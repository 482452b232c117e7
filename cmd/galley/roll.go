package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/rules"
)

func newRollCommand() *cobra.Command {
	var context systemFlags
	var seed uint64
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "roll [flags] [EXPR]",
		Short: "Roll dice and show how the result came about",
		Long: `Roll a dice expression and print the result with its breakdown: the dice
thrown, which were kept and dropped, the comparisons and shifts of a named roll.

EXPR is dice notation, as Roll20, Foundry and Icepool write it:

` + notationLines("  ") + `
or a named roll of one of the systems:

` + namedRollLines(rules.GenericSystem.String(), "  ") + `
Some named rolls come to a number (Wounds, a Luck rating, a Turn), the
others to a labelled outcome; README.md ("Named rolls") says what each means.

EXPR is read in the system of the book galley build reads in this directory
(--book PATH names another), as the book's site rolls it, or in --system's;
with no book, in the generic system. Without EXPR, galley roll lists what
that system accepts.

The words of EXPR may be given as separate arguments, and may start with "-"
(galley roll -1d6). The same --seed gives the same roll everywhere; without
one, galley picks a seed and prints it.`,
		Annotations: takesExpression,
		RunE: func(cmd *cobra.Command, args []string) error {
			system, from, err := context.context(cmd)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				printAccepted(out, "roll", system, from)
				return nil
			}
			e, err := parseExpression(expression(args), system, from)
			if err != nil {
				return err
			}
			seedGiven := cmd.Flags().Changed("seed")
			if !seedGiven {
				seed = rand.Uint64()
			}
			result := e.Roll(rules.NewRoller(seed))
			if asJSON {
				return writeJSON(out, rollJSON(result, e.RollSystem(), seed))
			}
			fmt.Fprintln(out, result.Text)
			if from != "" {
				fmt.Fprintf(out, "(read in %s)\n", readIn(system, from))
			}
			if !seedGiven {
				fmt.Fprintf(out, "(seed %d)\n", seed)
			}
			return nil
		},
	}
	flags := cmd.Flags()
	context.add(flags)
	flags.Uint64Var(&seed, "seed", 0, "seed for the dice, to repeat a roll")
	flags.BoolVar(&asJSON, "json", false, "print the roll as JSON")
	return cmd
}

// notationForms are the forms of dice notation, each with what it means,
// for the help and the list a bare galley roll prints. README.md ("Dice
// notation") says more.
var notationForms = []struct{ forms, meaning string }{
	{"3d6+2  2d6*10  -d4", "dice and numbers, added, taken away, multiplied"},
	{"d%  dF  d60", "d100; a Fudge die, -1 to +1; a decile die 0-59 in fd100"},
	{"3d12kh2  4d12dl2", "keep the highest 2; drop the lowest 2 (kl and dh: the others)"},
	{"8d6>4  8d6>=5", "count the dice over 4; at least 5 (= < <= as well)"},
	{"6d6>4f1  8d10>7c10", "count, less one for each 1; count each 10 twice"},
	{"4d6r1  4d6ro<2", "reroll each 1 until none shows; reroll under 2 once"},
	{"3d6!  d10!>8", "explode: each 6 (each 9 and 10) throws one more die, added"},
	{"5d6!!  6d10!10>7", "compound the throws into one die; count every throw of a ! die"},
	{"{2d20kh1, 1d20+5}kh1", "the better of several rolls (kl: the worse; a bare group adds up)"},
}

// notationLines lists notationForms, one a line, indented by indent.
func notationLines(indent string) string {
	width := 0
	for _, f := range notationForms {
		width = max(width, len(f.forms))
	}
	var b strings.Builder
	for _, f := range notationForms {
		b.WriteString(indent + f.forms + strings.Repeat(" ", width-len(f.forms)) + "  " + f.meaning + "\n")
	}
	return b.String()
}

// takesExpression marks the commands whose arguments are the words of a
// dice expression, for protectExpressions.
var takesExpression = map[string]string{"expression": "words"}

// protectExpressions lets the words of a dice expression start with "-"
// (galley roll -1d6, galley odds 2d6 -1), which pflag would read as
// shorthand flags. It puts a space before each such word of a command
// takesExpression marks, which pflag then takes for an argument wherever it
// stands, among flags or after them, and expression trims away. A word is
// one when its "-" is followed by what may start a term (a digit, a die or a
// bracket): no flag of galley's starts so.
func protectExpressions(root *cobra.Command, args []string) []string {
	cmd, _, err := root.Find(args)
	if err != nil || cmd.Annotations["expression"] == "" {
		return args
	}
	protected := slices.Clone(args)
	for i, arg := range protected {
		if len(arg) > 1 && arg[0] == '-' && strings.ContainsRune("0123456789dD(", rune(arg[1])) {
			protected[i] = " " + arg
		}
	}
	return protected
}

// expression joins the words of a dice expression given as arguments.
func expression(words []string) string {
	trimmed := make([]string, len(words))
	for i, w := range words {
		trimmed[i] = strings.TrimSpace(w)
	}
	return strings.Join(trimmed, " ")
}

// rolledJSON is the --json form of a roll. Value is set for a numeric
// expression, Outcome for a named roll.
type rolledJSON struct {
	Expr    string    `json:"expr"`
	System  string    `json:"system"`
	Seed    uint64    `json:"seed"`
	Value   *int64    `json:"value,omitempty"`
	Outcome string    `json:"outcome,omitempty"`
	Text    string    `json:"text"`
	Dice    []dieJSON `json:"dice"`
}

type dieJSON struct {
	Term    string `json:"term"`
	Sides   int    `json:"sides"`
	Face    int64  `json:"face"`
	Dropped bool   `json:"dropped,omitempty"`
}

func rollJSON(result rules.RollResult, system string, seed uint64) rolledJSON {
	j := rolledJSON{Expr: result.Expr, System: system, Seed: seed, Outcome: result.Outcome, Text: result.Text, Dice: []dieJSON{}}
	if result.Outcome == "" {
		j.Value = &result.Value
	}
	for _, d := range result.Dice {
		j.Dice = append(j.Dice, dieJSON{Term: d.Term, Sides: d.Sides, Face: d.Face, Dropped: d.Dropped})
	}
	return j
}

// parseExpression reads expr in the named system context, which the book
// at from gives when from is not empty. A bad system or expression means
// galley cannot run (exit 2).
func parseExpression(expr, system, from string) (*rules.Expr, error) {
	s, err := rules.ParseSystem(system)
	if err != nil {
		if from != "" {
			err = fmt.Errorf("the book at %s: %w", from, err)
		}
		return nil, cannotRun(err)
	}
	e, err := rules.Parse(expr, s)
	if err != nil {
		return nil, cannotRun(pointAt(expr, err))
	}
	return e, nil
}

// expressionError shows an error in a dice expression the way compilers
// show errors: the message, then the expression with a caret under the
// column at fault.
type expressionError struct {
	err  error
	expr string
	col  int
}

// pointAt attaches expr to err when err knows the column it is about.
func pointAt(expr string, err error) error {
	var positioned interface{ Column() int }
	if !errors.As(err, &positioned) {
		return err
	}
	return &expressionError{err: err, expr: expr, col: positioned.Column()}
}

func (e *expressionError) Error() string {
	var caret strings.Builder
	for i, r := range []rune(e.expr) {
		if i+1 >= e.col {
			break
		}
		if r == '\t' {
			caret.WriteRune('\t')
		} else {
			caret.WriteRune(' ')
		}
	}
	for caret.Len() < e.col-1 { // the column just past the end
		caret.WriteRune(' ')
	}
	return fmt.Sprintf("%v\n  %s\n  %s^", e.err, e.expr, caret.String())
}

func (e *expressionError) Unwrap() error { return e.err }

// writeJSON prints v as indented JSON.
func writeJSON(out io.Writer, v any) error {
	encoder := json.NewEncoder(out)
	encoder.SetIndent("", "  ")
	return encoder.Encode(v)
}
