package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/render/report"
	"github.com/galleyhq/galley/rules"
)

func newOddsCommand() *cobra.Command {
	var context systemFlags
	var asJSON bool
	var depth int
	cmd := &cobra.Command{
		Use:   "odds [flags] [EXPR]",
		Short: "Print the exact odds of a dice expression",
		Long: `Compute the exact distribution of a dice expression or named roll (see
"galley roll --help" for the notation) and print it as a table of percentages
with a bar chart. Odds are exact: counted, never sampled.

With --json, print {"expr", "words", "outcomes": [{"outcome", "num", "den", "p"}],
"mean"}: words is a named roll's description, left out for dice notation;
outcome is the named roll's label or the number; num/den is the exact
probability, as JSON integers that may exceed 2^53 (read them as big
integers); p is num/den rounded; mean is null for a named roll.

Exploding dice have no greatest result: each is followed through --depth
explosions (by default, as many as leave less than one chance in 10^12 of
more, at least 9), and the last row is the chance of the rolls beyond; the
JSON says "depth", marks that row "beyond": true, and "mean_exact": false
when the mean is of the rolls within the depth only.

EXPR is read in the system galley roll reads it in: the book's, by default.
Without EXPR, galley odds lists what that system accepts.`,
		Annotations: takesExpression,
		RunE: func(cmd *cobra.Command, args []string) error {
			system, from, err := context.context(cmd)
			if err != nil {
				return err
			}
			if len(args) == 0 {
				printAccepted(cmd.OutOrStdout(), "odds", system, from)
				return nil
			}
			expr := expression(args)
			e, err := parseExpression(expr, system, from)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("depth") {
				if depth < 1 || depth > rules.MaxDepth {
					return cannotRun(fmt.Errorf("--depth must be 1 to %d, not %d", rules.MaxDepth, depth))
				}
				e.SetDepth(depth)
			}
			table, err := e.Odds()
			if err != nil {
				return cannotRun(pointAt(expr, err))
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), oddsJSON(table, e.Description()))
			}
			printOdds(cmd.OutOrStdout(), table, e.Description())
			// As roll does: "2d12" in a book's directory is that book's
			// reading of it (fd100's is 0 to 22), which the reader must not
			// have to guess.
			if from != "" {
				fmt.Fprintf(cmd.OutOrStdout(), "(read in %s)\n", readIn(system, from))
			}
			return nil
		},
	}
	flags := cmd.Flags()
	context.add(flags)
	flags.BoolVar(&asJSON, "json", false, "print the exact distribution as JSON")
	flags.IntVar(&depth, "depth", 0, "follow each exploding die through `N` explosions (default: enough for 1 in 10^12)")
	return cmd
}

type oddsDocument struct {
	Expr      string        `json:"expr"`
	Words     string        `json:"words,omitempty"` // a named roll in words
	Outcomes  []outcomeJSON `json:"outcomes"`
	Mean      *float64      `json:"mean"`
	MeanExact *bool         `json:"mean_exact,omitempty"` // false when the mean is of the rolls within the depth
	Depth     int           `json:"depth,omitempty"`
}

type outcomeJSON struct {
	Outcome any         `json:"outcome"` // the label, or the number
	Num     json.Number `json:"num"`
	Den     json.Number `json:"den"`
	P       float64     `json:"p"`
	Beyond  bool        `json:"beyond,omitempty"` // the rolls past the depth
}

func oddsJSON(table *rules.OddsTable, words string) oddsDocument {
	doc := oddsDocument{Expr: table.Expr, Words: words, Outcomes: []outcomeJSON{}, Depth: table.Depth}
	for _, row := range table.Rows {
		var outcome any = row.Value
		if table.Named || row.Beyond {
			outcome = row.Outcome
		}
		doc.Outcomes = append(doc.Outcomes, outcomeJSON{Outcome: outcome, Num: json.Number(row.Num), Den: json.Number(row.Den), P: row.P, Beyond: row.Beyond})
	}
	if table.Mean != nil {
		mean := table.Mean.Float64()
		doc.Mean = &mean
	}
	if table.MeanApprox {
		exact := false
		doc.MeanExact = &exact
	}
	return doc
}

// barWidth is the length, in character cells, of the most likely outcome's
// bar.
const barWidth = 40

// printOdds writes the table: outcome, percentage and a bar scaled so the
// most likely outcome fills barWidth cells, drawn in eighths of a cell. A
// named roll is headed by its words, the expression after them.
func printOdds(out io.Writer, table *rules.OddsTable, words string) {
	expr := strings.TrimSpace(table.Expr)
	if words != "" {
		expr = words + " (" + expr + ")"
	}
	fmt.Fprintf(out, "exact odds of %s\n", expr)
	labelWidth, highest := 0, 0.0
	for _, row := range table.Rows {
		labelWidth = max(labelWidth, len([]rune(row.Outcome)))
		highest = max(highest, row.P)
	}
	for _, row := range table.Rows {
		pad := strings.Repeat(" ", labelWidth-len([]rune(row.Outcome)))
		label := pad + row.Outcome // numbers line up on the right
		if table.Named {
			label = row.Outcome + pad
		}
		line := fmt.Sprintf("  %s  %7s  %s", label, percent(row), bar(row.P, highest))
		fmt.Fprintln(out, strings.TrimRight(line, " "))
	}
	if table.Mean != nil {
		mean := decimal(table.Mean)
		if table.MeanApprox {
			mean = "≈ " + strings.TrimPrefix(mean, "≈ ") + " (of the rolls within the depth)"
		}
		fmt.Fprintf(out, "mean %s\n", mean)
	}
	if table.Depth > 0 {
		fmt.Fprintf(out, "each exploding die followed through %s; the last row is the chance of more\n", report.Count(table.Depth, "explosion"))
	}
}

// percent writes a probability as a percentage to two places, without
// rounding a possible outcome to zero.
func percent(row rules.OddsRow) string {
	if row.Num != "0" && row.P < 0.00005 {
		return "<0.01%"
	}
	return fmt.Sprintf("%.2f%%", 100*row.P)
}

func bar(p, highest float64) string {
	if highest == 0 {
		return ""
	}
	eighths := int(math.Round(p / highest * barWidth * 8))
	partial := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	return strings.Repeat("█", eighths/8) + partial[eighths%8]
}

// decimal writes r exactly when four decimal places suffice, else rounded
// with "≈".
func decimal(r *rules.Ratio) string {
	exact, _ := new(big.Rat).SetString(r.String())
	text := strings.TrimSuffix(strings.TrimRight(exact.FloatString(4), "0"), ".")
	if shown, _ := new(big.Rat).SetString(text); shown.Cmp(exact) == 0 {
		return text
	}
	return "≈ " + text
}
