package rules

import (
	"strconv"
	"sync"
)

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
	// Mean is the expected value of a numeric expression; nil when the
	// outcomes are labels. It is exact unless MeanApprox is set (see
	// Expr.Mean).
	Mean       *Ratio
	MeanApprox bool
	// Depth is the number of explosions each exploding die was followed
	// through; 0 when none explodes. The last row is then the chance of
	// the rolls beyond it.
	Depth int
}

// OddsRow is one outcome and its exact probability Num/Den, written in
// decimal because the numbers can be far beyond 64 bits (6^100 for 100d6).
type OddsRow struct {
	Outcome string  // the label, or the value in decimal
	Value   int64   // the value of a numeric outcome; the index of a label
	Num     string  // ways to get the outcome
	Den     string  // ways in all
	P       float64 // Num/Den, rounded, for charts
	// Beyond marks the row of the rolls past the depth (OddsTable.Depth):
	// its Outcome says so, its Value is the greatest value followed.
	Beyond bool
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
		mean, exact := e.meanOf(d)
		table.Mean, table.MeanApprox = &mean, !exact
		if e.Explodes() {
			table.Depth = e.Depth()
			row(BeyondLabel(table.Depth), d.Max(), d.Beyond())
			table.Rows[len(table.Rows)-1].Beyond = true
		}
		return table, nil
	}
	for i, label := range labels {
		row(label, int64(i), d.Prob(int64(i)))
	}
	return table, nil
}

// BeyondLabel names the rolls past a depth of explosions, for the row of
// their chance.
func BeyondLabel(depth int) string {
	return "beyond " + plural(depth, "1 explosion", strconv.Itoa(depth)+" explosions")
}

// Odds parses expr in the named system context ("" for generic) and computes
// its exact odds. The table is shared (see oddsMemo): read it, never change
// it.
func Odds(expr, system string) (*OddsTable, error) {
	key := oddsKey{expr, system}
	oddsMemo.Lock()
	known, ok := oddsMemo.tables[key]
	oddsMemo.Unlock()
	if ok {
		return known.table, known.err
	}
	e, err := parseIn(expr, system)
	var table *OddsTable
	if err == nil {
		table, err = e.Odds()
	}
	rows := 1
	if table != nil {
		rows += len(table.Rows)
	}
	oddsMemo.Lock()
	defer oddsMemo.Unlock()
	if oddsMemo.rows+rows > maxMemoRows {
		clear(oddsMemo.tables)
		oddsMemo.rows = 0
	}
	oddsMemo.tables[key] = memoOdds{table, err}
	oddsMemo.rows += rows
	return table, err
}

// oddsMemo keeps the odds Odds computed, by expression and system: a book
// asks for one roll's odds many times (the checks of each table that rolls
// it, each writer's chart of it, every rebuild galley serve makes), and an
// exact distribution of a pool or an exploding die takes milliseconds.
var oddsMemo = struct {
	sync.Mutex
	tables map[oddsKey]memoOdds
	// rows counts the tables' rows, each a row (an error one).
	rows int
}{tables: map[oddsKey]memoOdds{}}

// maxMemoRows bounds oddsMemo by the rows it holds, some 200 bytes each
// (a row of 100d6 holds two numbers of 78 digits), rather than by its
// tables, one of which can hold hundreds of rows: a long-running serve, or
// a hostile book of thousands of large rolls, would otherwise keep every
// one. Past it, the memo starts again.
const maxMemoRows = 1 << 16

type oddsKey struct{ expr, system string }

type memoOdds struct {
	table *OddsTable
	err   error
}
