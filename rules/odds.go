package rules

import "strconv"

// OddsTable is the exact distribution of an expression laid out for a table
// or a chart: one row per outcome, numbers ascending, a named roll's labels
// best first (including those that cannot happen, so a chart always shows
// every degree). Every row shares the denominator: the number of equally
// likely ways the dice can fall.
type OddsTable struct {
	Expr string
	// Named is set when the outcomes are labels; a named roll that comes to
	// a number is laid out as dice notation is.
	Named bool
	Rows  []OddsRow
	// Mean is the exact expected value of a numeric expression; nil when the
	// outcomes are labels.
	Mean *Ratio
}

// OddsRow is one outcome and its exact probability Num/Den, written in
// decimal because the numbers can be far beyond 64 bits (6^100 for 100d6).
type OddsRow struct {
	Outcome string  // the label, or the value in decimal
	Value   int64   // the value of a numeric outcome; the index of a label
	Num     string  // ways to get the outcome
	Den     string  // ways in all
	P       float64 // Num/Den, rounded, for charts
}

// Odds computes the exact odds of the expression.
func (e *Expr) Odds() (*OddsTable, error) {
	d, err := e.Dist()
	if err != nil {
		return nil, err
	}
	labels := e.Outcomes()
	table := &OddsTable{Expr: e.source, Named: labels != nil}
	den := d.total.String()
	row := func(outcome string, value int64, p Ratio) {
		table.Rows = append(table.Rows, OddsRow{Outcome: outcome, Value: value, Num: p.Num(), Den: den, P: p.Float64()})
	}
	if labels == nil {
		for i, v := range d.values {
			row(strconv.FormatInt(v, 10), v, d.Chance(i))
		}
		mean := d.Mean()
		table.Mean = &mean
		return table, nil
	}
	for i, label := range labels {
		row(label, int64(i), d.Prob(int64(i)))
	}
	return table, nil
}

// Odds parses expr in the named system context ("" for generic) and computes
// its exact odds. It is the WebAssembly roller's entry point for charts.
func Odds(expr, system string) (*OddsTable, error) {
	e, err := parseIn(expr, system)
	if err != nil {
		return nil, err
	}
	return e.Odds()
}
