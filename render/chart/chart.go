// Package chart lays out the bar chart of a distribution the rules engine
// computed exactly, for every writer that draws one: the site writes it as
// SVG (SVG, here), the PDF draws the same rectangles, lines and labels from
// Layout. Keeping the geometry in one place makes the two pictures agree.
package chart

import (
	"math/big"

	"github.com/galleyhq/galley/rules"
)

// Bar is one outcome of a distribution and its exact chance Num/Den.
type Bar struct {
	// Label is the outcome: a named roll's label ("Partial Success") or a
	// number in decimal.
	Label string
	// P is Num/Den, rounded, for drawing.
	P float64
	// Num and Den are the exact chance in decimal; they may be far beyond
	// 64 bits.
	Num, Den string
}

// Bars turns the engine's odds into bars, one per outcome in the engine's
// order: numbers ascending, a named roll's labels best first.
func Bars(odds *rules.OddsTable) []Bar {
	bars := make([]Bar, len(odds.Rows))
	for i, row := range odds.Rows {
		bars[i] = Bar{Label: row.Outcome, P: row.P, Num: row.Num, Den: row.Den}
	}
	return bars
}

// Fraction writes the bar's chance in lowest terms, "1/6" ("0" and "1" for
// the impossible and the certain), for a tooltip or a footnote that wants
// the exact value rather than the rounded percentage.
func (b Bar) Fraction() string {
	r, ok := new(big.Rat).SetString(b.Num + "/" + b.Den)
	if !ok {
		return b.Num + "/" + b.Den
	}
	return r.RatString()
}

// Title is what a chart of expr's odds, read in system, is called: "Exact
// odds of 2d12", and for a named roll that describes itself, its words
// with the expression after them, for a reader to copy into the roller:
// "Exact odds of +3 against 16, with advantage (2d12 mod=+3 target=16
// adv)".
func Title(expr, system string) string {
	if words := rules.Describe(expr, system); words != "" {
		return "Exact odds of " + words + " (" + expr + ")"
	}
	return "Exact odds of " + expr
}
