//go:build js && wasm

// Command roller is the site's dice roller: the rules engine compiled to
// WebAssembly, so that the dice a reader rolls on the site are thrown by the
// same code that checked the book's tables. The site's roller.js loads it on
// the first roll and calls the two functions it puts on globalThis.galleyEngine:
//
//	roll(expr, system[, seed]) → {expr[, words], system, seed, value | outcome, text, dice}
//	odds(expr, system)         → {expr[, words], outcomes: [{outcome, num, den, p[, beyond]}], mean[, mean_exact, depth]}
//
// odds returns the object `galley odds --json` prints, as JSON.parse would
// read it. Either returns {error, column} for an expression the engine
// cannot read.
//
// It imports neither fmt nor encoding/json, each of which would add hundreds
// of kilobytes to the download: results are built as JavaScript objects.
package main

import (
	"math/rand/v2"
	"strconv"
	"syscall/js"

	"github.com/galleyhq/galley/rules"
)

// maxSafeSeed keeps seeds within the integers a JavaScript number holds
// exactly, so that a seed the page shows can be typed into `galley roll
// --seed` and give the same roll.
const maxSafeSeed = 1<<53 - 1

func main() {
	js.Global().Set("galleyEngine", js.ValueOf(map[string]any{
		"roll": js.FuncOf(roll),
		"odds": js.FuncOf(odds),
	}))
	// The functions live as long as the program does.
	select {}
}

// parse reads the expression and the system context from a call's
// arguments.
func parse(args []js.Value) (*rules.Expr, error) {
	expr, system := stringArg(args, 0), stringArg(args, 1)
	s, err := rules.ParseSystem(system)
	if err != nil {
		return nil, err
	}
	return rules.Parse(expr, s)
}

func stringArg(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}

// roll throws the expression once: with the seed given as the third
// argument, or with a fresh one, which the result reports.
func roll(_ js.Value, args []js.Value) any {
	e, err := parse(args)
	if err != nil {
		return failure(err)
	}
	seed := rand.Uint64N(maxSafeSeed + 1)
	if len(args) > 2 && args[2].Type() == js.TypeNumber {
		seed = uint64(args[2].Int())
	}
	result := e.Roll(rules.NewRoller(seed))
	dice := make([]any, len(result.Dice))
	for i, d := range result.Dice {
		dice[i] = map[string]any{"term": d.Term, "sides": d.Sides, "face": d.Face, "dropped": d.Dropped}
	}
	out := map[string]any{
		"expr":   result.Expr,
		"system": e.RollSystem(),
		"seed":   float64(seed),
		"text":   result.Text,
		"dice":   dice,
	}
	if words := e.Description(); words != "" {
		out["words"] = words
	}
	if result.Outcome != "" {
		out["outcome"] = result.Outcome
	} else {
		out["value"] = result.Value
	}
	return out
}

// odds computes the exact distribution, shaped as `galley odds --json`.
func odds(_ js.Value, args []js.Value) any {
	e, err := parse(args)
	if err != nil {
		return failure(err)
	}
	table, err := e.Odds()
	if err != nil {
		return failure(err)
	}
	outcomes := make([]any, len(table.Rows))
	for i, row := range table.Rows {
		var outcome any = row.Value
		if table.Named || row.Beyond {
			outcome = row.Outcome
		}
		o := map[string]any{"outcome": outcome, "num": decimal(row.Num), "den": decimal(row.Den), "p": row.P}
		if row.Beyond {
			o["beyond"] = true
		}
		outcomes[i] = o
	}
	var mean any // null for a named roll, as in the CLI's JSON
	if table.Mean != nil {
		mean = table.Mean.Float64()
	}
	out := map[string]any{"expr": table.Expr, "outcomes": outcomes, "mean": mean}
	if words := e.Description(); words != "" {
		out["words"] = words
	}
	if table.MeanApprox {
		out["mean_exact"] = false
	}
	if table.Depth > 0 {
		out["depth"] = table.Depth
	}
	return out
}

// decimal reads an exact count as the nearest JavaScript number, which is
// what JSON.parse makes of the CLI's big integers.
func decimal(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// failure reports an error and, when the engine knows it, the 1-based
// column of the expression it is about.
func failure(err error) any {
	out := map[string]any{"error": err.Error()}
	if positioned, ok := err.(interface{ Column() int }); ok {
		out["column"] = positioned.Column()
	}
	return out
}
